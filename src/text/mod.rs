//! Text for messages: a line of input shown under an error with the offending characters
//! underlined, cut to a window around them when the line is long (a hostile string of a
//! million characters must not become a million-character line on the terminal); numbers
//! with thousands separators; and prose wrapped to the terminal.

pub(crate) mod board;

/// Most characters of a line an excerpt shows.
pub(crate) const WINDOW: usize = 72;

/// `line` and a caret line under its `width` characters from 1-based character column
/// `column`; cut to [`WINDOW`] characters around the column, with `…` where something was
/// left out.
pub(crate) fn underline(line: &str, column: usize, width: usize) -> (String, String) {
    let chars: Vec<char> = line.chars().collect();
    let at = (column.max(1) - 1).min(chars.len());
    let first = at.saturating_sub(WINDOW / 2);
    let last = (first + WINDOW).min(chars.len());
    let lead = if first > 0 { "…" } else { "" };
    let tail = if last < chars.len() { "…" } else { "" };
    let shown: String = chars[first..last].iter().collect();
    let caret_at = at - first + lead.chars().count();
    let width = width.min(last.saturating_sub(at)).max(1);
    (format!("{lead}{shown}{tail}"), format!("{}{}", " ".repeat(caret_at), "^".repeat(width)))
}

/// `n` with thousands separators: 19,861,490.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A share (0.25) as a percentage with one decimal ("25.0%").
pub(crate) fn percent(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}

/// The text on one line, cut to `max` terminal columns with an ellipsis (a wide character,
/// as CJK ones are, takes two).
pub(crate) fn shorten(s: &str, max: usize) -> String {
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.width() <= max {
        return s;
    }
    let mut cut = String::new();
    for c in s.chars() {
        if cut.width() + c.width().unwrap_or(0) + 1 > max {
            break;
        }
        cut.push(c);
    }
    format!("{cut}…")
}

/// `text` cut into lines of at most `width` characters at spaces. A word wider than that is
/// cut after its commas (a list written without spaces, such as `a16,b16,c16`) when each piece
/// then fits; otherwise it stands alone on a longer line.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    // (piece, whether it follows the previous piece without a space)
    let pieces =
        text.split_whitespace().flat_map(|w| comma_pieces(w, width).into_iter().enumerate().map(|(i, p)| (p, i > 0)));
    for (piece, glued) in pieces {
        let gap = usize::from(!glued);
        if !line.is_empty() && line.chars().count() + gap + piece.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() && !glued {
            line.push(' ');
        }
        line.push_str(piece);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `word` as pieces cut after its commas, each as long as fits in `width`; one piece when it
/// fits or has no comma.
fn comma_pieces(word: &str, width: usize) -> Vec<&str> {
    // Cut only where every piece then fits: a piece too long would be cut again elsewhere.
    if word.chars().count() <= width || word.split_inclusive(',').any(|p| p.chars().count() > width) {
        return vec![word];
    }
    let mut out = Vec::new();
    let (mut start, mut len) = (0, 0);
    for part in word.split_inclusive(',') {
        let n = part.chars().count();
        if len > 0 && len + n > width {
            out.push(&word[start..start + len_bytes(word, start, len)]);
            start += len_bytes(word, start, len);
            len = 0;
        }
        len += n;
    }
    out.push(&word[start..]);
    out
}

/// The byte length of the `chars` characters of `s` from byte `start`.
fn len_bytes(s: &str, start: usize, chars: usize) -> usize {
    s[start..].char_indices().nth(chars).map_or(s.len() - start, |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_within_the_width() {
        assert_eq!(wrap("one two three four", 9), vec!["one two", "three", "four"]);
        assert_eq!(wrap("a verylongword b", 4), vec!["a", "verylongword", "b"]);
        assert!(wrap("   ", 10).is_empty());
        // A list without spaces breaks after its commas, and nowhere else.
        assert_eq!(wrap("at a16,b16,c16,d16 end", 9), vec!["at", "a16,b16,", "c16,d16", "end"]);
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(19_861_490), "19,861,490");
    }

    #[test]
    fn a_short_line_is_shown_whole() {
        assert_eq!(underline("fReW", 3, 1), ("fReW".to_string(), "  ^".to_string()));
    }

    /// The caret stands under the offending character (the 'e' after 500 W's), every line
    /// stays short, and the cut ends are marked.
    #[test]
    fn a_long_line_is_shown_around_the_column() {
        let line = format!("{}e{}", "W".repeat(500), "W".repeat(500));
        let (shown, carets) = underline(&line, 501, 1);
        assert!(shown.chars().count() <= WINDOW + 2 && carets.chars().count() <= WINDOW + 2, "{shown}\n{carets}");
        let caret = carets.chars().position(|c| c == '^').expect("a caret");
        assert_eq!(shown.chars().nth(caret), Some('e'), "{shown}\n{carets}");
        assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
        // A span running past the window is underlined to the window's end only.
        let (_, carets) = underline(&line, 1, 1000);
        assert_eq!(carets.chars().count(), WINDOW);
    }
}
