//! The core in layers: the modules below the routes (rules, storage,
//! rendering, tokens, the boundary's types) never import from the routes,
//! the router, the API or the seed import above them, so a rule or a limit
//! lives where every layer can use it. Checked on each module's runtime
//! code (what comes before its first `#[cfg(test)]`).

const BELOW_ROUTES: [&str; 15] = [
    "auth",
    "base_path",
    "db",
    "error",
    "exchange",
    "model",
    "order",
    "rules",
    "search",
    "seed",
    "settings",
    "snapshot",
    "time",
    "unicode",
    "views",
];
const ABOVE: [&str; 4] = [
    "crate::routes",
    "crate::router",
    "crate::api",
    "crate::seed_import",
];

fn runtime_code(module: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/{module}.rs"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.split("#[cfg(test)]")
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn nothing_below_the_routes_imports_from_above() {
    for module in BELOW_ROUTES {
        let code = runtime_code(module);
        for above in ABOVE {
            assert!(
                !code.contains(above),
                "src/{module}.rs imports from {above}"
            );
        }
    }
    // The leaves import nothing of the crate but one another.
    for (leaf, allowed) in [
        ("exchange", &[][..]),
        ("unicode", &[][..]),
        ("rules", &["crate::error", "crate::unicode"][..]),
    ] {
        let code = runtime_code(leaf);
        for import in code.match_indices("crate::").map(|(i, _)| &code[i..]) {
            let module: String = import
                .chars()
                .take_while(|c| *c == ':' || c.is_alphanumeric() || *c == '_')
                .collect();
            assert!(
                allowed.iter().any(|a| module.starts_with(a)),
                "src/{leaf}.rs imports {module}"
            );
        }
    }
    assert!(runtime_code("base_path").contains("crate::rules::check_media_path"));
}
