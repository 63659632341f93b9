//! Where a compiled move could capture at most, whatever stands in the way: a cheap test that
//! lets attack detection skip the pieces that cannot reach a square, before running the
//! generator. Only one-leg programs are bounded (a ray or a leap); a piece with any multi-leg
//! or universal program may capture anywhere as far as this test knows.

use super::compile::{CompiledBetza, LegDirections};
use super::generate::Orientation;
use crate::geometry::{Square, Vec2};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureReach {
    /// Step vectors (for the player moving up) and how many steps along each; None = anywhere.
    rays: Option<Vec<(Vec2, u32)>>,
}

impl CaptureReach {
    pub fn of(compiled: &CompiledBetza) -> CaptureReach {
        let max_line = u32::from(compiled.size.files.max(compiled.size.ranks));
        let mut rays = Vec::new();
        for program in &compiled.programs {
            let [leg] = program.legs.as_slice() else { return CaptureReach { rays: None } };
            if !leg.modes.enemy && !leg.modes.friend {
                continue; // a leg that never captures (`m`) attacks nothing
            }
            let LegDirections::Absolute(vectors) = &leg.directions else { return CaptureReach { rays: None } };
            let steps = if leg.modes.has_toggle() { max_line } else { program.base_steps.min(max_line) };
            rays.extend(vectors.iter().map(|&v| (v, steps)));
        }
        CaptureReach { rays: Some(rays) }
    }

    /// Could a capture from `from` land on `target`?
    pub fn may_capture(&self, orientation: Orientation, from: Square, target: Square) -> bool {
        let Some(rays) = &self.rays else { return true };
        let mut d = (target.file as i32 - from.file as i32, target.rank as i32 - from.rank as i32);
        match orientation {
            Orientation::Up => {}
            Orientation::Down => d = (-d.0, -d.1),
            Orientation::DownBoardSides => d = (d.0, -d.1),
        }
        rays.iter().any(|&((vx, vy), steps)| {
            // d = k * v for some 1 <= k <= steps
            let k = if vx != 0 {
                d.0 / vx
            } else if vy != 0 {
                d.1 / vy
            } else {
                return false;
            };
            k >= 1 && k as u32 <= steps && d == (k * vx, k * vy)
        })
    }
}
