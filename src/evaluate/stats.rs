//! Statistics of a set of games (filled in by issue 25's statistics work).
