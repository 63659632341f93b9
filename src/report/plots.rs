//! SVG plots of self-play metrics (filled in by issue 25's plotting work).
