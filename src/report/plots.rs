//! SVG plots of self-play metrics, for the `kensho evaluate` section of the HTML and Markdown
//! reports (issue 25). Three pictures:
//!
//! - [`length_histogram`]: how long the games lasted, in plies, as a bar chart; a marker at the
//!   ply cap shows how many games were cut off rather than finished.
//! - [`scores`]: each side's score (and the draw rate, or one row per reading when two runs are
//!   compared) as a dot with its 95% interval, on a 0..1 axis with 0.5 (even) dashed, so a
//!   first-player advantage shows as a dot whose whisker stays clear of the line.
//! - [`piece_values`]: the fitted value of each piece in pawns, as horizontal bars.
//!
//! Like the boards of [`super::svg`], every picture is one standalone `<svg>` with its own
//! `<style>`, hover text in `<title>` elements and escaped text, so it works inline in a page and
//! as an `.svg` file beside the Markdown. Values that are not finite are drawn as absent (the row
//! stays, labelled "n/a"); coordinates are written with one decimal and are always finite.

use super::svg::escape;
use std::fmt::{self, Write};

/// One bar of the game-length histogram: games that lasted from `from` (inclusive) to `to`
/// (exclusive) plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LengthBar {
    pub(crate) from: u32,
    pub(crate) to: u32,
    pub(crate) count: u64,
}

/// One row of the score plot: a label (e.g. "first player", "second player", "draws", or a
/// reading's name when two runs are compared), the point estimate in [0, 1] and its 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ScoreRow {
    pub(crate) label: String,
    pub(crate) value: f64,
    pub(crate) low: f64,
    pub(crate) high: f64,
}

/// The classes the plots use (prefix `kp-`, apart from the boards' `kb-`). Blue marks, orange
/// for the ply cap, as the boards' two arrow colours.
const STYLE: &str = "\
.kp-text{font:11px sans-serif;fill:#333}\
.kp-none{font:italic 11px sans-serif;fill:#888}\
.kp-axis{stroke:#555;stroke-width:1}\
.kp-grid{stroke:#e2e2e2;stroke-width:1}\
.kp-bar{fill:#5b8fc7}.kp-bar:hover{fill:#1565c0}\
.kp-cap{stroke:#e65100;stroke-width:1.5;stroke-dasharray:4 3}\
.kp-cap-label{font:11px sans-serif;fill:#e65100}\
.kp-even{stroke:#777;stroke-width:1;stroke-dasharray:4 3}\
.kp-whisker{stroke:#1565c0;stroke-width:1.6}\
.kp-dot{fill:#1565c0;stroke:#fff;stroke-width:1}";

/// The estimated advance of one character of the 11px sans-serif text, generous (most letters
/// are narrower) so that a label never runs out of its margin.
const CHAR_W: f64 = 6.5;
/// Room between a label column and what it labels.
const PAD: f64 = 10.0;
/// The least left margin of the row charts, whatever their labels.
const MIN_LEFT: f64 = 40.0;

/// The width of the score axis (0 to 1) and of the longest piece-value bar.
const AXIS_W: f64 = 240.0;

/// The histogram's plotting area, and the room above it for the "ply cap" label.
const HIST_W: f64 = 360.0;
const HIST_H: f64 = 160.0;
const HIST_TOP: f64 = 18.0;
/// Room at the histogram's far left for the rotated "games" axis title.
const HIST_TITLE_W: f64 = 18.0;

/// Rows of the score chart.
const SCORE_ROW: f64 = 22.0;
const SCORE_TOP: f64 = 10.0;
/// Between the end of the score axis and the printed percentages.
const SCORE_GAP: f64 = 14.0;

/// Rows of the piece-value chart.
const PIECE_ROW: f64 = 20.0;
const PIECE_BAR: f64 = 12.0;
const PIECE_TOP: f64 = 8.0;

/// A coordinate as written: one decimal. Never "NaN" or "inf": a value that is not finite (no
/// layout here makes one) is written 0.
struct C(f64);

impl fmt::Display for C {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_finite() {
            write!(f, "{:.1}", self.0)
        } else {
            f.write_str("0")
        }
    }
}

/// The estimated width of `s` in the plots' text: wide (East Asian) characters, as piece names
/// in kanji, count twice.
fn text_width(s: &str) -> f64 {
    let units: f64 = s.chars().map(|c| if is_wide(c) { 2.0 } else { 1.0 }).sum();
    units * CHAR_W
}

fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

/// The `<svg>` element's opening, its title and its style.
fn open(w: f64, h: f64, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"kp\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"{t}\"><title>{t}</title><style>{STYLE}</style>",
        w = C(w),
        h = C(h),
        t = escape(title)
    )
}

/// The picture of nothing: a small box saying so.
fn empty(title: &str, words: &str) -> String {
    let mut s = open(160.0, 40.0, title);
    text(&mut s, "kp-none", 80.0, 24.0, "middle", words);
    s.push_str("</svg>");
    s
}

fn text(s: &mut String, class: &str, x: f64, y: f64, anchor: &str, words: &str) {
    let _ = write!(
        s,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>",
        C(x),
        C(y),
        escape(words)
    );
}

fn line(s: &mut String, class: &str, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    let _ = write!(s, "<line class=\"{class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", C(x1), C(y1), C(x2), C(y2));
}

