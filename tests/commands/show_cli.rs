//! `kensho show`: the board drawn with the setup and zones, the piece, rule and reading tables,
//! and readings switched from the command line.

use std::process::Command;

fn show(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kensho"))
        .env("KENSHO_WIDTH", "0")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("show")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn shogi_board_is_the_standard_start_with_the_zone_marked() {
    let (code, out, err) = show(&["specs/shogi.toml"]);
    assert_eq!(code, Some(0), "{err}");
    // Rank 1 from file a: lance, knight, silver, gold, king, gold, silver, knight, lance; the
    // second player's pieces (lower case, as in position strings) mirror it on rank 9; rank 7
    // is in the first player's promotion zone and holds the second player's pawns.
    assert!(out.contains("  1 L N S G K G S N L"), "{out}");
    assert!(out.contains("  9 l n s g k g s n l"), "{out}");
    assert!(out.contains("  8 + r + + + + + b +"), "{out}");
    assert!(out.contains("  2 . B . . . . . R .\n"), "{out}");
    assert!(out.contains("+ promotion"));
    assert!(out.contains("rules.drops.nifu"));
}

#[test]
fn a_reading_switched_on_the_command_line_changes_the_board() {
    // Mitsugumi's setup list puts the Kirin on f2 where the configuration has e2.
    let (_, default, _) = show(&["specs/mitsugumi.toml"]);
    let (code, switched, err) = show(&["specs/mitsugumi.toml", "--reading", "setup-kirin=setup-list"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(default.contains("  2 VM  B CS WB KY BG"), "{default}");
    assert!(switched.contains("setup-kirin=setup-list"), "{switched}");
    assert!(switched.contains("  2 VM  B CS WB BG KY"), "{switched}");
}

#[test]
fn bad_readings_and_specs_exit_2() {
    let (code, _, err) = show(&["specs/ryu.toml", "--reading", "nope=x"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown reading 'nope'"), "{err}");
    let (code, _, err) = show(&["specs/ryu.toml", "--reading", "setup-rows=nope"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("has no option 'nope'"), "{err}");
    let (code, _, err) = show(&["specs/ryu.toml", "--reading", "setup-rows"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("expected READING=OPTION"), "{err}");
    let (code, _, _) = show(&["specs/none.toml"]);
    assert_eq!(code, Some(2));
}

#[test]
fn json_lists_pieces_setup_and_rules() {
    let (code, out, _) = show(&["specs/xiangqi.toml", "--format", "json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["board"], "9x10");
    assert_eq!(v["setup"].as_array().unwrap().len(), 32);
    assert!(v["pieces"].as_array().unwrap().iter().any(|p| p["id"] == "C" && p["betza"] == "mRcpR"));
}
