//! The HTML report in a real browser: headless Chromium (Debian's `chromium`; `.ci/run`
//! installs it when missing; `KENSHO_CHROMIUM` names another binary; without one these tests
//! skip, or fail under `KENSHO_REQUIRE_BROWSER=1`: tests/common/outside.rs) loads the pages from
//! file:// with every network feature off, and the test checks that they load without a single
//! console message (errors, failed loads and warnings all land there), that the filter script
//! ran, and that the parts the JSON promises are in the DOM. It also takes the screenshot the
//! README shows (target/tmp/report-screenshot.png; docs/report-screenshot.png is a copy).

use crate::common::outside;
use crate::common::report as common;

use common::{json, read, report, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The report every test reads: shogi (perft and diagrams) and Shoogantshii (reading witnesses).
fn report_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let out = scratch("browser").join("report");
        report(&["specs/shogi.toml", "specs/shoogantshii.toml"], &out);
        out
    })
}

/// Runs Chromium headless on `page` with `action` (--dump-dom, --screenshot=...), no network
/// features, a fresh profile; returns (stdout, stderr). Killed after a minute.
fn chromium_run(browser: &Path, page: &Path, action: &str, tag: &str) -> (String, String) {
    let profile = scratch(&format!("chromium-{tag}"));
    let url = format!("file://{}", page.canonicalize().expect("page exists").display());
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=1280,1500",
        ])
        .arg(format!("--user-data-dir={}", profile.join("profile").display()))
        .arg(action)
        .arg(&url)
        // Files, not pipes: a page's DOM overflows a pipe's buffer while we wait for the exit.
        .stdout(Stdio::from(std::fs::File::create(profile.join("stdout")).expect("stdout file")))
        .stderr(Stdio::from(std::fs::File::create(profile.join("stderr")).expect("stderr file")))
        .spawn()
        .expect("start chromium");
    let started = Instant::now();
    loop {
        if child.try_wait().expect("wait for chromium").is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("chromium did not finish {action} {url} within a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let (out, err) = (read(&profile.join("stdout")), read(&profile.join("stderr")));
    let _ = std::fs::remove_dir_all(&profile);
    (out, err)
}

/// The page's DOM after its scripts ran, and every console message it produced.
fn load(browser: &Path, page: &Path, tag: &str) -> (String, Vec<String>) {
    let (dom, log) = chromium_run(browser, page, "--dump-dom", tag);
    assert!(dom.contains("</html>"), "chromium gave no DOM for {}:\n{log}", page.display());
    let console = log.lines().filter(|l| l.contains(":CONSOLE")).map(String::from).collect();
    (dom, console)
}

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

#[test]
fn the_console_check_catches_an_error() {
    let Some(browser) = outside::chromium() else { return };
    // The control: a page that logs an error and throws must be caught, or the checks below
    // prove nothing.
    let dir = scratch("browser-control");
    let page = dir.join("bad.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body><p>x</p><script>console.error('boom'); nosuchfunction();</script></body></html>",
    )
    .unwrap();
    let (_, console) = load(&browser, &page, "control");
    assert_eq!(console.len(), 2, "{console:?}");
    assert!(console.iter().any(|l| l.contains("nosuchfunction")), "{console:?}");
}

#[test]
fn a_spec_page_loads_cleanly_with_every_part_the_json_promises() {
    let Some(browser) = outside::chromium() else { return };
    let dir = report_dir();
    let data = json(&dir.join("shoogantshii.json"));
    let (dom, console) = load(&browser, &dir.join("shoogantshii.html"), "spec");
    assert!(console.is_empty(), "console messages: {console:#?}");
    for id in [
        "summary",
        "clause-table",
        "readings-table",
        "proofs-table",
        "pieces",
        "perft-table",
        "lint",
        "invariants-table",
        "paths",
        "run",
    ] {
        assert!(dom.contains(&format!("id=\"{id}\"")), "no #{id} in the page");
    }
    let clauses = data["clauses"].as_array().unwrap().len();
    assert!(clauses > 0);
    assert_eq!(count(&dom, "<tr data-status="), clauses, "one row per clause");
    // The filter script writes "N of N clauses" on load: it ran, without an error.
    assert!(dom.contains(&format!("{clauses} of {clauses} clauses")), "the filter script did not run");
    let pieces = data["pieces"].as_array().unwrap().len();
    assert!(pieces > 0);
    assert_eq!(count(&dom, "<figure class=\"piece\">"), pieces, "one diagram per piece move");
    let witnesses: usize = data["readings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["comparisons"].as_array().unwrap())
        .filter(|c| !c["witness"].is_null())
        .count();
    // Shoogantshii's drop rule 7 and its promotion readings have Z3 witnesses (docs/smt.md).
    assert!(witnesses > 0, "Shoogantshii has reading witnesses");
    // Each witness block holds its board (drawn with the option's engine when the option
    // changes the board, as board-size=9x10 does).
    let blocks: Vec<&str> = dom.split("<div class=\"witness\" id=\"w-").skip(1).collect();
    assert_eq!(blocks.len(), witnesses, "one block per witness");
    for b in &blocks {
        let block = &b[..b.find("<div class=\"moves\">").expect("the block's text")];
        assert!(block.contains("<svg"), "a witness without its board: {}", &b[..b.find('"').unwrap_or(0)]);
    }
    // Boards: the start position, every witness, every diagram, the legend.
    assert!(count(&dom, "<svg") > pieces + witnesses, "{} svgs", count(&dom, "<svg"));
}

#[test]
fn the_index_loads_cleanly_and_links_every_spec() {
    let Some(browser) = outside::chromium() else { return };
    let dir = report_dir();
    let (dom, console) = load(&browser, &dir.join("index.html"), "index");
    assert!(console.is_empty(), "console messages: {console:#?}");
    let index = json(&dir.join("index.json"));
    let specs: Vec<&Value> = index["specs"].as_array().unwrap().iter().collect();
    assert_eq!(specs.len(), 2);
    for s in specs {
        let page = s["html"].as_str().unwrap();
        assert!(dom.contains(&format!("href=\"{page}\"")), "index links {page}");
        assert!(dir.join(page).is_file());
    }
}

#[test]
fn no_page_loads_anything_from_outside() {
    let dir = report_dir();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "html") {
            let html = read(&path);
            // The SVG namespace (xmlns) is a name, not a load; anything else with a scheme is.
            let scrubbed = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
            for bad in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "url(http", "@import"] {
                assert!(!scrubbed.contains(bad), "{} refers outside: {bad}", path.display());
            }
        }
    }
}

#[test]
fn screenshot_for_the_readme() {
    let Some(browser) = outside::chromium() else { return };
    let dir = report_dir();
    // Under the real target directory (CARGO_TARGET_DIR may move it), never the source tree.
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-screenshot.png");
    let _ = std::fs::remove_file(&shot);
    let (_, log) =
        chromium_run(&browser, &dir.join("shoogantshii.html"), &format!("--screenshot={}", shot.display()), "shot");
    let png = std::fs::read(&shot).unwrap_or_else(|e| panic!("no screenshot at {}: {e}\n{log}", shot.display()));
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    // A blank page compresses to a few KB; a drawn report is far larger.
    assert!(png.len() > 20_000, "screenshot is only {} bytes", png.len());
}
