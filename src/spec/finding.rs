//! What `kensho lint` and `kensho ingest` report: a finding with a severity, a short code, the
//! clauses it concerns and a message.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The spec (or document) cannot be right as it stands.
    Error,
    /// Probably a mistake, or a gap a designer should close.
    Warning,
    /// Worth knowing; no action needed.
    Info,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub severity: Severity,
    /// A stable short code (`setup-overlap`, `moves-differ`), for filtering and tests.
    pub code: &'static str,
    /// What it is about: a piece, a square, a reading.
    pub subject: String,
    /// The clause ids it concerns (empty when the document has none).
    pub clauses: Vec<String>,
    pub message: String,
    /// Where: `document line 21`, `specs/hook.toml`.
    pub location: String,
}

impl Finding {
    pub(crate) fn new(
        severity: Severity,
        code: &'static str,
        subject: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Finding {
            severity,
            code,
            subject: subject.into(),
            clauses: Vec::new(),
            message: message.into(),
            location: String::new(),
        }
    }

    pub(crate) fn clauses(mut self, clauses: Vec<String>) -> Self {
        self.clauses = clauses;
        self
    }

    pub(crate) fn at(mut self, location: impl Into<String>) -> Self {
        self.location = location.into();
        self
    }
}
