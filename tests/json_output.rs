//! `--format json` (issue 37): `solve`, `count`, `check`, `grade`, `cover` and `merge-counts`
//! print one JSON object per record with stable field names, parsed here by serde_json; a
//! shard's JSON carries its problem fingerprint, shard and every counter, and `merge-counts`
//! reads it, refusing a missing counter instead of taking 0.

mod common;
use common::{run_sudolab, scratch};
use serde_json::Value;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// The objects printed by `sudolab args`, one per line, and the exit code.
fn objects(args: &[&str]) -> (Vec<Value>, Option<i32>) {
    let output = run_sudolab(args);
    let text = String::from_utf8(output.stdout).unwrap();
    let objects = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect();
    (objects, output.status.code())
}

/// A file of three records: the unique puzzle, one with many solutions, a malformed line.
fn three_records(name: &str) -> String {
    let dir = scratch(name);
    let file = dir.join("three.txt");
    let multiple = format!("..{}", &WIKIPEDIA[2..]);
    std::fs::write(&file, format!("{WIKIPEDIA}\n{multiple}\nxx\n")).unwrap();
    file.display().to_string()
}

#[test]
fn solve_prints_an_object_per_record() {
    let file = three_records("json-solve");
    let (records, code) = objects(&["solve", "--format", "json", &file]);
    assert_eq!(code, Some(1), "one record has no unique solution");
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["status"], "unique");
    assert_eq!(records[0]["solution"], SOLUTION);
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["source"], file.as_str());
    assert_eq!(records[1]["status"], "multiple");
    assert_eq!(records[1]["solution"], Value::Null);
    assert_eq!(records[2]["status"], "error");
    assert!(records[2]["message"]
        .as_str()
        .unwrap()
        .contains("line 3, column 1"));
}

#[test]
fn count_prints_solutions_and_effort() {
    let file = three_records("json-count");
    let (records, code) = objects(&["count", "--format", "json", "--limit", "2", &file]);
    assert_eq!(code, Some(1), "the malformed record");
    assert_eq!(records[0]["status"], "counted");
    assert_eq!(records[0]["solutions"], 1);
    assert_eq!(records[0]["capped"], false);
    assert!(records[0]["nodes"].as_u64().unwrap() >= 1);
    // Two blanks more than the unique puzzle: two solutions, so the count stops at the limit.
    assert_eq!(records[1]["solutions"], 2);
    assert_eq!(records[1]["capped"], true);
    assert_eq!(records[2]["status"], "error");
}

