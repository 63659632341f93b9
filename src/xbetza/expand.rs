//! Unrolls repetition groups: a component becomes one or more plain chains of legs.
//!
//! `X(g)NZ` stands for `XZ`, `XgZ`, `XggZ` ... up to N copies (XBETZA.md, "Repetition
//! groups"); the `a` letters then split each chain into legs, and the atom and range are
//! shared by every leg.

use super::ast::{Atom, Component, Modifier, PrefixItem, Span};
use super::error::XBetzaError;

/// Most chains one component may unroll into.
pub(crate) const MAX_CHAINS: usize = 4096;
/// Most legs one chain may have.
pub(crate) const MAX_LEGS: usize = 32;
/// Most letters (modifiers and leg separators) one unrolled chain may have: with at most
/// `MAX_CHAINS` chains, this bounds the memory unrolling takes.
pub(crate) const MAX_CHAIN_LETTERS: usize = 256;

/// One leg's modifier letters, as written, with their spans.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LegLetters {
    pub(crate) letters: Vec<(Modifier, Span)>,
}

/// A component with its groups unrolled: a sequence of legs sharing one atom and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Chain {
    pub(crate) legs: Vec<LegLetters>,
    pub(crate) atom: Atom,
    pub(crate) atom_span: Span,
    pub(crate) range: Option<u32>,
    /// The span of the whole component this chain came from.
    pub(crate) span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Letter(Modifier, Span),
    Leg,
}

fn unroll(items: &[PrefixItem], span: Span) -> Result<Vec<Vec<Token>>, XBetzaError> {
    let mut variants: Vec<Vec<Token>> = vec![Vec::new()];
    for it in items {
        match it {
            PrefixItem::Letter(m, s) => variants.iter_mut().for_each(|v| v.push(Token::Letter(*m, *s))),
            PrefixItem::Leg(_) => variants.iter_mut().for_each(|v| v.push(Token::Leg)),
            PrefixItem::Group { items, max, span } => {
                let inner = unroll(items, *span)?;
                // copies[k] = every way to write k copies of the group
                let mut copies: Vec<Vec<Vec<Token>>> = vec![vec![Vec::new()]];
                // Counted before anything is built: a nested group can multiply 4,096 variants
                // by 4,096 in one step, gigabytes if built first and checked after.
                for k in 1..=*max as usize {
                    if copies[k - 1].len().saturating_mul(inner.len()) > MAX_CHAINS {
                        return Err(too_many(*span));
                    }
                    let mut next = Vec::new();
                    for prefix in &copies[k - 1] {
                        for body in &inner {
                            next.push(joined(prefix, body, *span)?);
                        }
                    }
                    copies.push(next);
                }
                let group_variants: usize = copies.iter().map(Vec::len).sum();
                if variants.len().saturating_mul(group_variants) > MAX_CHAINS {
                    return Err(too_many(*span));
                }
                let mut out = Vec::new();
                for v in &variants {
                    for group_variant in copies.iter().flatten() {
                        out.push(joined(v, group_variant, *span)?);
                    }
                }
                variants = out;
            }
        }
    }
    if variants.len() > MAX_CHAINS {
        return Err(too_many(span));
    }
    Ok(variants)
}

/// `a` followed by `b`, unless that is longer than a chain may be.
fn joined(a: &[Token], b: &[Token], span: Span) -> Result<Vec<Token>, XBetzaError> {
    if a.len() + b.len() > MAX_CHAIN_LETTERS {
        return Err(XBetzaError::new(
            format!("this unrolls into a path of more than {MAX_CHAIN_LETTERS} letters"),
            span,
        )
        .expected("smaller repetition counts or fewer letters in the group"));
    }
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    Ok(v)
}

fn too_many(span: Span) -> XBetzaError {
    XBetzaError::new(format!("this unrolls into more than {MAX_CHAINS} move paths"), span)
        .expected("smaller repetition counts")
}

/// Unrolls one component into its chains, in the order the notation lists them
/// (0 copies of a group first).
pub(crate) fn expand(component: &Component) -> Result<Vec<Chain>, XBetzaError> {
    let variants = unroll(&component.prefix, component.span)?;
    let mut chains = Vec::with_capacity(variants.len());
    for tokens in variants {
        let mut legs = vec![LegLetters::default()];
        for t in tokens {
            match t {
                Token::Letter(m, s) => legs.last_mut().expect("at least one leg").letters.push((m, s)),
                Token::Leg => legs.push(LegLetters::default()),
            }
        }
        if legs.len() > MAX_LEGS {
            return Err(XBetzaError::new(
                format!("a path with {} legs is more than kensho allows", legs.len()),
                component.span,
            )
            .expected(format!("at most {MAX_LEGS} legs")));
        }
        chains.push(Chain {
            legs,
            atom: component.atom,
            atom_span: component.atom_span,
            range: component.range,
            span: component.span,
        });
    }
    Ok(chains)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xbetza::parser::parse;

    fn shapes(s: &str) -> Vec<String> {
        let b = parse(s).unwrap();
        let mut out = Vec::new();
        for c in &b.components {
            for ch in expand(c).unwrap() {
                let legs: Vec<String> =
                    ch.legs.iter().map(|l| l.letters.iter().map(|(m, _)| m.letter()).collect()).collect();
                out.push(format!("{}{}", legs.join("a"), ch.atom.letter()));
            }
        }
        out
    }

    #[test]
    fn groups_unroll_from_zero_to_n_copies() {
        // XBETZA.md: `(a)2K` = `K`, `aK`, `aaK`; `(cpaf)2cB` = `cB`, `cpafcB`, `cpafcpafcB`.
        assert_eq!(shapes("(a)2K"), ["K", "aK", "aaK"]);
        assert_eq!(shapes("(cpaf)2cB"), ["cB", "cpafcB", "cpafcpafcB"]);
        assert_eq!(shapes("mcab(mpacab)1K"), ["mcabK", "mcabmpacabK"]);
    }
}
