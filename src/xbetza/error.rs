//! Errors of the XBetza layer: each points at the offending characters of the source.

use super::ast::Span;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XBetzaError {
    /// What is wrong, e.g. "unknown modifier 'e'".
    pub(crate) message: String,
    /// What would have been accepted there, if that can be said.
    pub(crate) expected: Option<String>,
    /// Where in the source (byte offsets).
    pub span: Span,
}

impl XBetzaError {
    pub(crate) fn new(message: impl Into<String>, span: Span) -> Self {
        XBetzaError { message: message.into(), expected: None, span }
    }

    pub(crate) fn expected(mut self, what: impl Into<String>) -> Self {
        self.expected = Some(what.into());
        self
    }

    /// 1-based column (in characters) of the start of the span.
    pub(crate) fn column(&self, source: &str) -> usize {
        source.char_indices().take_while(|(i, _)| *i < self.span.start).count() + 1
    }

    /// A message with the source (cut to a window around the error when it is long,
    /// `crate::text`) and a caret line under the offending characters:
    ///
    /// ```text
    /// XBetza error at column 3: unknown modifier 'e'
    ///   fReW
    ///     ^ expected ...
    /// ```
    pub fn render(&self, source: &str) -> String {
        let col = self.column(source);
        let width = source
            .get(self.span.start.min(source.len())..self.span.end.min(source.len()))
            .map(|s| s.chars().count())
            .unwrap_or(1)
            .max(1);
        let mut out = format!("XBetza error at column {col}: {}\n", self.message);
        let (shown, carets) = crate::text::underline(source, col, width);
        out.push_str(&format!("  {shown}\n  {carets}"));
        if let Some(e) = &self.expected {
            out.push_str(&format!(" expected {e}"));
        }
        out
    }
}

impl fmt::Display for XBetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.span.start)?;
        if let Some(e) = &self.expected {
            write!(f, "; expected {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for XBetzaError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long source is shown as a window (`crate::text`), the caret under the error.
    #[test]
    fn a_long_source_is_shown_around_the_error() {
        let source = format!("{}e{}", "W".repeat(500), "W".repeat(500));
        let error = XBetzaError::new("unknown modifier 'e'", Span::new(500, 501));
        let text = error.render(&source);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.iter().all(|l| l.chars().count() < 120), "{text}");
        let caret = lines[2].chars().position(|c| c == '^').expect("a caret");
        assert_eq!(lines[1].chars().nth(caret), Some('e'), "{text}");
        assert!(lines[0].contains("column 501"), "{text}");
    }
}
