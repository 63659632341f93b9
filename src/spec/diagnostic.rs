//! Diagnostics that name the file, line and column of a spec, with the offending line drawn
//! and the offending characters underlined.

use std::fmt;
use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub(crate) file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// The source line and the caret line under it.
    pub(crate) snippet: String,
}

impl Diagnostic {
    /// Locates `span` (byte offsets) in `source`.
    pub(crate) fn at(file: &str, source: &str, span: Range<usize>, message: impl Into<String>) -> Self {
        let start = span.start.min(source.len());
        let line_start = source[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
        let line_end = source[start..].find('\n').map(|i| start + i).unwrap_or(source.len());
        let line = source[..start].matches('\n').count() + 1;
        let column = source[line_start..start].chars().count() + 1;
        let text = &source[line_start..line_end];
        let end = span.end.clamp(start, line_end.max(start));
        let width = source[start..end].chars().count().max(1);
        let gutter = line.to_string().len();
        // A long line (a hostile XBetza string) is shown as a window around the column.
        let (text, carets) = crate::text::underline(text, column, width);
        let snippet = format!("{:gutter$} |\n{line} | {text}\n{:gutter$} | {carets}", "", "");
        Diagnostic { file: file.to_string(), line, column, message: message.into(), snippet }
    }

    /// The text of a file read as bytes, or a diagnostic at its first byte that is not UTF-8:
    /// line and column counted in the characters before it, the line drawn as far as it reads.
    pub(crate) fn utf8(file: &str, bytes: Vec<u8>) -> Result<String, Diagnostic> {
        String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            // The lossy text is the same bytes up to `at`, where U+FFFD (3 bytes) stands.
            let text = String::from_utf8_lossy(e.as_bytes());
            let replacement = char::REPLACEMENT_CHARACTER.len_utf8();
            Diagnostic::at(
                file,
                &text,
                at..at + replacement,
                format!("the file is not UTF-8: byte 0x{byte:02X} here does not begin or continue a character"),
            )
        })
    }

    /// A diagnostic about the whole file (it could not be read, say).
    pub(crate) fn whole_file(file: &str, message: impl Into<String>) -> Self {
        Diagnostic { file: file.to_string(), line: 0, column: 0, message: message.into(), snippet: String::new() }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error: {}", self.message)?;
        if self.line == 0 {
            write!(f, "  --> {}", self.file)
        } else {
            write!(f, "  --> {}:{}:{}\n{}", self.file, self.line, self.column, self.snippet)
        }
    }
}

/// Every problem found in one spec file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecErrors(pub Vec<Diagnostic>);

impl fmt::Display for SpecErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            writeln!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_line_and_column_and_underlines() {
        let src = "a = 1\nbb = \"xyz\"\n";
        let d = Diagnostic::at("f.toml", src, 11..16, "bad value");
        assert_eq!((d.line, d.column), (2, 6));
        assert!(d.snippet.contains("2 | bb = \"xyz\""));
        assert!(d.snippet.ends_with("     ^^^^^"), "{:?}", d.snippet);
        assert!(d.to_string().contains("--> f.toml:2:6"));
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_located() {
        let d = Diagnostic::utf8("f.toml", b"a = 1\nb = \"x\xffy\"\n".to_vec()).unwrap_err();
        assert_eq!((d.line, d.column), (2, 7));
        assert!(d.message.contains("byte 0xFF"), "{}", d.message);
        assert!(d.snippet.ends_with("      ^"), "{:?}", d.snippet);
        assert_eq!(Diagnostic::utf8("f.toml", "é = 1".as_bytes().to_vec()).unwrap(), "é = 1");
    }
}
