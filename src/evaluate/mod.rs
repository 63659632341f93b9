//! Self-play design metrics (`kensho evaluate`, issue 25): games between two searching players
//! over the reference engine, and what they say of the game as played: the score by side, how
//! and when games end, the material balance, the piece values and the rules that came into
//! play.

pub mod stats;
