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

/// The report every test reads: shogi (perft and diagrams), Shoogantshii (reading witnesses, a
/// palace) and Ryu (four zones).
fn report_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let out = scratch("browser").join("report");
        report(&["specs/shogi.toml", "specs/shoogantshii.toml", "specs/ryu.toml"], &out);
        out
    })
}

/// Runs Chromium headless on `page` with `action` (--dump-dom, --screenshot=...), no network
/// features, a fresh profile; returns (stdout, stderr). Killed after a minute.
fn chromium_run(browser: &Path, page: &Path, action: &str, tag: &str) -> (String, String) {
    chromium_with(browser, page, "", &["--window-size=1280,1500", action], tag)
}

/// [`chromium_run`] on the page's URL with `fragment` (`#readings`, or ""), with `flags` (the
/// window size and the action among them).
fn chromium_with(browser: &Path, page: &Path, fragment: &str, flags: &[&str], tag: &str) -> (String, String) {
    let profile = scratch(&format!("chromium-{tag}"));
    let url = format!("file://{}{fragment}", page.canonicalize().expect("page exists").display());
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
        ])
        .arg(format!("--user-data-dir={}", profile.join("profile").display()))
        .args(flags)
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
            panic!("chromium did not finish {flags:?} {url} within a minute");
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
    assert_eq!(specs.len(), 3);
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

/// What the page measures of itself in a 1,400 x 1,000 window, once loaded (and scrolled to
/// `fragment`): a copy of the page with a measuring script added writes it into its DOM.
fn measure(browser: &Path, page: &Path, fragment: &str, tag: &str) -> Value {
    const SCRIPT: &str = "<script>window.addEventListener('load',function(){setTimeout(function(){\
var r={scrollWidth:document.documentElement.scrollWidth,innerWidth:window.innerWidth,scrollY:window.scrollY};\
var rows=document.querySelectorAll('#clause-table tbody tr');r.clauseRows=rows.length;r.tallestRow=0;\
rows.forEach(function(x){r.tallestRow=Math.max(r.tallestRow,x.offsetHeight)});\
r.tokens=0;r.overflowing=[];document.querySelectorAll('text.kb-token').forEach(function(t){r.tokens++;\
var tile=t.previousElementSibling.getBBox(),b=t.getBBox();\
if(b.width>tile.width||b.height>tile.height+4)r.overflowing.push(t.textContent+' '+b.width.toFixed(1)+'x'+b.height.toFixed(1))});\
var board=document.querySelector('.board-start svg');r.shaded=[];r.keyed=[];\
if(board)board.querySelectorAll('rect').forEach(function(x){var c=x.getAttribute('class');if(c&&/^(zone|palace)/.test(c)&&r.shaded.indexOf(c)<0)r.shaded.push(c)});\
document.querySelectorAll('.board-start .zone-key rect').forEach(function(x){var c=x.getAttribute('class');if(c&&/^(zone|palace)/.test(c))r.keyed.push(c)});\
r.sections={};['clauses','readings','pieces'].forEach(function(id){var e=document.getElementById(id);if(e)r.sections[id]=e.getBoundingClientRect().top});\
var pre=document.createElement('pre');pre.id='kensho-measure';pre.textContent=JSON.stringify(r);document.body.appendChild(pre);},100);});</script>";
    // Out of the report directory, which another test reads whole (the page loads nothing).
    let measured = scratch(&format!("measure-{tag}")).join(page.file_name().unwrap());
    std::fs::write(&measured, read(page).replace("</body>", &format!("{SCRIPT}</body>"))).unwrap();
    let flags = ["--window-size=1400,1000", "--virtual-time-budget=5000", "--dump-dom"];
    // Under load Chromium has once dumped the DOM before the script's timer ran: a second try.
    let (mut dom, mut log) = chromium_with(browser, &measured, fragment, &flags, tag);
    if !dom.contains("<pre id=\"kensho-measure\">") {
        (dom, log) = chromium_with(browser, &measured, fragment, &flags, tag);
    }
    let _ = std::fs::remove_file(&measured);
    let start =
        dom.find("<pre id=\"kensho-measure\">").unwrap_or_else(|| panic!("the page did not measure itself:\n{log}"));
    let text = &dom[start + "<pre id=\"kensho-measure\">".len()..];
    let text = &text[..text.find("</pre>").expect("end of the measurement")];
    serde_json::from_str(&text.replace("&quot;", "\"").replace("&amp;", "&")).expect("measurement JSON")
}

#[test]
fn pages_fit_a_1400_pixel_window_and_every_board_reads() {
    let Some(browser) = outside::chromium() else { return };
    let dir = report_dir();
    for spec in ["shogi", "shoogantshii", "ryu"] {
        let m = measure(&browser, &dir.join(format!("{spec}.html")), "", spec);
        // No sideways scrolling: wide tables scroll inside their own box.
        assert!(m["scrollWidth"].as_u64() <= m["innerWidth"].as_u64(), "{spec}: {m}");
        // A clause row stays readable (the invariants in short, the tests behind a disclosure).
        assert!(m["clauseRows"].as_u64().unwrap() > 0, "{spec}: {m}");
        assert!(m["tallestRow"].as_u64().unwrap() <= 320, "{spec}: a clause row {} px tall", m["tallestRow"]);
        // Every piece id fits its tile.
        assert!(m["tokens"].as_u64().unwrap() > 0, "{spec}: {m}");
        assert_eq!(m["overflowing"], serde_json::json!([]), "{spec}: ids wider than their tiles");
        // Every zone of the start board has a key entry, and every key entry is on the board.
        let mut shaded: Vec<String> = serde_json::from_value(m["shaded"].clone()).unwrap();
        let mut keyed: Vec<String> = serde_json::from_value(m["keyed"].clone()).unwrap();
        shaded.sort();
        keyed.sort();
        keyed.dedup();
        assert_eq!(shaded, keyed, "{spec}: shaded zones and their key");
        let zones = match spec {
            "shogi" => 2,        // each player's promotion zone
            "shoogantshii" => 3, // and the palace
            _ => 4,              // Ryu's first, second, third and fourth zones
        };
        assert_eq!(shaded.len(), zones, "{spec}: {shaded:?}");
    }
}

#[test]
fn an_anchor_shows_its_section() {
    // A headless --screenshot of page.html#readings is blank for any page with an anchor, this
    // report's or a plain one (tried), so the test asks the page where the section is instead.
    let Some(browser) = outside::chromium() else { return };
    let page = report_dir().join("shoogantshii.html");
    let at_top = measure(&browser, &page, "", "anchor-top");
    let there = measure(&browser, &page, "#readings", "anchor");
    assert_eq!(at_top["scrollY"].as_f64(), Some(0.0), "{at_top}");
    assert!(there["scrollY"].as_f64().unwrap() > 100.0, "the page did not scroll: {there}");
    let top = there["sections"]["readings"].as_f64().unwrap();
    assert!(top.abs() < 2.0, "#readings is {top} px from the window's top: {there}");
}
