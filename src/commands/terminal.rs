//! Text for the terminal, fitted to its width (issue 23): tables whose wide columns wrap at word
//! boundaries and whose least needed columns are dropped, in an order each table states, when
//! even wrapped they do not fit; and prose wrapped the same way.
//!
//! The width is, in this order: unlimited under `--wide` ([`set_wide`]); `KENSHO_WIDTH` (for
//! tests and scripts; 0: unlimited); the terminal's width when standard output is a terminal;
//! else 100.
//! A word longer than its column is shortened with "…", never cut in two.

use std::sync::atomic::{AtomicBool, Ordering};
use tabled::builder::Builder;
use tabled::settings::Style;
use tabled::Tabled;
use unicode_width::UnicodeWidthStr;

/// The width used when standard output is not a terminal and `KENSHO_WIDTH` is not set.
pub(crate) const DEFAULT_WIDTH: usize = 100;

/// Narrower than this, tables are laid out as if this wide (a column needs room for a word).
const NARROWEST: usize = 40;

static WIDE: AtomicBool = AtomicBool::new(false);

/// `--wide`: print every table whole, however wide.
pub fn set_wide(wide: bool) {
    WIDE.store(wide, Ordering::Relaxed);
}

/// The width to fit, in columns; None under `--wide`.
pub(crate) fn width() -> Option<usize> {
    if WIDE.load(Ordering::Relaxed) {
        return None;
    }
    if let Some(w) = std::env::var("KENSHO_WIDTH").ok().and_then(|v| v.trim().parse::<usize>().ok()) {
        return (w > 0).then_some(w.max(NARROWEST));
    }
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        if let Some((terminal_size::Width(w), _)) = terminal_size::terminal_size() {
            return Some(usize::from(w).max(NARROWEST));
        }
    }
    Some(DEFAULT_WIDTH)
}

/// How one column of a table gives way when the table is too wide.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fit {
    /// The column's header, as the table prints it.
    pub(crate) column: &'static str,
    /// Its text wraps down to this many columns (0: it never wraps).
    pub(crate) min: usize,
    /// When wrapping is not enough, columns are dropped by rank, lowest first (None: never).
    pub(crate) drop: Option<u8>,
}

impl Fit {
    /// A column that wraps down to `min`.
    pub(crate) const fn wrap(column: &'static str, min: usize) -> Fit {
        Fit { column, min, drop: None }
    }

    /// A column that wraps down to `min` and is dropped at rank `rank`.
    pub(crate) const fn dropped(column: &'static str, min: usize, rank: u8) -> Fit {
        Fit { column, min, drop: Some(rank) }
    }
}

/// `rows` as a terminal table (psql style) fitted to [`width`]; columns not named in `fits`
/// keep their width.
pub(crate) fn table<T: Tabled>(rows: &[T], fits: &[Fit]) -> String {
    let header: Vec<String> = T::headers().into_iter().map(|h| h.into_owned()).collect();
    let cells: Vec<Vec<String>> =
        rows.iter().map(|r| r.fields().into_iter().map(|c| c.into_owned()).collect()).collect();
    grid(&header, &cells, fits, width())
}

/// A table from a header and rows of cells, fitted to `width` (None: as wide as it is).
pub(crate) fn grid(header: &[String], rows: &[Vec<String>], fits: &[Fit], width: Option<usize>) -> String {
    let fit_of = |name: &str| fits.iter().find(|f| f.column == name).copied();
    let mut shown: Vec<usize> = (0..header.len()).collect();
    let widths = loop {
        let natural: Vec<usize> = shown.iter().map(|&c| natural_width(header, rows, c)).collect();
        let Some(limit) = width else { break natural };
        let mins: Vec<usize> = shown
            .iter()
            .zip(&natural)
            .map(|(&c, &n)| fit_of(&header[c]).filter(|f| f.min > 0).map_or(n, |f| f.min.min(n)))
            .collect();
        if let Some(widths) = shrink(&natural, &mins, limit) {
            break widths;
        }
        // Even wrapped it does not fit: drop the next column in the stated order.
        let next = shown
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| fit_of(&header[c]).and_then(|f| f.drop).map(|rank| (rank, i)))
            .min();
        match next {
            Some((_, i)) => {
                shown.remove(i);
            }
            None => break mins,
        }
    };
    let mut b = Builder::default();
    b.push_record(shown.iter().zip(&widths).map(|(&c, &w)| wrap(&header[c], w)));
    for row in rows {
        b.push_record(shown.iter().zip(&widths).map(|(&c, &w)| wrap(row.get(c).map_or("", String::as_str), w)));
    }
    let mut t = b.build();
    t.with(Style::psql());
    let mut out = t.to_string();
    if shown.len() < header.len() {
        let dropped: Vec<&str> = (0..header.len()).filter(|c| !shown.contains(c)).map(|c| header[c].as_str()).collect();
        let note = format!("(not shown at this width: {}; --wide shows every column)", dropped.join(", "));
        out.push('\n');
        out.push_str(&wrap(&note, width.unwrap_or(usize::MAX)));
    }
    out
}

