//! What several integration tests share.

/// The seed's accounts and their passwords.
pub const SEED_ACCOUNTS: [(&str, &str); 6] = [
    ("guest", "guest123"),
    ("maya_lind", "password123"),
    ("theo_builds", "password123"),
    ("priya_cooks", "password123"),
    ("jonas_trails", "password123"),
    ("lena_sketches", "password123"),
];
