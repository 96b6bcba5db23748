//! Every input the fuzzer ever found a problem with, replayed through its target: each file in
//! `tests/fuzz/regressions/<target>/` must now pass without a panic. The seed inputs are
//! replayed too, so the targets themselves are exercised by every `cargo test`.

#[path = "fuzz/targets.rs"]
mod targets;

use std::path::Path;

fn replay(folder: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz")
        .join(folder);
    let mut replayed = 0;
    for (name, target) in targets::TARGETS {
        let Ok(entries) = std::fs::read_dir(root.join(name)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            eprintln!("{name}: {}", path.display());
            target(&data);
            replayed += 1;
        }
    }
    replayed
}

#[test]
fn saved_findings_no_longer_fail() {
    // At least the byte-order-mark item name the dlx target found (2026-12-03).
    assert!(replay("regressions") >= 1, "no saved finding was replayed");
}

#[test]
fn seeds_pass_every_target() {
    assert!(replay("seeds") >= targets::TARGETS.len());
}
