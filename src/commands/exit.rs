//! What a command gives back to `main`, and the one place where that becomes an exit status:
//! 0 success, 1 a check failed (a violation, a refuted proof, a difference...), 2 bad input or
//! usage, or a failure to write what was asked for.

use std::fmt::{Display, Write};

/// A command's standard output, and whether what it checked failed. Diagnostics (the seed,
/// warnings, progress) go to standard error while the command runs; this is what it prints
/// when it is done.
#[derive(Debug, Default)]
pub struct Output {
    text: String,
    failed: bool,
}

impl Output {
    pub(crate) fn new() -> Output {
        Output::default()
    }

    /// Appends `text` as it is.
    pub(crate) fn append(&mut self, text: impl Display) {
        // Writing into a String cannot fail.
        let _ = write!(self.text, "{text}");
    }

    /// Appends `text` and a line break.
    pub(crate) fn line(&mut self, text: impl Display) {
        let _ = writeln!(self.text, "{text}");
    }

    /// Appends a line of prose, wrapped at spaces to the terminal's width (`terminal::prose`).
    pub(crate) fn prose(&mut self, text: impl Display) {
        self.line(super::terminal::prose(&text.to_string(), 2));
    }

    /// Appends `value` as pretty-printed JSON and a line break.
    pub(crate) fn json(&mut self, value: &serde_json::Value) {
        self.line(serde_json::to_string_pretty(value).expect("a serde_json::Value always serializes"));
    }

    /// Marks the run as failed: what it checked does not hold (exit status 1).
    pub(crate) fn fail(&mut self) {
        self.failed = true;
    }

    /// Marks the run as failed when `failed` holds.
    pub(crate) fn fail_if(&mut self, failed: bool) {
        self.failed |= failed;
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn failed(&self) -> bool {
        self.failed
    }

    /// 0, or 1 when what the command checked failed.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.failed)
    }
}

/// Why a command could not do its job. Every kind exits with status 2.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A bad command line or bad input (a reading, a position string, an XBetza string, a
    /// file that cannot be read), with the message that names it.
    #[error("{0}")]
    Input(String),
    /// Spec files that did not load, each with its diagnostics (file, line and what is wrong).
    #[error("{}", .0.concat())]
    Specs(Vec<String>),
    /// What the command was asked to write could not be written.
    #[error("{0}")]
    Write(String),
    /// A failure after part of the work was done: the output that says what was done (printed
    /// first, so that nothing done goes unsaid), then why the command stopped.
    #[error("{error}")]
    Partway { output: Output, error: Box<Error> },
}

impl Error {
    pub fn exit_code(&self) -> u8 {
        2
    }

    /// How `main` prints it on standard error: spec diagnostics as they come (they name
    /// themselves), the others after `error: `.
    pub fn message(&self) -> String {
        match self {
            Error::Specs(_) => self.to_string(),
            Error::Input(m) | Error::Write(m) => format!("error: {m}\n"),
            Error::Partway { error, .. } => error.message(),
        }
    }

    /// The standard output of the work done before the failure, if any.
    pub fn output(&self) -> Option<&Output> {
        match self {
            Error::Partway { output, .. } => Some(output),
            _ => None,
        }
    }

    /// This failure, after the work `output` reports.
    pub(crate) fn after(self, output: Output) -> Error {
        Error::Partway { output, error: Box::new(self) }
    }
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::Input(message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error::Input(message.to_string())
    }
}

/// What `run` of every command gives back.
pub type Result<T = Output> = std::result::Result<T, Error>;
