//! No import circles between the core's modules: each file's runtime code
//! (before its first `#[cfg(test)]`) names others with `crate::…` paths; a
//! module that reaches itself again through them cannot be read or moved
//! alone. The circles of today are listed in `KNOWN`, each with its way
//! out; a new one fails, and so does one that is gone (take it off).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Circles not ended yet: their modules, sorted, and how each ends.
const KNOWN: [(&[&str], &str); 4] = [
    (
        &["base_path", "db"],
        "base_path names `Db` (the media URLs it rewrites) and db names base_path: the rewrite takes \
         the URLs it changes, not the store, so that base_path sits below db",
    ),
    (
        &["error", "rules"],
        "error quotes rules' limits (MAX_POST_CHARS) in its messages while rules returns ApiError: \
         the limits move to a module of their own below both",
    ),
    (
        &[
            "events",
            "router",
            "routes",
            "routes::discover",
            "routes::feeds",
            "routes::notifications",
        ],
        "events renders with the routes' views (notifications' view, unread) and names router's Method, \
         while the router lists events' streamed route and the routes publish events: the views move \
         to views, the streamed route's description to events' own table read by the contract",
    ),
    (
        &["seed_import", "seed_refs"],
        "seed_refs fills in seed_import's SeedReport while seed_import resolves with seed_refs: the \
         report moves to a module of its own that both write",
    ),
];

/// The module a source file is (`routes/posts.rs` → `routes::posts`, `routes/mod.rs` → `routes`, `lib.rs` → the crate).
fn module_of(relative: &Path) -> String {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// Every module's runtime code, by module path; test files (`*_tests.rs`, `testing.rs`) are left out.
fn sources(root: &Path) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !name.ends_with(".rs") || name.ends_with("_tests.rs") || name == "testing.rs" {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(relative) = path.strip_prefix(root) else {
                continue;
            };
            let runtime = text
                .split("#[cfg(test)]")
                .next()
                .unwrap_or_default()
                .to_owned();
            found.insert(module_of(relative), runtime);
        }
    }
    found
}

/// The modules each one names with `crate::…` (the longest module path a name starts with), itself left out.
fn edges(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut edges = BTreeMap::new();
    for (module, code) in sources {
        let mut to = BTreeSet::new();
        for (at, _) in code.match_indices("crate::") {
            let path: String = code[at + "crate::".len()..]
                .chars()
                .take_while(|c| *c == ':' || c.is_alphanumeric() || *c == '_')
                .collect();
            let steps: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            let named = (1..=steps.len())
                .rev()
                .map(|n| steps[..n].join("::"))
                .find(|candidate| sources.contains_key(candidate));
            if let Some(named) = named {
                if &named != module {
                    to.insert(named);
                }
            }
        }
        edges.insert(module.clone(), to);
    }
    edges
}

/// The graph's circles: its strongly connected parts of more than one module (Tarjan's), each sorted.
pub fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let at = self.index.len();
            self.index.insert(node, at);
            self.low.insert(node, at);
            self.stack.push(node);
            self.on_stack.insert(node);
            let edges = self.edges;
            for to in edges.get(node).into_iter().flatten() {
                let to = to.as_str();
                if !self.index.contains_key(to) {
                    self.visit(to);
                    let low = self.low[node].min(self.low[to]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(to) {
                    let low = self.low[node].min(self.index[to]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] != self.index[node] {
                return;
            }
            let mut part = Vec::new();
            while let Some(member) = self.stack.pop() {
                self.on_stack.remove(member);
                part.push(member.to_owned());
                if member == node {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                self.found.push(part);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found.sort();
    walk.found
}

#[test]
fn the_modules_import_one_another_without_circles_beyond_the_known() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = circles(&edges(&sources(&root)));
    let known: Vec<Vec<String>> = KNOWN
        .iter()
        .map(|(modules, _)| modules.iter().map(|m| (*m).to_owned()).collect())
        .collect();
    let fresh: Vec<_> = found.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<_> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(
        fresh.is_empty(),
        "import circles among the core's modules: {fresh:?}"
    );
    assert!(
        gone.is_empty(),
        "no longer circles, take them off KNOWN: {gone:?}"
    );
}

#[test]
fn a_planted_circle_is_found_and_a_chain_is_not() {
    let graph = |pairs: &[(&str, &str)]| {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in pairs {
            edges
                .entry((*from).to_owned())
                .or_default()
                .insert((*to).to_owned());
            edges.entry((*to).to_owned()).or_default();
        }
        edges
    };
    let chain = graph(&[
        ("routes::posts", "rules"),
        ("rules", "error"),
        ("router", "routes::posts"),
    ]);
    assert!(circles(&chain).is_empty());
    let planted = graph(&[
        ("routes::posts", "rules"),
        ("rules", "error"),
        ("error", "routes::posts"),
        ("db", "error"),
    ]);
    assert_eq!(
        circles(&planted),
        vec![vec![
            "error".to_owned(),
            "routes::posts".to_owned(),
            "rules".to_owned()
        ]]
    );
    // A file's `crate::` names become edges, its tests left out.
    let mut files = BTreeMap::new();
    files.insert("error".to_owned(), "use crate::rules::limit;".to_owned());
    files.insert(
        "rules".to_owned(),
        "fn f() { crate::error::ApiError::X }".to_owned(),
    );
    assert_eq!(circles(&edges(&files)).len(), 1);
}
