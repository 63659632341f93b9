//! The report's self-play section (`kensho report --evaluate-games N`, docs/report.md): its JSON
//! checked against the spec file and against sums and the Wilson interval worked out here, its
//! HTML and Markdown with their pictures; and the reasons a spec gets no section. (A report
//! without the option is checked in report_cli.rs.)

use crate::common::report as common;

use common::{json, read, report_with, scratch};
use std::collections::BTreeSet;
use std::path::Path;

/// The Wilson score interval of `k` successes in `n` trials at z = 1.959964 (Wilson 1927;
/// Newcombe 1998, method 3), written out here apart from the crate's.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.959_963_984_540_054;
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    ((centre - half) / denominator, (centre + half) / denominator)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// The `[[piece]]` ids of a spec file and the royal ones, read as plain TOML.
fn pieces_of(spec: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let doc: toml::Value = toml::from_str(&read(Path::new(spec))).expect("the spec is TOML");
    let pieces = doc["piece"].as_array().expect("[[piece]] tables");
    let id = |p: &toml::Value| p["id"].as_str().unwrap().to_string();
    let royal = |p: &&toml::Value| p.get("royal").and_then(toml::Value::as_bool) == Some(true);
    (pieces.iter().map(id).collect(), pieces.iter().filter(royal).map(id).collect())
}

/// The text of the page's `<section id="ID">`, up to its end.
fn section<'a>(page: &'a str, id: &str) -> &'a str {
    let start = page.find(&format!("<section id=\"{id}\">")).unwrap_or_else(|| panic!("no section {id}"));
    let len = page[start..].find("</section>").expect("the section ends");
    &page[start..start + len]
}

