//! Named readings of the points XBetza's public descriptions leave open (XBETZA.md).
//!
//! Each reading has a default chosen to match the seed documents' prose; every one can be
//! switched (`--reading NAME=VALUE`), so no open point is decided silently.

use std::fmt;

/// What `h` ("half") adds to a direction letter, as in `vhQ` and `shQ`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HalfReading {
    /// `Xh` = every direction with a component toward X: `vhQ` = f, b and the four diagonals,
    /// `shQ` = l, r and the four diagonals (the Heavenly Tetrarch's and Fire Demon's prose).
    HalfPlane,
    /// `h` adds nothing: `vhQ` = `vQ`, `shQ` = `sQ`.
    Ignored,
}

/// Which alternatives of a leg toggle the range when the leg has `y` (or `g`) among other
/// modes, as the Fire Demon's `shy(mpacab)2Q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToggleScope {
    /// The toggle belongs to the leg: whichever alternative the leg takes, the range toggles.
    /// Only this gives the prose's "burn up to two pieces adjacent to the destination".
    WholeLeg,
    /// Only the `y`/`g` alternative toggles; an `m` or `p` ending keeps the slider range,
    /// which lets the Fire Demon take pieces far down its lines.
    OwnAlternative,
}

/// How long a range toggle lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToggleSpan {
    /// Every later leg of the move uses the toggled range (until toggled again).
    RestOfMove,
    /// Only the next leg uses the toggled range.
    NextLeg,
}

/// The set of readings in force for compiling and generating moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Readings {
    pub half: HalfReading,
    pub toggle_scope: ToggleScope,
    pub toggle_span: ToggleSpan,
}

impl Default for Readings {
    fn default() -> Self {
        Readings {
            half: HalfReading::HalfPlane,
            toggle_scope: ToggleScope::WholeLeg,
            toggle_span: ToggleSpan::RestOfMove,
        }
    }
}

/// A description of one reading for help texts and reports.
pub(crate) struct ReadingInfo {
    pub(crate) name: &'static str,
    pub(crate) question: &'static str,
    /// (value, meaning); the first is the default.
    pub(crate) values: &'static [(&'static str, &'static str)],
    pub(crate) why_default: &'static str,
}

pub(crate) const READINGS: &[ReadingInfo] = &[
    ReadingInfo {
        name: "h-modifier",
        question: "What does 'h' add to a direction letter (vhQ, shQ)?",
        values: &[
            ("half-plane", "Xh = every direction with a component toward X: vhQ = f, b and the four diagonals; shQ = l, r and the four diagonals"),
            ("ignored", "h adds nothing: vhQ = vQ, shQ = sQ"),
        ],
        why_default: "the Heavenly Tetrarch 'can slide arbitrarily far in all other directions' and the Fire Demon 'can slide sideways or diagonally': only half-plane gives that",
    },
    ReadingInfo {
        name: "y-scope",
        question: "When a leg has y among other modes (shy(mpacab)2Q), does the range toggle for every alternative or only for y?",
        values: &[
            ("whole-leg", "whichever mode the leg ends with, the range toggles"),
            ("own-alternative", "only a y (or g) ending toggles; m and p endings keep the slider range"),
        ],
        why_default: "the Fire Demon burns 'up to two non-Fire Demon opponents adjacent to that square': with own-alternative its m/p endings would take pieces far down its lines",
    },
    ReadingInfo {
        name: "toggle-span",
        question: "Does a range toggle (y, g) last for the rest of the move or for the next leg only?",
        values: &[
            ("rest-of-move", "every later leg uses the toggled range"),
            ("next-leg", "only the next leg uses the toggled range"),
        ],
        why_default: "the Fire Demon's burn legs c and b both step one square; with next-leg the step back would slide on past the destination",
    },
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingError(pub String);

impl fmt::Display for ReadingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadingError {}

impl Readings {
    /// Sets one reading from `NAME=VALUE` text.
    pub fn apply(&mut self, assignment: &str) -> Result<(), ReadingError> {
        let Some((name, value)) = assignment.split_once('=') else {
            return Err(ReadingError(format!(
                "malformed reading '{assignment}': expected NAME=VALUE, for example y-scope=whole-leg"
            )));
        };
        self.set(name.trim(), value.trim())
    }

    pub(crate) fn set(&mut self, name: &str, value: &str) -> Result<(), ReadingError> {
        let info = READINGS.iter().find(|r| r.name == name).ok_or_else(|| {
            let names: Vec<&str> = READINGS.iter().map(|r| r.name).collect();
            ReadingError(format!("unknown reading '{name}': the XBetza readings are {}", names.join(", ")))
        })?;
        let bad_value = || {
            let values: Vec<&str> = info.values.iter().map(|(v, _)| *v).collect();
            ReadingError(format!("unknown value '{value}' for reading {name}: expected one of {}", values.join(", ")))
        };
        match (name, value) {
            ("h-modifier", "half-plane") => self.half = HalfReading::HalfPlane,
            ("h-modifier", "ignored") => self.half = HalfReading::Ignored,
            ("y-scope", "whole-leg") => self.toggle_scope = ToggleScope::WholeLeg,
            ("y-scope", "own-alternative") => self.toggle_scope = ToggleScope::OwnAlternative,
            ("toggle-span", "rest-of-move") => self.toggle_span = ToggleSpan::RestOfMove,
            ("toggle-span", "next-leg") => self.toggle_span = ToggleSpan::NextLeg,
            _ => return Err(bad_value()),
        }
        Ok(())
    }

    /// The current value of every reading, as (name, value).
    pub fn values(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            (
                "h-modifier",
                match self.half {
                    HalfReading::HalfPlane => "half-plane",
                    HalfReading::Ignored => "ignored",
                },
            ),
            (
                "y-scope",
                match self.toggle_scope {
                    ToggleScope::WholeLeg => "whole-leg",
                    ToggleScope::OwnAlternative => "own-alternative",
                },
            ),
            (
                "toggle-span",
                match self.toggle_span {
                    ToggleSpan::RestOfMove => "rest-of-move",
                    ToggleSpan::NextLeg => "next-leg",
                },
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_value_is_settable_and_reads_back() {
        for info in READINGS {
            for (value, _) in info.values {
                let mut r = Readings::default();
                r.set(info.name, value).unwrap();
                assert!(r.values().contains(&(info.name, *value)));
            }
        }
        // the first listed value is the default
        let d = Readings::default().values();
        for info in READINGS {
            assert!(d.contains(&(info.name, info.values[0].0)));
        }
    }

    #[test]
    fn bad_assignments_are_errors() {
        let mut r = Readings::default();
        assert!(r.apply("y-scope").is_err());
        assert!(r.apply("nope=1").is_err());
        assert!(r.apply("y-scope=sometimes").is_err());
    }
}