#[test]
fn check_prints_verdicts() {
    let file = three_records("json-check");
    let (records, code) = objects(&["check", "--format", "json", &file]);
    assert_eq!(code, Some(1));
    assert_eq!(records[0]["status"], "unique");
    assert_eq!(records[0]["ok"], true);
    assert_eq!(records[1]["ok"], false);
    assert_eq!(records[1]["problem"], "not a valid puzzle");
    assert_eq!(records[2]["status"], "error");
    // Against a stated answer.
    let dir = scratch("json-check-expected");
    let stated = dir.join("stated.txt");
    std::fs::write(&stated, format!("{WIKIPEDIA}:2:\n")).unwrap();
    let (records, code) = objects(&[
        "check",
        "--expected",
        "--format",
        "json",
        stated.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(records[0]["expected"], "2");
    assert_eq!(records[0]["found"], "1");
    assert_eq!(records[0]["ok"], false);
}

#[test]
fn grade_prints_ratings_and_techniques() {
    let (records, code) = objects(&["grade", "--format", "json", WIKIPEDIA]);
    assert_eq!(code, Some(0));
    let record = &records[0];
    assert_eq!(record["status"], "rated");
    assert_eq!(record["er"], 1.2);
    assert_eq!(record["ep"], 1.2);
    assert_eq!(record["ed"], 1.2);
    assert_eq!(record["hardest"], "Hidden single (box)");
    assert_eq!(record["puzzle"], WIKIPEDIA);
    let steps: u64 = record["steps"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(steps, 51, "one step per empty cell");
    let file = three_records("json-grade");
    let (records, code) = objects(&["grade", "--format", "json", &file]);
    assert_eq!(code, Some(1));
    assert_eq!(records.len(), 3);
    assert_eq!(records[1]["status"], "not rated");
    assert_eq!(records[2]["status"], "error");
}

#[test]
fn cover_prints_counters_for_every_engine() {
    for engine in ["dlx", "dc", "memo", "bits", "sat"] {
        let (records, code) = objects(&[
            "cover",
            "--langford",
            "7",
            "--engine",
            engine,
            "--format",
            "json",
            "--print",
            "1",
        ]);
        assert_eq!(code, Some(0), "{engine}");
        let record = &records[0];
        assert_eq!(record["solutions"], 52, "{engine}");
        assert_eq!(record["engine"], engine);
        assert_eq!(record["primary_items"], 21);
        assert_eq!(record["options"], 63);
        assert_eq!(record["stopped"], Value::Null);
        assert_eq!(record["printed"].as_array().unwrap().len(), 1, "{engine}");
        if engine == "dlx" {
            assert_eq!(record["nodes"], 607, "DLX1's nodes for langford 7");
        }
    }
    // A stopped count says so, and exits 1.
    let (records, code) = objects(&[
        "cover",
        "--langford",
        "11",
        "--max-nodes",
        "100",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(1));
    assert!(records[0]["stopped"].is_string());
}

#[test]
fn shards_in_json_merge_and_a_missing_counter_is_refused() {
    let dir = scratch("json-shards");
    let mut files = Vec::new();
    for k in 1..=3 {
        let (records, code) = objects(&[
            "cover",
            "--langford",
            "11",
            "--shard",
            &format!("{k}/3"),
            "--format",
            "json",
            "-q",
        ]);
        assert_eq!(code, Some(0));
        let shard = &records[0];
        assert_eq!(shard["shard"], format!("{k}/3"));
        for key in [
            "problem",
            "check",
            "solutions",
            "nodes",
            "updates",
            "mems",
            "guesses",
        ] {
            assert!(!shard[key].is_null(), "{key}");
        }
        let file = dir.join(format!("shard-{k}.json"));
        std::fs::write(&file, format!("{shard}\n")).unwrap();
        files.push(file.display().to_string());
    }
    let mut args = vec!["merge-counts", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let (merged, code) = objects(&args);
    assert_eq!(code, Some(0));
    let (whole, _) = objects(&["cover", "--langford", "11", "--mems", "--format", "json"]);
    for key in ["solutions", "nodes", "updates", "mems"] {
        assert_eq!(merged[0][key], whole[0][key], "{key}");
    }
    assert_eq!(merged[0]["shards"], 3);
    // A counter taken out is refused by name, not summed as 0.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let mut object: serde_json::Map<String, Value> = serde_json::from_str(&text).unwrap();
    object.remove("updates");
    std::fs::write(&files[0], Value::Object(object).to_string()).unwrap();
    let output = run_sudolab(&args);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("shard-1.json: no updates counter"),
        "{stderr}"
    );
}

#[test]
fn split_counts_and_estimates_of_a_puzzle_print_objects_too() {
    let puzzle = format!("..{}", &WIKIPEDIA[2..]);
    let (records, code) = objects(&[
        "count",
        "--format",
        "json",
        "--limit",
        "0",
        "--threads",
        "2",
        &puzzle,
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(records[0]["solutions"], 2);
    assert_eq!(records[0]["status"], "counted");
    assert_eq!(records[0]["shard"], Value::Null);
    assert_eq!(records[0]["threads"], 2);
    let (records, code) = objects(&[
        "count", "--format", "json", "--limit", "0", "--shard", "1/2", &puzzle,
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(records[0]["shard"], "1/2");
    assert!(records[0]["check"].is_string() && records[0]["problem"].is_string());
    assert_eq!(records[0]["line"], 1);
    let (records, code) = objects(&[
        "cover",
        "--langford",
        "11",
        "--estimate",
        "100",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(records[0]["probes"], 100);
    assert!(records[0]["nodes"].as_f64().unwrap() > 0.0);
    assert!(records[0]["nodes_min"].as_f64().unwrap() <= records[0]["nodes_max"].as_f64().unwrap());
}
