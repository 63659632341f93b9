//! Inputs the fuzzers (or the hostile-input review of issue 26) found, kept as tests: each must
//! be refused, or read, without a panic and quickly.

use crate::harness::Reader;
use crate::readers;

fn passes(reader: fn() -> Reader, input: &str) {
    let reader = reader();
    let start = std::time::Instant::now();
    (reader.run)(input);
    assert!(start.elapsed() < crate::harness::CASE_LIMIT, "{input:?} took {:?}", start.elapsed());
}

/// Deep nesting and strings whose moves explode (items 1 and 2 of issue 26).
#[test]
fn hostile_xbetza_strings() {
    let inputs = [
        "(".repeat(100_000),
        "aaaaaaaaaaK".to_string(),
        "(a)9(a)9(a)9Q".to_string(),
        "Bvf(a)9R".to_string(),
        // Found by review: unrolled into 16 million chains before counting them.
        "((f)9(f)9(f)9(f)3)2K".to_string(),
        format!("(({})9)9K", "f".repeat(200)),
    ];
    for input in inputs {
        passes(readers::xbetza, &input);
    }
}

/// A reading that sets a path of 2,005 segments (`piece.P.ability.zone.ability.zone...`): the
/// tables created for it were so deep that dropping them overflowed a thread's stack (an abort
/// the fuzzer found at case 506,842 of seed 2026). Now refused as a path too long.
#[test]
fn a_reading_that_sets_a_path_thousands_of_segments_deep() {
    let ryu = std::fs::read_to_string("specs/ryu.toml").expect("specs/ryu.toml");
    let key = "set = { \"piece.P.ability.zone-moves.third\"";
    assert!(ryu.contains(key), "the reading this test deepens");
    let path = format!("piece.P{}.ability.zone-moves.third", ".ability.zone".repeat(1000));
    // In the last option that sets it (a non-default one, as the fuzzer's case had it).
    let at = ryu.rfind(key).expect("the key");
    let deep = format!("{}set = {{ \"{path}\"{}", &ryu[..at], &ryu[at + key.len()..]);
    passes(readers::spec_toml, &deep);
    let err = kensho::spec::load::parse("ryu.toml", &deep).expect_err("refused").to_string();
    assert!(err.contains("a path of 2005 segments"), "{err}");
}

/// A setup naming one square thousands of times: each repeat is a problem, and each problem was
/// placed in the file by parsing the whole file again (the fuzzer's case 691 of seed
/// 1795801234421947268 took 2.4 s). The file is now parsed once for all of them.
#[test]
fn a_setup_naming_one_square_thousands_of_times() {
    let ryu = std::fs::read_to_string("specs/ryu.toml").expect("specs/ryu.toml");
    let line = "LW = \"c2\"";
    assert!(ryu.contains(line), "the setup line this test repeats");
    let repeated = ryu.replacen(line, &format!("LW = \"c2{}\"", ",c2".repeat(3000)), 1);
    passes(readers::spec_toml, &repeated);
    let err = kensho::spec::load::parse("ryu.toml", &repeated).expect_err("refused").to_string();
    assert!(err.contains("setup square c2 holds both LW and LW"), "{err}");
}
