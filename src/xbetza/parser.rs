//! Recursive-descent parser: XBetza text -> [`Betza`] syntax tree.
//!
//! Grammar (as the Interactive Diagram configurations in the seeds use it):
//! ```text
//! betza     := component+
//! component := prefix ATOM range?
//! prefix    := ( modifier | 'a' | '(' prefix ')' count )*
//! range     := digits          (1..=99; 0 means unlimited)
//! count     := digits          (1..=MAX_GROUP_REPEAT)
//! ```

use super::ast::{Atom, Betza, Component, Modifier, PrefixItem, Span};
use super::error::XBetzaError;

/// Largest `N` accepted in `(group)N`: more is never needed and would explode the expansion.
pub(crate) const MAX_GROUP_REPEAT: u32 = 9;
/// Largest range accepted after an atom (boards are at most 26 wide).
pub(crate) const MAX_RANGE: u32 = 99;
/// Deepest nesting of groups accepted: the notation's own pieces nest one deep, and every later
/// step (unrolling, printing) recurses once per level, so a limit keeps hostile input from
/// exhausting the stack.
pub(crate) const MAX_GROUP_DEPTH: usize = 8;

const EXPECT_ANY: &str = "a modifier letter (f b l r v s h m c d p g y n j i o x), the leg separator 'a', a group '(', or an atom (W F D N A H G C Z K R B Q U)";
const EXPECT_AFTER_ATOM: &str = "a range number, or the start of the next atom's modifiers";

pub fn parse(source: &str) -> Result<Betza, XBetzaError> {
    let mut p = Parser { chars: source.char_indices().collect(), pos: 0, len: source.len(), depth: 0 };
    if p.chars.is_empty() {
        return Err(
            XBetzaError::new("empty XBetza string", Span::at(0)).expected("at least one atom, for example K or fRbW2")
        );
    }
    let mut components = Vec::new();
    while !p.at_end() {
        components.push(p.component()?);
    }
    Ok(Betza { components })
}

struct Parser {
    chars: Vec<(usize, char)>,
    pos: usize,
    len: usize,
    /// How many groups are open where the parser stands.
    depth: usize,
}

impl Parser {
    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn peek(&self) -> Option<(usize, char)> {
        self.chars.get(self.pos).copied()
    }

    fn offset(&self) -> usize {
        self.peek().map(|(i, _)| i).unwrap_or(self.len)
    }

    fn span_here(&self) -> Span {
        match self.peek() {
            Some((i, c)) => Span::new(i, i + c.len_utf8()),
            None => Span::new(self.len, self.len + 1),
        }
    }

    fn component(&mut self) -> Result<Component, XBetzaError> {
        let start = self.offset();
        let prefix = self.prefix(false)?;
        let Some((at, c)) = self.peek() else {
            return Err(XBetzaError::new("the modifiers at the end are not followed by an atom", self.span_here())
                .expected("an atom (W F D N A H G C Z K R B Q U)"));
        };
        let atom = match Atom::from_char(c) {
            Some(a) => a,
            None if c == ')' => {
                return Err(XBetzaError::new("')' without a matching '('", self.span_here()).expected(EXPECT_ANY))
            }
            None => return Err(self.unexpected(c)),
        };
        self.pos += 1;
        let atom_span = Span::new(at, at + 1);
        let range = match self.number()? {
            None => None,
            Some((n, span)) => {
                if n > MAX_RANGE {
                    return Err(XBetzaError::new(format!("range {n} is too large"), span)
                        .expected(format!("a range from 0 to {MAX_RANGE}")));
                }
                Some(n)
            }
        };
        Ok(Component { prefix, atom, atom_span, range, span: Span::new(start, self.offset()) })
    }