/// A round step for gridlines up to `max`: 1, 2 or 5 times a power of ten, the smallest giving
/// at most five intervals, and at least `least`. None for a `max` that is not positive and finite.
fn nice_step(max: f64, least: f64) -> Option<f64> {
    if !(max > 0.0 && max.is_finite()) {
        return None;
    }
    let raw = max / 5.0;
    let mag = 10f64.powi(raw.log10().floor() as i32);
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|&s| s >= raw * (1.0 - 1e-9)).unwrap_or(10.0 * mag);
    Some(step.max(least))
}

/// The multiples of `step` from `lo` to `hi` (at most 50 of them).
fn ticks(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let first = (lo / step - 1e-9).ceil();
    (0..50).map(|k| (first + k as f64) * step).take_while(|&t| t <= hi + step * 1e-9).collect()
}

/// A tick's label, with as many decimals as its step needs.
fn tick_label(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 { 0 } else { ((-step.log10()) - 1e-9).ceil().clamp(0.0, 6.0) as usize };
    let v = if v.abs() < step * 1e-9 { 0.0 } else { v };
    format!("{v:.decimals$}")
}

/// "1 game", "3 games".
fn games(n: u64) -> String {
    if n == 1 {
        "1 game".to_string()
    } else {
        format!("{n} games")
    }
}

/// Bar chart of game lengths in plies: x axis plies (bin edges labelled), y axis games, with
/// a few y gridlines at round numbers; each bar's `<title>` says "from-to plies: N games". An
/// optional vertical marker line for the ply cap (games cut off there) labelled "ply cap".
///
/// The bars are placed by their plies (gaps between bins stay gaps); the tallest reaches the
/// top of the plot. A bar whose `to` is not above its `from` is drawn one ply wide.
pub(crate) fn length_histogram(bars: &[LengthBar], ply_cap: Option<u32>) -> String {
    const TITLE: &str = "Game lengths";
    if bars.is_empty() {
        return empty(TITLE, "no games");
    }
    let max = bars.iter().map(|b| b.count).max().unwrap_or(0) as f64;
    let step = nice_step(max, 1.0);
    let grid = step.map_or_else(|| vec![0.0], |step| ticks(0.0, max, step));
    let grid_label = |v: f64| tick_label(v, 1.0);
    let grid_w = grid.iter().map(|&v| text_width(&grid_label(v))).fold(0.0, f64::max);

    // The plies shown: every bar, and the cap.
    let end = |b: &LengthBar| b.to.max(b.from.saturating_add(1)) as f64;
    let mut lo = bars.iter().map(|b| b.from as f64).fold(f64::INFINITY, f64::min);
    let mut hi = bars.iter().map(end).fold(f64::NEG_INFINITY, f64::max);
    if let Some(cap) = ply_cap {
        lo = lo.min(cap as f64);
        hi = hi.max(cap as f64);
    }
    if hi <= lo {
        hi = lo + 1.0;
    }
    // The edges as drawn (a reversed bin's too), and the cap, which has its number on the axis.
    let mut edges: Vec<u32> = bars.iter().flat_map(|b| [b.from, end(b) as u32]).chain(ply_cap).collect();
    edges.sort_unstable();
    edges.dedup();
    let edge_w = edges.iter().map(|e| text_width(&e.to_string())).fold(0.0, f64::max);

    let left = (HIST_TITLE_W + grid_w + 8.0).max(edge_w / 2.0 + 4.0);
    let right = (text_width("ply cap") / 2.0 + 4.0).max(edge_w / 2.0 + 4.0);
    let bottom = HIST_TOP + HIST_H;
    let (w, h) = (left + HIST_W + right, bottom + 38.0);
    let x = |p: f64| left + (p - lo) / (hi - lo) * HIST_W;
    let y = |c: f64| if max > 0.0 { bottom - c / max * HIST_H } else { bottom };

    let mut s = open(w, h, TITLE);
    for &g in &grid {
        line(&mut s, "kp-grid", (left, y(g)), (left + HIST_W, y(g)));
        text(&mut s, "kp-text", left - 5.0, y(g) + 4.0, "end", &grid_label(g));
    }
    for b in bars {
        let (x0, x1) = (x(b.from as f64), x(end(b)));
        let gap = if x1 - x0 >= 4.0 { 1.0 } else { 0.0 };
        let top = y(b.count as f64);
        let _ = write!(
            s,
            "<rect class=\"kp-bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}-{} plies: {}</title></rect>",
            C(x0 + gap / 2.0),
            C(top),
            C(x1 - x0 - gap),
            C(bottom - top),
            b.from,
            b.to,
            games(b.count)
        );
    }
    line(&mut s, "kp-axis", (left, HIST_TOP), (left, bottom));
    line(&mut s, "kp-axis", (left, bottom), (left + HIST_W, bottom));
    let xs: Vec<f64> = edges.iter().map(|&e| x(e as f64)).collect();
    for i in labelled(&xs, edge_w + 6.0) {
        line(&mut s, "kp-axis", (xs[i], bottom), (xs[i], bottom + 4.0));
        text(&mut s, "kp-text", xs[i], bottom + 15.0, "middle", &edges[i].to_string());
    }
    text(&mut s, "kp-text", left + HIST_W / 2.0, bottom + 32.0, "middle", "plies");
    let (tx, ty) = (12.0, HIST_TOP + HIST_H / 2.0);
    let _ = write!(
        s,
        "<text class=\"kp-text\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 {} {})\">games</text>",
        C(tx),
        C(ty),
        C(tx),
        C(ty)
    );
    if let Some(cap) = ply_cap {
        let cx = x(cap as f64);
        let _ = write!(
            s,
            "<line class=\"kp-cap\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"><title>ply cap: {cap} plies (longer games were cut off there)</title></line>",
            C(cx),
            C(HIST_TOP - 3.0),
            C(cx),
            C(bottom)
        );
        text(&mut s, "kp-cap-label", cx, HIST_TOP - 6.0, "middle", "ply cap");
    }
    s.push_str("</svg>");
    s
}

