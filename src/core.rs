//! The small types every layer speaks in: the player (`Color`), the piece type (`PieceId`) and
//! the zone (`ZoneId`). They sit below every other module so that the spec, the XBetza layer and the
//! engine name a player and a piece type alike; the crate root re-exports them with the
//! engine's records (`Man`, `Position`, `Move`, `Engine`) and the board's (`Square`,
//! `BoardSize`), the types a newcomer looks for first.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A player. The first player (Black, sente) sets up on the low ranks and, unless the rules say
/// otherwise, moves first; the second (White, gote) is the first rotated.
///
/// One byte, its discriminant the index used in `[T; 2]` tables, so that `opposite` and the
/// table lookups cost what the `u8` they replace cost. Serialized as that number (0 or 1), as
/// the JSON and the position records wrote the player before this type; its `Debug` is that
/// number too, because checker messages print records (`Some(Win(1, ..))`) with `{:?}`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The first player (sente).
    #[default]
    Black = 0,
    /// The second player (gote).
    White = 1,
}

impl Color {
    /// Both players, the first first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The index of this player's entry in a `[T; 2]` table: 0 first, 1 second.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player of index 0 or 1; None for any other number.
    #[inline]
    pub(crate) const fn from_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }

    /// The player as messages name it.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Color::Black => "first player (Black, sente)",
            Color::White => "second player (White, gote)",
        }
    }
}

impl fmt::Debug for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", *self as u8)
    }
}

impl<T> Index<Color> for [T; 2] {
    type Output = T;

    #[inline]
    fn index(&self, color: Color) -> &T {
        &self[color.index()]
    }
}

impl<T> IndexMut<Color> for [T; 2] {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self[color.index()]
    }
}

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(*self as u8)
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        let n = u8::deserialize(deserializer)?;
        Color::from_index(usize::from(n))
            .ok_or_else(|| serde::de::Error::custom(format!("a player is 0 (first) or 1 (second), not {n}")))
    }
}

/// A piece type: its index in the game's piece list (`GameSpec::pieces`, `Engine::pieces`).
/// Two bytes, as the `u16` it replaces; serialized and printed with `{:?}` as that number.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId(u16);

impl PieceId {
    /// The piece type at `index` in the game's piece list (a game has far fewer than 65536).
    #[inline]
    pub const fn new(index: usize) -> PieceId {
        PieceId(index as u16)
    }

    /// Its index in the game's piece list and in per-type tables (hands, values).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for PieceId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.0)
    }
}

impl<'de> Deserialize<'de> for PieceId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PieceId, D::Error> {
        u16::deserialize(deserializer).map(PieceId)
    }
}

/// A zone: its index in the game's zones in name order (`GameSpec::zones`, the engine's zone
/// table), which the engine keeps as a `geometry::SquareSet` per player. One byte wider than
/// any game needs, as `PieceId`; the hot paths (confinement, zone moves, promotion) pass it
/// where they passed a bare `usize`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ZoneId(u16);

impl ZoneId {
    /// The zone at `index` in the game's zones in name order.
    #[inline]
    pub(crate) const fn new(index: usize) -> ZoneId {
        ZoneId(index as u16)
    }

    /// Its index in the game's zones and in the engine's zone table.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_its_number_in_tables_and_json() {
        assert_eq!(Color::Black.opposite(), Color::White);
        assert_eq!(Color::White.opposite(), Color::Black);
        assert_eq!(Color::ALL.map(Color::index), [0, 1]);
        let table = ["first", "second"];
        assert_eq!(table[Color::White], "second");
        assert_eq!(serde_json::to_string(&Color::White).unwrap(), "1");
        assert_eq!(serde_json::from_str::<Color>("0").unwrap(), Color::Black);
        assert!(serde_json::from_str::<Color>("2").is_err());
        assert_eq!(format!("{:?}", Some(Color::White)), "Some(1)");
        assert_eq!(std::mem::size_of::<Option<Color>>(), 1);
    }

    #[test]
    fn a_piece_type_is_its_index_in_tables_and_json() {
        let rook = PieceId::new(7);
        assert_eq!(rook.index(), 7);
        assert_eq!(serde_json::to_string(&rook).unwrap(), "7");
        assert_eq!(serde_json::from_str::<PieceId>("7").unwrap(), rook);
        assert_eq!(format!("{:?}", Some(rook)), "Some(7)");
        assert_eq!(std::mem::size_of::<PieceId>(), 2);
    }

    #[test]
    fn a_zone_is_its_index() {
        assert_eq!(ZoneId::new(3).index(), 3);
        assert_eq!(std::mem::size_of::<Option<ZoneId>>(), 4);
    }
}
