//! Boards drawn as text for the terminal.

use crate::geometry::{BoardSize, Square};

/// Draws a board with one character per square, highest rank on top, file letters below.
/// `mark` gives the character of each square.
pub(crate) fn draw(size: BoardSize, mut mark: impl FnMut(Square) -> char) -> String {
    let mut out = String::new();
    for rank in (0..size.ranks).rev() {
        out.push_str(&format!("{:>3} ", rank as u32 + 1));
        for file in 0..size.files {
            out.push(mark(Square::new(file, rank)));
            if file + 1 < size.files {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out.push_str("    ");
    let files: Vec<String> = (0..size.files).map(|f| ((b'a' + f) as char).to_string()).collect();
    out.push_str(&files.join(" "));
    out.push('\n');
    out
}

/// Draws a board with a text cell per square, each padded to `width` characters, highest rank
/// on top, file letters below.
pub(crate) fn draw_cells(size: BoardSize, width: usize, mut cell: impl FnMut(Square) -> String) -> String {
    let mut out = String::new();
    for rank in (0..size.ranks).rev() {
        out.push_str(&format!("{:>3} ", rank as u32 + 1));
        let row: Vec<String> = (0..size.files).map(|f| format!("{:>width$}", cell(Square::new(f, rank)))).collect();
        out.push_str(row.join(" ").trim_end());
        out.push('\n');
    }
    out.push_str("    ");
    let files: Vec<String> = (0..size.files).map(|f| format!("{:>width$}", (b'a' + f) as char)).collect();
    out.push_str(&files.join(" "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_highest_rank_on_top() {
        let size = BoardSize::parse("3x2").unwrap();
        let text = draw(size, |sq| if sq == Square::new(0, 1) { '@' } else { '.' });
        assert_eq!(text, "  2 @ . .\n  1 . . .\n    a b c\n");
    }

    #[test]
    fn wide_cells_line_up_under_their_files() {
        let size = BoardSize::parse("2x2").unwrap();
        let text = draw_cells(size, 3, |sq| if sq.file == 0 && sq.rank == 0 { "+DE".into() } else { ".".into() });
        assert_eq!(text, "  2   .   .\n  1 +DE   .\n      a   b\n");
    }
}