/// The widest line of column `c`, header included.
fn natural_width(header: &[String], rows: &[Vec<String>], c: usize) -> usize {
    std::iter::once(header[c].as_str())
        .chain(rows.iter().map(|r| r.get(c).map_or("", String::as_str)))
        .flat_map(str::lines)
        .map(UnicodeWidthStr::width)
        .max()
        .unwrap_or(0)
}

/// Column widths that fit `limit` (psql style: one space each side, " | " between), taking
/// columns off the widest wrapping column first, none below its minimum; None if they cannot.
fn shrink(natural: &[usize], mins: &[usize], limit: usize) -> Option<Vec<usize>> {
    let overhead = 2 + 3 * natural.len().saturating_sub(1);
    let mut widths = natural.to_vec();
    let mut total: usize = widths.iter().sum::<usize>() + overhead;
    while total > limit {
        let widest = (0..widths.len()).filter(|&i| widths[i] > mins[i]).max_by_key(|&i| (widths[i], usize::MAX - i))?;
        widths[widest] -= 1;
        total -= 1;
    }
    Some(widths)
}

/// `text` wrapped at spaces to lines of at most `width` columns (`text::wrap`; its own line
/// breaks and each line's indentation kept); a word wider than that is shortened with "…".
pub(crate) fn wrap(text: &str, width: usize) -> String {
    hanging(text, width, 0)
}

/// [`wrap`], the continuation lines of each line indented `hang` columns more than it.
fn hanging(text: &str, width: usize, hang: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.width() <= width {
            lines.push(line.to_string());
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        let room = width.saturating_sub(indent + hang).max(1);
        for (i, piece) in crate::text::wrap(line, room).iter().enumerate() {
            let pad = if i == 0 { indent } else { indent + hang };
            lines.push(format!("{}{}", " ".repeat(pad), crate::text::shorten(piece, room)));
        }
    }
    lines.join("\n")
}

/// Prose for the terminal: every line wrapped to [`width`], continuation lines indented like
/// the line they continue (plus `hang` columns).
pub(crate) fn prose(text: &str, hang: usize) -> String {
    let Some(w) = width() else { return text.to_string() };
    let mut out = hanging(text, w, hang);
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_shortens_only_overlong_words() {
        assert_eq!(wrap("the palace squares", 10), "the palace\nsquares");
        assert_eq!(wrap("group.fire-demons.ability", 10), "group.fir…");
        assert_eq!(wrap("short", 10), "short");
        assert_eq!(wrap("at a16,b16,c16,d16 end", 9), "at\na16,b16,\nc16,d16\nend");
    }

    #[test]
    fn a_table_too_wide_wraps_its_wide_column_then_drops_by_rank() {
        let header = s(&["id", "text", "extra"]);
        let rows = vec![s(&["A-1", "one two three four five six seven", "x y z"])];
        let fits = [Fit::wrap("text", 8), Fit::dropped("extra", 5, 1)];
        // Wide: one line per row.
        let wide = grid(&header, &rows, &fits, None);
        assert!(wide.lines().all(|l| !l.is_empty()) && wide.lines().count() == 3, "{wide}");
        // 40 columns: the text wraps, every line fits, nothing dropped.
        let narrow = grid(&header, &rows, &fits, Some(40));
        assert!(narrow.lines().all(|l| l.width() <= 40), "{narrow}");
        assert!(narrow.contains("extra") && narrow.lines().count() > 3, "{narrow}");
        // 20 columns: wrapping to 8 is not enough (3 + 8 + 5 + 8 of borders = 24): "extra" goes.
        let tight = grid(&header, &rows, &fits, Some(20));
        assert!(tight.lines().all(|l| l.width() <= 20), "{tight}");
        assert!(tight.contains("extra;") && !tight.contains("x y z"), "{tight}");
    }
}