/// Which of the tick positions `xs` (ascending) get their labels, `room` apart at least. Evenly
/// spaced positions (bins of one width): every k-th from the first, with k the least that leaves
/// room, or up to twice that if it then ends on the last (so 40, 100, .., 340 rather than 40,
/// 80, .., 280, 340). Otherwise left to right, each with room after the last one labelled, and
/// the last position displacing its neighbour if they would touch (a lone first label stays
/// rather than be replaced).
fn labelled(xs: &[f64], room: f64) -> Vec<usize> {
    let n = xs.len();
    if n <= 1 {
        return (0..n).collect();
    }
    let gap = xs[1] - xs[0];
    if xs.windows(2).all(|w| ((w[1] - w[0]) - gap).abs() <= 1e-6 * gap.abs().max(1.0)) {
        let fits = |k: usize| k as f64 * gap >= room;
        let least = (1..n).find(|&k| fits(k)).unwrap_or(n);
        if let Some(k) = (least..=(2 * least).min(n - 1)).find(|&k| (n - 1).is_multiple_of(k)) {
            return (0..n).step_by(k).collect();
        }
    }
    let mut shown = vec![0];
    for i in 1..n {
        if xs[i] - xs[shown[shown.len() - 1]] >= room {
            shown.push(i);
        }
    }
    let kept = shown[shown.len() - 1];
    if kept != n - 1 && shown.len() > 1 {
        if xs[n - 1] - xs[kept] < room {
            shown.pop();
        }
        shown.push(n - 1);
    }
    shown
}

/// A share as a whole percentage ("52%"), or "n/a" for a value that is not finite.
fn percent(v: f64) -> String {
    if v.is_finite() {
        format!("{:.0}%", v * 100.0)
    } else {
        "n/a".to_string()
    }
}

/// The left margin of a row chart: the longest label's estimated width and some room.
fn label_margin<'a>(labels: impl Iterator<Item = &'a str>) -> f64 {
    (labels.map(text_width).fold(0.0, f64::max) + PAD).max(MIN_LEFT)
}

/// Horizontal dot-and-whisker chart on a 0..1 axis (ticks at 0, 0.25, 0.5, 0.75, 1, a dashed
/// line at 0.5 = even), one row per entry, the value printed beside it as a percentage.
///
/// Values and interval ends outside [0, 1] are drawn at the axis' end but printed as they are
/// ("120%"); a value that is not finite draws no dot and prints "n/a", an interval with an end
/// that is not finite draws no whisker.
pub(crate) fn scores(rows: &[ScoreRow]) -> String {
    const TITLE: &str = "Scores";
    if rows.is_empty() {
        return empty(TITLE, "no games");
    }
    let left = label_margin(rows.iter().map(|r| r.label.as_str()));
    let printed: Vec<String> = rows.iter().map(|r| percent(r.value)).collect();
    let printed_w = printed.iter().map(|p| text_width(p)).fold(0.0, f64::max);
    let axis_y = SCORE_TOP + rows.len() as f64 * SCORE_ROW;
    let (w, h) = (left + AXIS_W + SCORE_GAP + printed_w + 8.0, axis_y + 26.0);
    let x = |v: f64| left + v.clamp(0.0, 1.0) * AXIS_W;

    let mut s = open(w, h, TITLE);
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        line(&mut s, "kp-grid", (x(t), SCORE_TOP), (x(t), axis_y));
        line(&mut s, "kp-axis", (x(t), axis_y), (x(t), axis_y + 4.0));
        text(&mut s, "kp-text", x(t), axis_y + 16.0, "middle", &percent(t));
    }
    let _ = write!(
        s,
        "<line class=\"kp-even\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"><title>even: 50%</title></line>",
        C(x(0.5)),
        C(SCORE_TOP - 4.0),
        C(x(0.5)),
        C(axis_y)
    );
    line(&mut s, "kp-axis", (left, axis_y), (left + AXIS_W, axis_y));
    for (i, (r, p)) in rows.iter().zip(&printed).enumerate() {
        let cy = SCORE_TOP + (i as f64 + 0.5) * SCORE_ROW;
        text(&mut s, "kp-text", left - 6.0, cy + 4.0, "end", &r.label);
        let interval = if r.low.is_finite() && r.high.is_finite() {
            format!("95% interval {} to {}", percent(r.low.min(r.high)), percent(r.low.max(r.high)))
        } else {
            "interval unknown".to_string()
        };
        let _ = write!(s, "<g><title>{}: {p} ({interval})</title>", escape(&r.label));
        if r.low.is_finite() && r.high.is_finite() {
            let (x1, x2) = (x(r.low.min(r.high)), x(r.low.max(r.high)));
            line(&mut s, "kp-whisker", (x1, cy), (x2, cy));
            line(&mut s, "kp-whisker", (x1, cy - 4.0), (x1, cy + 4.0));
            line(&mut s, "kp-whisker", (x2, cy - 4.0), (x2, cy + 4.0));
        }
        if r.value.is_finite() {
            let _ = write!(s, "<circle class=\"kp-dot\" cx=\"{}\" cy=\"{}\" r=\"4.5\"/>", C(x(r.value)), C(cy));
        }
        s.push_str("</g>");
        let class = if r.value.is_finite() { "kp-text" } else { "kp-none" };
        text(&mut s, class, left + AXIS_W + SCORE_GAP, cy + 4.0, "start", p);
    }
    s.push_str("</svg>");
    s
}