    /// Modifier letters, leg separators and groups, up to an atom (or, inside a group, `)`).
    fn prefix(&mut self, in_group: bool) -> Result<Vec<PrefixItem>, XBetzaError> {
        let mut items = Vec::new();
        while let Some((at, c)) = self.peek() {
            let span = Span::new(at, at + c.len_utf8());
            if c == 'a' {
                self.pos += 1;
                items.push(PrefixItem::Leg(span));
            } else if let Some(m) = Modifier::from_char(c) {
                self.pos += 1;
                items.push(PrefixItem::Letter(m, span));
            } else if c == '(' {
                if self.depth == MAX_GROUP_DEPTH {
                    return Err(XBetzaError::new(format!("groups nested more than {MAX_GROUP_DEPTH} deep"), span)
                        .expected(format!("at most {MAX_GROUP_DEPTH} groups inside one another")));
                }
                self.pos += 1;
                self.depth += 1;
                let inner = self.prefix(true);
                self.depth -= 1;
                let inner = inner?;
                match self.peek() {
                    Some((_, ')')) => self.pos += 1,
                    _ => {
                        return Err(XBetzaError::new("unclosed group", span)
                            .expected("')' followed by a repetition count, as in (mpacab)2"))
                    }
                }
                if inner.is_empty() {
                    return Err(XBetzaError::new("empty group", Span::new(at, self.offset()))
                        .expected("modifier letters or 'a' inside the parentheses"));
                }
                let (max, count_span) = match self.number()? {
                    Some(n) => n,
                    None => {
                        return Err(XBetzaError::new("a group needs a repetition count", self.span_here())
                            .expected("a number after ')', as in (a)2"))
                    }
                };
                if max == 0 || max > MAX_GROUP_REPEAT {
                    return Err(XBetzaError::new(format!("repetition count {max} is out of range"), count_span)
                        .expected(format!("a count from 1 to {MAX_GROUP_REPEAT}")));
                }
                items.push(PrefixItem::Group { items: inner, max, span: Span::new(at, self.offset()) });
            } else if c == ')' {
                if in_group {
                    break;
                }
                return Err(XBetzaError::new("')' without a matching '('", span).expected(EXPECT_ANY));
            } else if Atom::from_char(c).is_some() {
                if in_group {
                    return Err(XBetzaError::new(format!("atom '{c}' inside a group"), span)
                        .expected("only modifier letters and 'a' inside a group; the atom follows the whole prefix"));
                }
                break;
            } else if c.is_ascii_digit() {
                return Err(XBetzaError::new(format!("number '{c}' where no atom or group precedes it"), span)
                    .expected(EXPECT_ANY));
            } else {
                return Err(self.unexpected(c));
            }
        }
        Ok(items)
    }

    fn unexpected(&self, c: char) -> XBetzaError {
        let what = if c.is_ascii_lowercase() {
            format!("unknown modifier '{c}'")
        } else if c.is_ascii_uppercase() {
            format!("unknown atom '{c}'")
        } else if c.is_whitespace() {
            "white space inside an XBetza string".to_string()
        } else {
            format!("unexpected character '{}'", c.escape_debug())
        };
        XBetzaError::new(what, self.span_here()).expected(EXPECT_ANY)
    }

    /// An optional decimal number; its value and span.
    fn number(&mut self) -> Result<Option<(u32, Span)>, XBetzaError> {
        let start = self.pos;
        while matches!(self.peek(), Some((_, c)) if c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return Ok(None);
        }
        let from = self.chars[start].0;
        let to = self.offset();
        let span = Span::new(from, to);
        let digits: String = self.chars[start..self.pos].iter().map(|(_, c)| c).collect();
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(
                XBetzaError::new(format!("number '{digits}' has a leading zero"), span).expected(EXPECT_AFTER_ATOM)
            );
        }
        match digits.parse::<u32>() {
            Ok(n) => Ok(Some((n, span))),
            Err(_) => {
                Err(XBetzaError::new(format!("number '{digits}' is too large"), span).expected(EXPECT_AFTER_ATOM))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_groups_and_legs() {
        let b = parse("mcab(mpacab)1K").unwrap();
        assert_eq!(b.components.len(), 1);
        assert_eq!(b.to_string(), "mcab(mpacab)1K");
    }

    #[test]
    fn errors_point_at_the_character() {
        let e = parse("fReW").unwrap_err();
        assert_eq!(e.span.start, 2);
        assert!(e.message.contains("'e'"));
        let e = parse("fR(a").unwrap_err();
        assert!(e.message.contains("unclosed"), "{e}");
        let e = parse("caK)").unwrap_err();
        assert!(e.message.contains("without a matching"), "{e}");
        let e = parse("(a)K").unwrap_err();
        assert!(e.message.contains("repetition count"), "{e}");
        let e = parse("mc").unwrap_err();
        assert!(e.message.contains("not followed by an atom"), "{e}");
        assert_eq!(e.span.start, 2);
    }

    /// Groups nest up to MAX_GROUP_DEPTH; the next '(' is refused where it stands, and so is
    /// a million of them (which used to overflow the stack), without recursing that deep.
    #[test]
    fn nesting_is_limited_and_the_error_points_at_the_first_group_too_deep() {
        let deep = |n: usize| format!("{}a{}K", "(".repeat(n), ")1".repeat(n));
        assert!(parse(&deep(MAX_GROUP_DEPTH)).is_ok());
        let e = parse(&deep(MAX_GROUP_DEPTH + 1)).unwrap_err();
        assert!(e.message.contains("nested more than"), "{e}");
        assert_eq!(e.span.start, MAX_GROUP_DEPTH);
        let e = parse(&"(".repeat(1_000_000)).unwrap_err();
        assert_eq!(e.span.start, MAX_GROUP_DEPTH, "{e}");
    }
}