#[test]
fn self_play_games_give_the_section_in_json_html_and_markdown() {
    let out = scratch("report-selfplay").join("report");
    report_with(&["specs/minishogi.toml"], &out, &["--evaluate-games", "2", "--evaluate-nodes", "100"]);
    let v = json(&out.join("minishogi.json"));
    assert!(v["evaluation_skipped"].is_null(), "{}", v["evaluation_skipped"]);
    let e = &v["evaluation"];
    // The options given, the defaults (200 plies, 4 opening plies) and the report's seed.
    for (field, want) in [("games", 2), ("nodes", 100), ("plies", 200), ("opening_plies", 4), ("seed", 7)] {
        assert_eq!(e[field], want, "{field}");
    }
    let n = |k: &str| e[k].as_u64().unwrap_or_else(|| panic!("{k}: {}", e[k]));
    let f = |k: &str| e[k].as_f64().unwrap_or_else(|| panic!("{k}: {}", e[k]));
    let (won, lost, drawn, unfinished) = (n("first_wins"), n("second_wins"), n("draws"), n("unfinished"));
    assert_eq!(won + lost + drawn + unfinished, 2, "every game has one result: {e}");
    // A win is a point, a draw or an unfinished game half a point each side.
    let halves = (drawn + unfinished) as f64 / 2.0;
    let first_points = won as f64 + halves;
    assert!(close(f("first_score"), first_points / 2.0), "{e}");
    assert!(close(f("second_score"), (lost as f64 + halves) / 2.0), "{e}");
    assert!(close(f("draw_share"), drawn as f64 / 2.0), "{e}");
    assert!(close(f("decided_share"), (won + lost) as f64 / 2.0), "{e}");
    for (score, interval, k) in [
        ("first_score", "first_interval", first_points),
        ("second_score", "second_interval", 2.0 - first_points),
        ("draw_share", "draw_interval", drawn as f64),
        ("decided_share", "decided_interval", (won + lost) as f64),
    ] {
        let (low, high) = (e[interval]["low"].as_f64().unwrap(), e[interval]["high"].as_f64().unwrap());
        assert!(0.0 <= low && low <= f(score) && f(score) <= high && high <= 1.0, "{interval}: {e}");
        let (want_low, want_high) = wilson(k, 2.0);
        assert!(close(low, want_low.max(0.0)) && close(high, want_high.min(1.0)), "{interval}: {e}");
    }
    // The endings share out the games and their results.
    let endings = e["endings"].as_array().unwrap();
    let sum = |k: &str| endings.iter().map(|x| x[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!((sum("games"), sum("first_wins"), sum("second_wins"), sum("draws")), (2, won, lost, drawn + unfinished));
    // Lengths: ordered quartiles within the cap, the mean between the shortest and the longest,
    // and the histogram holds both games.
    let l = &e["lengths"];
    let q: Vec<f64> = ["min", "q1", "median", "q3", "max"].iter().map(|k| l[k].as_f64().unwrap()).collect();
    assert!(q.windows(2).all(|w| w[0] <= w[1]) && q[4] <= 200.0, "{l}");
    let mean = l["mean"].as_f64().unwrap();
    assert!(q[0] <= mean && mean <= q[4], "{l}");
    let binned: u64 = e["histogram"].as_array().unwrap().iter().map(|b| b["count"].as_u64().unwrap()).sum();
    assert_eq!(binned, 2);
    // Every piece of the spec file has a value, the royal ones marked; the unit is worth 1.
    let (ids, royals) = pieces_of("specs/minishogi.toml");
    let pieces = e["pieces"].as_array().unwrap();
    let got: BTreeSet<String> = pieces.iter().map(|p| p["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(got, ids);
    let got_royal: BTreeSet<String> =
        pieces.iter().filter(|p| p["royal"] == true).map(|p| p["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(got_royal, royals);
    assert!(pieces.iter().all(|p| p["value"].as_f64().is_some_and(f64::is_finite)), "{}", e["pieces"]);
    let unit = pieces.iter().find(|p| p["id"] == e["value_unit"]).expect("the unit is one of the pieces");
    assert!(close(unit["value"].as_f64().unwrap(), 1.0), "{unit}");
    assert!(v["run"]["seconds"]["evaluation"].as_f64().is_some(), "the stage is timed");

    // The page: the figures, the three pictures, the King left out of the values, the cap.
    let html = read(&out.join("minishogi.html"));
    let s = section(&html, "selfplay");
    assert!(s.contains("<h2>Self-play</h2>") && s.contains("<td>first player&#39;s score</td>"), "{s}");
    assert!(s.contains("games per minute"), "the rate is shown");
    let svgs: Vec<&str> = s.split("<svg").skip(1).collect();
    assert_eq!(svgs.len(), 3, "three pictures");
    assert!(svgs[0].contains("ply cap"), "the histogram marks the cap");
    assert!(svgs[1].contains(">first player</text>") && svgs[1].contains(">draws</text>"));
    assert!(svgs[2].contains(">Rook</text>") && !svgs[2].contains(">King</text>"), "royal pieces left out");
    assert!(html.contains("href=\"#selfplay\""), "the page's links name the section");

    // The Markdown: the same section, its pictures written beside it as whole SVG files.
    let md = read(&out.join("minishogi.md"));
    let at = md.find("\n## Self-play\n").expect("the Markdown section");
    let part = &md[at..md[at..].find("\n## Run").map_or(md.len(), |end| at + end)];
    assert!(part.contains("| first player's score |"), "{part}");
    let links: Vec<&str> = part.split("](").skip(1).filter_map(|rest| rest.split(')').next()).collect();
    assert_eq!(
        links,
        ["minishogi/selfplay-lengths.svg", "minishogi/selfplay-scores.svg", "minishogi/selfplay-values.svg"]
    );
    for l in links {
        let svg = read(&out.join(l));
        assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"), "{l} is a whole SVG file");
    }
}

#[test]
fn a_spec_whose_games_cannot_be_watched_says_why_it_has_no_self_play() {
    // Minishogi with its properties file unreadable: `kensho evaluate` watches the games with
    // it, so it stops, and the report says why in place of the section (the rest of the report
    // is written: the invariants are skipped for the same reason).
    let dir = scratch("report-selfplay-skipped");
    for sub in ["specs", "properties"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    std::fs::copy("specs/minishogi.toml", dir.join("specs/minishogi.toml")).unwrap();
    std::fs::write(dir.join("properties/minishogi.toml"), "this is = = not TOML\n").unwrap();
    let out = dir.join("report");
    report_with(
        &[&dir.join("specs/minishogi.toml").to_string_lossy()],
        &out,
        &["--evaluate-games", "1", "--evaluate-nodes", "50"],
    );
    let v = json(&out.join("minishogi.json"));
    assert!(v["evaluation"].is_null());
    let why = v["evaluation_skipped"].as_str().expect("a reason");
    assert!(why.contains("properties/minishogi.toml"), "names the file: {why}");
    assert!(
        v["check"].is_null() && v["check_skipped"].as_str().is_some_and(|c| c.contains("properties/minishogi.toml"))
    );
    let first_line = why.lines().next().unwrap();
    let html = read(&out.join("minishogi.html"));
    let s = section(&html, "selfplay");
    assert!(s.contains("Self-play did not run: ") && !s.contains("<svg"), "{s}");
    assert!(s.contains(&first_line.replace('\'', "&#39;").replace('"', "&quot;")), "{s}");
    let md = read(&out.join("minishogi.md"));
    assert!(md.contains("## Self-play\n\nSelf-play did not run: "), "{md}");
}