/// A piece value as printed: two decimals, or "n/a".
fn pawns(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.2}")
    } else {
        "n/a".to_string()
    }
}

/// Horizontal bar chart of piece values (label = piece name, value in pawns, bars sorted as
/// given), the value printed at the bar's end.
///
/// The longest bar is 240 units long; a negative value (a noisy fit) is drawn left of a zero
/// line. A value that is not finite draws no bar and prints "n/a" at the zero line.
pub(crate) fn piece_values(rows: &[(String, f64)]) -> String {
    const TITLE: &str = "Piece values";
    if rows.is_empty() {
        return empty(TITLE, "no pieces");
    }
    let left = label_margin(rows.iter().map(|(l, _)| l.as_str()));
    let printed: Vec<String> = rows.iter().map(|&(_, v)| pawns(v)).collect();
    let printed_w = printed.iter().map(|p| text_width(p)).fold(0.0, f64::max);
    let finite = || rows.iter().map(|&(_, v)| v).filter(|v| v.is_finite());
    let lo = finite().fold(0.0, f64::min);
    let hi = finite().fold(0.0, f64::max);
    // Halves, so that the span of ±f64::MAX does not overflow.
    let half_span = hi / 2.0 - lo / 2.0;
    let scale = if half_span > 0.0 { AXIS_W / 2.0 / half_span } else { 0.0 };
    // Negative bars print their values to their left: room for that before the bars.
    let x0 = if lo < 0.0 { left + printed_w + 6.0 } else { left };
    let zero = x0 - lo * scale;
    let axis_y = PIECE_TOP + rows.len() as f64 * PIECE_ROW;
    let (w, h) = (x0 + AXIS_W + 6.0 + printed_w + 8.0, axis_y + 36.0);

    let mut s = open(w, h, TITLE);
    if let Some(step) = nice_step(hi - lo, 0.0) {
        for t in ticks(lo, hi, step) {
            let tx = zero + t * scale;
            line(&mut s, "kp-grid", (tx, PIECE_TOP), (tx, axis_y));
            line(&mut s, "kp-axis", (tx, axis_y), (tx, axis_y + 4.0));
            text(&mut s, "kp-text", tx, axis_y + 15.0, "middle", &tick_label(t, step));
        }
    }
    line(&mut s, "kp-axis", (x0, axis_y), (x0 + AXIS_W, axis_y));
    text(&mut s, "kp-text", x0 + AXIS_W / 2.0, axis_y + 30.0, "middle", "pawns");
    for (i, ((label, v), p)) in rows.iter().zip(&printed).enumerate() {
        let top = PIECE_TOP + i as f64 * PIECE_ROW + (PIECE_ROW - PIECE_BAR) / 2.0;
        let base = top + PIECE_BAR / 2.0 + 4.0;
        text(&mut s, "kp-text", left - 6.0, base, "end", label);
        if !v.is_finite() {
            text(&mut s, "kp-none", zero + 4.0, base, "start", p);
            continue;
        }
        let end = zero + v * scale;
        let _ = write!(
            s,
            "<rect class=\"kp-bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}: {p} pawns</title></rect>",
            C(end.min(zero)),
            C(top),
            C((end - zero).abs()),
            C(PIECE_BAR),
            escape(label)
        );
        if *v < 0.0 {
            text(&mut s, "kp-text", end - 4.0, base, "end", p);
        } else {
            text(&mut s, "kp-text", end + 4.0, base, "start", p);
        }
    }
    line(&mut s, "kp-axis", (zero, PIECE_TOP), (zero, axis_y));
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `svg` is one element with every tag closed in order: each `<x ...>` closed by
    /// `</x>` or self-closed, no text before or after the root, exactly one root.
    fn check_tags(svg: &str) -> Result<(), String> {
        let mut stack: Vec<&str> = Vec::new();
        let mut roots = 0;
        let mut rest = svg;
        while let Some(open) = rest.find('<') {
            if stack.is_empty() && !rest[..open].trim().is_empty() {
                return Err(format!("text outside the root: {:?}", &rest[..open]));
            }
            let close = open + rest[open..].find('>').ok_or("a tag without its '>'")?;
            let tag = &rest[open + 1..close];
            if tag.contains('<') {
                return Err(format!("'<' inside the tag {tag:?}"));
            }
            if let Some(name) = tag.strip_prefix('/') {
                match stack.pop() {
                    Some(top) if top == name.trim() => {}
                    other => return Err(format!("</{name}> closes {other:?}")),
                }
            } else {
                let name = tag.split(|c: char| c.is_whitespace() || c == '/').next().unwrap_or("");
                if name.is_empty() {
                    return Err(format!("a tag without a name: {tag:?}"));
                }
                if stack.is_empty() {
                    roots += 1;
                }
                if !tag.ends_with('/') {
                    stack.push(name);
                }
            }
            rest = &rest[close + 1..];
        }
        if !stack.is_empty() {
            return Err(format!("never closed: {stack:?}"));
        }
        if !rest.trim().is_empty() {
            return Err(format!("text after the root: {rest:?}"));
        }
        if roots != 1 {
            return Err(format!("{roots} roots"));
        }
        Ok(())
    }

    /// Balanced tags, one root `<svg>` with a viewBox of a positive finite size, and no "NaN"
    /// or "inf" anywhere (the test inputs' labels hold neither).
    fn check_plot(svg: &str) {
        check_tags(svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
        assert!(svg.starts_with("<svg ") && svg.matches("<svg").count() == 1, "{svg}");
        let root = &svg[..svg.find('>').unwrap()];
        let view = root.split("viewBox=\"").nth(1).expect("a viewBox").split('"').next().unwrap();
        let numbers: Vec<f64> = view.split(' ').map(|n| n.parse().unwrap()).collect();
        assert!(numbers.len() == 4 && numbers[2] > 0.0 && numbers[3] > 0.0, "{view}");
        assert!(numbers.iter().all(|n| n.is_finite()), "{view}");
        assert!(!svg.contains("NaN") && !svg.to_lowercase().contains("inf"), "{svg}");
    }

    /// The opening tags `<name ...>` of class `class`, in order.
    fn tags<'a>(svg: &'a str, name: &str, class: &str) -> Vec<&'a str> {
        let (start, class) = (format!("{name} "), format!("class=\"{class}\""));
        svg.split('<')
            .filter(|t| t.starts_with(&start) && t.contains(&class))
            .map(|t| &t[..t.find('>').unwrap()])
            .collect()
    }

    /// A number attribute of a tag.
    fn attr(tag: &str, name: &str) -> f64 {
        let key = format!(" {name}=\"");
        let start = tag.find(&key).unwrap_or_else(|| panic!("no {name} in {tag}")) + key.len();
        let end = start + tag[start..].find('"').unwrap();
        tag[start..end].parse().unwrap()
    }

    fn bar(from: u32, to: u32, count: u64) -> LengthBar {
        LengthBar { from, to, count }
    }

    fn row(label: &str, value: f64, low: f64, high: f64) -> ScoreRow {
        ScoreRow { label: label.to_string(), value, low, high }
    }

    fn pieces(rows: &[(&str, f64)]) -> Vec<(String, f64)> {
        rows.iter().map(|&(l, v)| (l.to_string(), v)).collect()
    }

    #[test]
    fn the_tag_checker_catches_what_it_is_for() {
        assert!(check_tags("<svg a=\"1\"><g><line/></g><text>x</text></svg>").is_ok());
        assert!(check_tags("<svg><g></svg>").is_err(), "g never closed");
        assert!(check_tags("<svg><g><text></g></text></svg>").is_err(), "closed out of order");
        assert!(check_tags("<svg></svg><svg></svg>").is_err(), "two roots");
        assert!(check_tags("<svg>a < b</svg>").is_err(), "a raw '<' in text");
        assert!(check_tags("x<svg></svg>").is_err(), "text before the root");
        assert!(check_tags("<svg></title></svg>").is_err(), "closing what was not opened");
    }

    #[test]
    fn every_plot_is_well_formed_on_ordinary_and_awkward_input() {
        let long = "a very long label that goes on and on, much longer than any piece name".to_string();
        let histograms = [
            length_histogram(&[], None),
            length_histogram(&[], Some(200)),
            length_histogram(&[bar(0, 10, 0), bar(10, 20, 0)], Some(20)),
            length_histogram(&[bar(40, 60, 7)], None),
            length_histogram(&[bar(5, 5, 3), bar(9, 2, 1)], Some(0)),
            length_histogram(&[bar(0, u32::MAX, u64::MAX), bar(u32::MAX, u32::MAX, 1)], Some(u32::MAX)),
            length_histogram(&(0..200).map(|i| bar(i * 2, i * 2 + 2, i as u64 % 7)).collect::<Vec<_>>(), Some(400)),
        ];
        let scores_ = [
            scores(&[]),
            scores(&[row("first player", 0.55, 0.5, 0.6)]),
            scores(&[
                row("nan", f64::NAN, f64::NAN, f64::NAN),
                row("huge", f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY),
                row("out", -0.3, -1e300, 1e300),
                row("turned", 0.5, 0.7, 0.3),
                row(&long, 1.2, 1.1, 1.3),
            ]),
        ];
        let values = [
            piece_values(&[]),
            piece_values(&pieces(&[("Pawn", 0.0), ("Gold", 0.0)])),
            piece_values(&pieces(&[("<&>", 1.0)])),
            piece_values(&pieces(&[("a", f64::NAN), ("b", f64::INFINITY), ("c", f64::NEG_INFINITY)])),
            piece_values(&pieces(&[("a", f64::MAX), ("b", -f64::MAX), ("c", -2.0)])),
            piece_values(&[(long.clone(), 3.5), ("玉将".to_string(), -0.25)]),
        ];
        for svg in histograms.iter().chain(&scores_).chain(&values) {
            check_plot(svg);
        }
    }

    #[test]
    fn empty_inputs_say_so() {
        for (svg, words) in [
            (length_histogram(&[], Some(100)), "no games"),
            (scores(&[]), "no games"),
            (piece_values(&[]), "no pieces"),
        ] {
            check_plot(&svg);
            assert!(svg.contains(&format!(">{words}</text>")), "{svg}");
            assert!(!svg.contains("<rect") && !svg.contains("<circle") && !svg.contains("ply cap"), "{svg}");
        }
    }

    #[test]
    fn histogram_bars_are_one_rect_each_with_heights_in_proportion_to_their_counts() {
        let bars = [bar(0, 20, 4), bar(20, 40, 10), bar(40, 60, 0), bar(60, 80, 5), bar(80, 100, 1)];
        let svg = length_histogram(&bars, None);
        let rects = tags(&svg, "rect", "kp-bar");
        assert_eq!(rects.len(), 5);
        // The tallest count, 10, fills the plot's 160 units, so each game is 16 units:
        // 4 -> 64, 10 -> 160, 0 -> 0, 5 -> 80, 1 -> 16.
        let heights: Vec<f64> = rects.iter().map(|r| attr(r, "height")).collect();
        assert_eq!(heights, [64.0, 160.0, 0.0, 80.0, 16.0]);
        // The tallest bar starts at the plot's top (y 18, under the room for "ply cap") and
        // every bar ends on the x axis at 18 + 160 = 178.
        assert_eq!(attr(rects[1], "y"), 18.0);
        assert!(rects.iter().all(|r| attr(r, "y") + attr(r, "height") == 178.0));
        assert!(
            svg.contains("<title>20-40 plies: 10 games</title>") && svg.contains("<title>80-100 plies: 1 game</title>")
        );
        // Bars laid side by side in ply order: 360 units over 100 plies, 72 units a bin.
        let xs: Vec<f64> = rects.iter().map(|r| attr(r, "x")).collect();
        assert!(xs.windows(2).all(|w| (w[1] - w[0] - 72.0).abs() < 0.11), "{xs:?}");
    }

    #[test]
    fn histogram_gridlines_fall_on_round_numbers() {
        let svg = length_histogram(&[bar(0, 20, 4), bar(20, 40, 10)], None);
        // A top of 10 games: steps of 2 are the smallest of 1, 2, 5 with at most five
        // intervals, so lines at 0, 2, .., 10, at y = 178 - 16 * games.
        let ys: Vec<f64> = tags(&svg, "line", "kp-grid").iter().map(|l| attr(l, "y1")).collect();
        assert_eq!(ys, [178.0, 146.0, 114.0, 82.0, 50.0, 18.0]);
        for n in ["0", "2", "4", "6", "8", "10"] {
            assert!(svg.contains(&format!("text-anchor=\"end\">{n}</text>")), "{n}");
        }
        // 37 games: 37 / 5 = 7.4, so steps of 10: 0, 10, 20, 30.
        let svg = length_histogram(&[bar(0, 20, 37)], None);
        assert_eq!(tags(&svg, "line", "kp-grid").len(), 4);
        assert!(svg.contains(">30</text>") && !svg.contains(">40</text>"));
    }

    #[test]
    fn the_ply_cap_marker_is_drawn_only_when_asked_for_and_where_the_cap_is() {
        let bars = [bar(0, 50, 3), bar(50, 100, 6)];
        let without = length_histogram(&bars, None);
        assert!(tags(&without, "line", "kp-cap").is_empty() && !without.contains("ply cap"));
        let with = length_histogram(&bars, Some(100));
        let caps = tags(&with, "line", "kp-cap");
        assert_eq!(caps.len(), 1);
        assert_eq!(with.matches(">ply cap</text>").count(), 1);
        // The left margin: 18 for the "games" title, 6.5 for the widest grid label (a top of
        // 6 games: grid at 0, 2, 4, 6, one character each), 8 of room: 32.5. The cap at ply
        // 100 is the axis' right end, 360 further: x 392.5.
        assert_eq!(attr(caps[0], "x1"), 392.5);
        // A cap beyond the last bin stretches the axis to show it: 0..200 plies, the cap at
        // the right end and the bins on the left half, the second ending at 32.5 + 180 = 212.5
        // less half the 1-unit gap between bars: 212.
        let far = length_histogram(&bars, Some(200));
        assert_eq!(attr(tags(&far, "line", "kp-cap")[0], "x1"), 392.5);
        let rects = tags(&far, "rect", "kp-bar");
        assert_eq!(attr(rects[1], "x") + attr(rects[1], "width"), 212.0);
    }

    #[test]
    fn histogram_of_a_single_bar_or_of_no_games_at_all() {
        let one = length_histogram(&[bar(30, 40, 12)], None);
        let rects = tags(&one, "rect", "kp-bar");
        assert_eq!(rects.len(), 1);
        assert_eq!(attr(rects[0], "height"), 160.0);
        let zero = length_histogram(&[bar(0, 10, 0), bar(10, 20, 0)], None);
        let rects = tags(&zero, "rect", "kp-bar");
        assert_eq!(rects.len(), 2);
        assert!(rects.iter().all(|r| attr(r, "height") == 0.0 && attr(r, "y") == 178.0));
        assert_eq!(tags(&zero, "line", "kp-grid").len(), 1, "only the zero line");
    }

    #[test]
    fn bin_edges_are_labelled_evenly_and_never_touch() {
        // 16 edges 24 apart with labels needing 25.5: every other one would fit, but 15
        // intervals do not split in twos; in threes they do, ending on the last edge.
        let xs: Vec<f64> = (0..16).map(|i| i as f64 * 24.0).collect();
        assert_eq!(labelled(&xs, 25.5), [0, 3, 6, 9, 12, 15]);
        // 14 edges: 13 intervals split neither in 2, 3 nor 4, so every other one from the
        // first, and the last instead of the 12th, which is too close to it.
        assert_eq!(labelled(&xs[..14], 25.5), [0, 2, 4, 6, 8, 10, 13]);
        // Two edges too close for both labels: the first alone.
        assert_eq!(labelled(&[0.0, 0.4], 25.0), [0]);
        assert_eq!(labelled(&[5.0], 25.0), [0]);
        assert!(labelled(&[], 25.0).is_empty());
        // Uneven edges: 0, 30, 40, 100 with room 25: 0 and 30 fit, 40 is too close to 30,
        // 100 fits after 30 (a stride of 3 would have left out 30).
        assert_eq!(labelled(&[0.0, 30.0, 40.0, 100.0], 25.0), [0, 1, 3]);
        // Uneven at the end (a cap after the last bin): 0, 24, .., 240 and then 250: left to
        // right every other one up to 240 (index 10), which 250 then displaces.
        let mut capped: Vec<f64> = (0..11).map(|i| i as f64 * 24.0).collect();
        capped.push(250.0);
        assert_eq!(labelled(&capped, 25.5), [0, 2, 4, 6, 8, 11]);
    }

    #[test]
    fn a_score_of_half_sits_mid_axis_and_its_whisker_spans_the_interval() {
        let svg = scores(&[
            row("first player", 0.5, 0.4, 0.6),
            row("second player", 0.3, 0.25, 0.35),
            row("draws", 0.2, 0.1, 0.3),
        ]);
        // The left margin is the longest label, "second player", 13 characters of 6.5 = 84.5,
        // and 10 of room: 94.5. The axis is 240 long, so 0.5 is at 94.5 + 120 = 214.5, and the
        // interval 0.4..0.6 spans 94.5 + 96 = 190.5 to 94.5 + 144 = 238.5.
        let dots = tags(&svg, "circle", "kp-dot");
        assert_eq!(dots.len(), 3);
        assert_eq!(attr(dots[0], "cx"), 214.5);
        // 0.3 -> 94.5 + 72 = 166.5; 0.2 -> 94.5 + 48 = 142.5.
        assert_eq!(attr(dots[1], "cx"), 166.5);
        assert_eq!(attr(dots[2], "cx"), 142.5);
        // The dashed line at 0.5 goes through the first dot.
        assert_eq!(attr(tags(&svg, "line", "kp-even")[0], "x1"), 214.5);
        // Each row's whisker: the span (horizontal) and two end caps. Rows are 22 high from
        // y 10: the first row's centre is at 21.
        let spans: Vec<_> =
            tags(&svg, "line", "kp-whisker").into_iter().filter(|l| attr(l, "y1") == attr(l, "y2")).collect();
        assert_eq!(spans.len(), 3);
        assert_eq!((attr(spans[0], "x1"), attr(spans[0], "x2"), attr(spans[0], "y1")), (190.5, 238.5, 21.0));
        // 0.1..0.3 -> 94.5 + 24 = 118.5 to 166.5.
        assert_eq!((attr(spans[2], "x1"), attr(spans[2], "x2")), (118.5, 166.5));
        for p in ["50%", "30%", "20%"] {
            assert!(svg.contains(&format!(">{p}</text>")), "{p}");
        }
        assert!(svg.contains("<title>first player: 50% (95% interval 40% to 60%)</title>"));
        // The ticks: 0%, 25%, 50%, 75%, 100% under the axis.
        let ticks: Vec<f64> = tags(&svg, "line", "kp-grid").iter().map(|l| attr(l, "x1")).collect();
        assert_eq!(ticks, [94.5, 154.5, 214.5, 274.5, 334.5]);
    }

    #[test]
    fn a_score_outside_zero_to_one_is_drawn_at_the_end_but_printed_as_it_is() {
        let svg = scores(&[row("over", 1.2, 1.1, 1.3), row("under", -0.1, -0.2, 0.05)]);
        // "under": 5 characters of 6.5, 32.5, and 10 of room: a margin of 42.5. The axis ends
        // at 42.5 + 240 = 282.5.
        let dots = tags(&svg, "circle", "kp-dot");
        assert_eq!((attr(dots[0], "cx"), attr(dots[1], "cx")), (282.5, 42.5));
        assert!(svg.contains(">120%</text>") && svg.contains(">-10%</text>"));
        // The second whisker: -0.2 clamped to 0 (x 42.5), 0.05 at 42.5 + 12 = 54.5.
        let spans: Vec<_> =
            tags(&svg, "line", "kp-whisker").into_iter().filter(|l| attr(l, "y1") == attr(l, "y2")).collect();
        assert_eq!((attr(spans[1], "x1"), attr(spans[1], "x2")), (42.5, 54.5));
    }

    #[test]
    fn a_score_that_is_not_a_number_keeps_its_row_but_draws_nothing() {
        let svg = scores(&[
            row("first player", 0.6, 0.5, 0.7),
            row("draws", f64::NAN, f64::NAN, 0.2),
            row("second player", f64::INFINITY, 0.2, 0.4),
        ]);
        check_plot(&svg);
        // A dot for the first player only; whiskers (a span and two caps each) for the first
        // player and for the second, whose interval is known though its value is not.
        assert_eq!(tags(&svg, "circle", "kp-dot").len(), 1);
        assert_eq!(tags(&svg, "line", "kp-whisker").len(), 6);
        assert!(svg.contains(">draws</text>") && svg.contains(">second player</text>"));
        assert_eq!(svg.matches(">n/a</text>").count(), 2);
        assert!(svg.contains("<title>draws: n/a (interval unknown)</title>"));
        assert!(svg.contains("<title>second player: n/a (95% interval 20% to 40%)</title>"));
    }

    #[test]
    fn piece_value_bars_are_in_proportion_and_labels_are_escaped() {
        let svg = piece_values(&pieces(&[("Pawn", 1.0), ("Silver", 4.5), ("Rook", 6.0), ("<&>", 12.0)]));
        // The largest value, 12, is the full 240: 20 a pawn.
        let rects = tags(&svg, "rect", "kp-bar");
        let widths: Vec<f64> = rects.iter().map(|r| attr(r, "width")).collect();
        assert_eq!(widths, [20.0, 90.0, 120.0, 240.0]);
        // They all start at the margin: "Silver", 6 characters of 6.5 = 39, and 10: 49.
        assert!(rects.iter().all(|r| attr(r, "x") == 49.0));
        // Values at the bars' ends, 4 further: Silver's bar ends at 49 + 90, its value at 143.
        // Rows are 20 high from y 8, the bar 12 high centred in it, the baseline 4 under the
        // bar's middle: the second row's at 8 + 20 + 10 + 4 = 42.
        assert!(svg.contains("x=\"143.0\" y=\"42.0\" text-anchor=\"start\">4.50</text>"), "{svg}");
        assert!(svg.contains(">&lt;&amp;&gt;</text>") && svg.contains("<title>&lt;&amp;&gt;: 12.00 pawns</title>"));
        assert!(!svg.contains("<&>"));
    }

    #[test]
    fn negative_and_missing_piece_values() {
        let svg = piece_values(&pieces(&[("A", 2.0), ("B", -1.0), ("C", f64::NAN)]));
        // -1..2 over 240: 80 a pawn. The margin is the least, 40; the widest value "-1.00"
        // (32.5) and 6 of room come before the bars: they start at 78.5, zero at 158.5.
        let rects = tags(&svg, "rect", "kp-bar");
        assert_eq!(rects.len(), 2);
        assert_eq!((attr(rects[0], "x"), attr(rects[0], "width")), (158.5, 160.0));
        assert_eq!((attr(rects[1], "x"), attr(rects[1], "width")), (78.5, 80.0));
        assert!(svg.contains(">C</text>") && svg.contains(">n/a</text>"));
        // The negative value is printed 4 left of its bar (78.5 - 4 = 74.5), on the second
        // row's baseline (42), clear of the labels, which end at 40 - 6 = 34.
        assert!(svg.contains("x=\"74.5\" y=\"42.0\" text-anchor=\"end\">-1.00</text>"), "{svg}");
    }

    #[test]
    fn the_left_margin_grows_with_the_longest_label() {
        let long = "x".repeat(60);
        let short = scores(&[row("x", 0.5, 0.5, 0.5)]);
        let wide = scores(&[row("x", 0.5, 0.5, 0.5), row(&long, 0.5, 0.5, 0.5)]);
        // 60 characters of 6.5 = 390, and 10: a margin of 400 (against the least, 40), so 0.5
        // is at 520 (against 160); the label ends at 394 and starts at 4, inside the picture.
        assert_eq!(attr(tags(&short, "circle", "kp-dot")[0], "cx"), 160.0);
        assert_eq!(attr(tags(&wide, "circle", "kp-dot")[0], "cx"), 520.0);
        assert!(wide.contains(&format!("x=\"394.0\" y=\"47.0\" text-anchor=\"end\">{long}</text>")));
        // Wide characters count twice: two kanji are 26 wide, 36 with room, under the least.
        let kanji = piece_values(&pieces(&[("玉将", 1.0), ("Pawn", 1.0)]));
        assert_eq!(attr(tags(&kanji, "rect", "kp-bar")[0], "x"), 40.0);
        let kanji = piece_values(&pieces(&[("玉将玉将", 1.0)]));
        assert_eq!(attr(tags(&kanji, "rect", "kp-bar")[0], "x"), 62.0);
    }
}
