//! `kensho readings`: the named readings of the XBetza notation's open points, each with its
//! question, its options and why the default is the default.

use super::exit::{self, Output};
use crate::xbetza::readings::READINGS;

pub fn run() -> exit::Result {
    let mut out = Output::new();
    for r in READINGS {
        out.prose(format_args!("{}: {}", r.name, r.question));
        for (i, (v, meaning)) in r.values.iter().enumerate() {
            let tag = if i == 0 { " (default)" } else { "" };
            out.prose(format_args!("  {v}{tag}: {meaning}"));
        }
        out.prose(format_args!("  why the default: {}\n", r.why_default));
    }
    Ok(out)
}
