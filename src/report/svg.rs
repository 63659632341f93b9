//! Boards drawn as SVG for the HTML and Markdown reports: a grid with file letters and rank
//! numbers, shaded squares, piece tokens (the second player's upside down, as shogi diagrams
//! draw them), marks and arrows. Every picture carries its own `<style>`, so it also stands
//! alone as an `.svg` file beside the Markdown report.

use crate::core::Color;
use crate::geometry::{BoardSize, Square};
use std::fmt::Write;

/// Side of one square, in SVG user units.
pub(crate) const CELL: f64 = 26.0;
/// Room left of and below the grid for the rank numbers and file letters.
const MARGIN: f64 = 22.0;

/// A piece drawn on a square.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub(crate) square: Square,
    pub(crate) text: String,
    /// The piece's name, said on hover (the token's `<title>`).
    pub(crate) name: String,
    /// 0: the first player (moves up, drawn upright); 1: the second (drawn upside down).
    pub(crate) player: Color,
}

/// What a square is marked with. The class names are styled by [`STYLE`] and explained by
/// the report's legends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// A filled disc: moves there, and captures there.
    Disc(&'static str),
    /// A small dot: moves there only when it is empty.
    Dot(&'static str),
    /// A cross: captures there only.
    Cross(&'static str),
    /// A ring around the square.
    Ring(&'static str),
    /// A diamond: captured on the way, the piece ending elsewhere.
    Diamond(&'static str),
    /// A triangle: reached by jumping over a piece.
    Triangle(&'static str),
}

/// An arrow from one square to another (a move), styled by its class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Arrow {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) class: &'static str,
}

/// Everything one board picture shows.
#[derive(Clone, Debug)]
pub struct Picture {
    pub(crate) size: BoardSize,
    /// Said by the picture's `<title>` (screen readers, hover text).
    pub(crate) title: String,
    /// Squares filled with a class's colour (zones, the moving piece's square).
    pub(crate) shades: Vec<(Square, &'static str)>,
    /// What each shading class means, for the key under the picture: (class, words).
    pub(crate) key: Vec<(&'static str, String)>,
    pub(crate) tokens: Vec<Token>,
    pub(crate) marks: Vec<(Square, Mark)>,
    pub(crate) arrows: Vec<Arrow>,
    /// The real board's (file, rank) of the picture's square a1, 0-based: a picture of part
    /// of a board (a piece diagram's window) keeps the board's own file letters and rank
    /// numbers. (0, 0) for a whole board.
    pub(crate) label_origin: (u8, u8),
}

impl Picture {
    pub(crate) fn new(size: BoardSize, title: impl Into<String>) -> Picture {
        Picture {
            size,
            title: title.into(),
            shades: Vec::new(),
            key: Vec::new(),
            tokens: Vec::new(),
            marks: Vec::new(),
            arrows: Vec::new(),
            label_origin: (0, 0),
        }
    }
}

/// The classes every picture may use. Colours were chosen to stay apart for the common
/// colour-vision deficiencies (blue/orange rather than red/green for the two options).
pub(crate) const STYLE: &str = "\
.kb-board{fill:#f3dfb6;stroke:#5a4632;stroke-width:1.2}\
.kb-grid{stroke:#8a7356;stroke-width:0.6}\
.kb-label{font:10px sans-serif;fill:#4a3a2a}\
.kb-token{font-family:sans-serif;font-weight:600;fill:#1d1d1d}\
.kb-token-bg{fill:#fffaf0;stroke:#5a4632;stroke-width:0.8}\
.kb-token-bg.p1{fill:#e3e8f2}\
.zone{fill:#b08d57;opacity:.6}\
.zone2{fill:#6f9a5a;opacity:.55}\
.zone3{fill:#b5739d;opacity:.5}\
.zone4{fill:#5b8fc7;opacity:.5}\
.zone5{fill:#d9a441;opacity:.55}\
.zone6{fill:#7f7f7f;opacity:.45}\
.palace{fill:#8c6bb1;opacity:.45}\
.from{fill:#f2c14e}\
.move{fill:#2e7d32}\
.capture{stroke:#c62828;stroke-width:2.4;fill:none}\
.both{fill:#1a237e}\
.igui{stroke:#c62828;stroke-width:2.2;fill:none}\
.pass{stroke:#6a1b9a;stroke-width:2.2;fill:none;stroke-dasharray:3 2}\
.locust{fill:#ef6c00;stroke:#fff;stroke-width:.8}\
.jump{fill:#0277bd;stroke:#fff;stroke-width:.8}\
.arrow-a{stroke:#1565c0;stroke-width:2.2;fill:none;marker-end:url(#kb-head-a)}\
.arrow-b{stroke:#e65100;stroke-width:2.2;fill:none;marker-end:url(#kb-head-b);stroke-dasharray:5 3}\
.head-a{fill:#1565c0}.head-b{fill:#e65100}\
.ring-a{stroke:#1565c0;stroke-width:2.4;fill:none}\
.ring-b{stroke:#e65100;stroke-width:2.4;fill:none;stroke-dasharray:4 2}";

/// Escapes text for XML content and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The top-left corner of a square (highest rank on top, file a on the left).
fn corner(size: BoardSize, sq: Square) -> (f64, f64) {
    (MARGIN + sq.file as f64 * CELL, (size.ranks - 1 - sq.rank) as f64 * CELL)
}

fn centre(size: BoardSize, sq: Square) -> (f64, f64) {
    let (x, y) = corner(size, sq);
    (x + CELL / 2.0, y + CELL / 2.0)
}

/// The arrow heads' definitions (the arrows' `marker-end` names them).
fn markers() -> String {
    let mut s = String::from("<defs>");
    for k in ["a", "b"] {
        let _ = write!(s, "<marker id=\"kb-head-{k}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto-start-reverse\"><path class=\"head-{k}\" d=\"M0 0L10 5L0 10z\"/></marker>");
    }
    s.push_str("</defs>");
    s
}

/// What an HTML page holds once for all its inline pictures ([`inline`]): the arrow heads, in
/// an invisible `<svg>`. The page's CSS must include [`STYLE`].
pub(crate) fn page_defs() -> String {
    format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">{}</svg>", markers())
}

/// The whole picture as one `<svg>` element with its own style and arrow heads (no XML
/// prolog; [`standalone`] adds what a file needs).
pub fn render(p: &Picture) -> String {
    draw(p, true)
}

/// The picture for a page that holds the style and the arrow heads once ([`page_defs`]): ids
/// must be unique in a page, and fifty copies of the style are waste.
pub(crate) fn inline(p: &Picture) -> String {
    draw(p, false)
}

fn draw(p: &Picture, own_style: bool) -> String {
    let (w, h) = (MARGIN + p.size.files as f64 * CELL + 4.0, p.size.ranks as f64 * CELL + MARGIN);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"kb\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"{t}\"><title>{t}</title>",
        t = escape(&p.title)
    );
    if own_style {
        let _ = write!(s, "<style>{STYLE}</style>");
        if !p.arrows.is_empty() {
            s.push_str(&markers());
        }
    }
    let (gw, gh) = (p.size.files as f64 * CELL, p.size.ranks as f64 * CELL);
    let _ = write!(s, "<rect class=\"kb-board\" x=\"{MARGIN}\" y=\"0\" width=\"{gw}\" height=\"{gh}\"/>");
    for (sq, class) in &p.shades {
        let (x, y) = corner(p.size, *sq);
        let _ = write!(s, "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>");
    }
    for f in 1..p.size.files {
        let x = MARGIN + f as f64 * CELL;
        let _ = write!(s, "<line class=\"kb-grid\" x1=\"{x}\" y1=\"0\" x2=\"{x}\" y2=\"{gh}\"/>");
    }
    for r in 1..p.size.ranks {
        let y = r as f64 * CELL;
        let _ = write!(s, "<line class=\"kb-grid\" x1=\"{MARGIN}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>", MARGIN + gw);
    }
    for f in 0..p.size.files {
        let x = MARGIN + f as f64 * CELL + CELL / 2.0;
        let _ = write!(
            s,
            "<text class=\"kb-label\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            gh + 14.0,
            (b'a' + p.label_origin.0 + f) as char
        );
    }
    for r in 0..p.size.ranks {
        let y = (p.size.ranks - 1 - r) as f64 * CELL + CELL / 2.0 + 3.5;
        let _ = write!(
            s,
            "<text class=\"kb-label\" x=\"{}\" y=\"{y}\" text-anchor=\"end\">{}</text>",
            MARGIN - 4.0,
            (p.label_origin.1 + r) as u32 + 1
        );
    }
    for t in &p.tokens {
        render_token(&mut s, p.size, t);
    }
    for (sq, mark) in &p.marks {
        render_mark(&mut s, p.size, *sq, *mark);
    }
    for a in &p.arrows {
        let (x1, y1) = centre(p.size, a.from);
        let (x2, y2) = centre(p.size, a.to);
        // Stop short of the centre so the head does not hide the piece on the square.
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let cut = (CELL * 0.3).min(len / 2.0);
        let (x2, y2) = (x2 - dx / len * cut, y2 - dy / len * cut);
        let _ = write!(
            s,
            "<line class=\"{}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"><title>{}-{}</title></line>",
            a.class,
            a.from.name(),
            a.to.name()
        );
    }
    s.push_str("</svg>");
    s
}

/// The key of a picture's shading as HTML: a swatch of each class and what it means.
pub(crate) fn key_html(p: &Picture) -> String {
    if p.key.is_empty() {
        return String::new();
    }
    let mut out = String::from("<span class=\"zone-key\">");
    for (class, words) in &p.key {
        let _ = write!(
            out,
            "<span class=\"key-entry\"><svg class=\"kb\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\"><rect class=\"kb-board\" width=\"14\" height=\"14\"/><rect class=\"{class}\" width=\"14\" height=\"14\"/></svg> {}</span>",
            escape(words)
        );
    }
    out.push_str("</span>");
    out
}

/// A picture as a file: the XML prolog, then the `<svg>`.
pub(crate) fn standalone(p: &Picture) -> String {
    format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}\n", render(p))
}

/// The font size that keeps `text` inside its square: its width estimated from the widths of
/// bold sans-serif letters (in em: W and M widest, I narrowest), with 6 units of room left.
pub(crate) fn token_font(text: &str) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            'W' | 'M' => 0.95,
            'm' | 'w' => 0.85,
            'I' | 'i' | 'l' | 'j' | '!' | '.' | '1' => 0.35,
            c if c.is_ascii_uppercase() => 0.76,
            c if c.is_ascii_lowercase() || c.is_ascii_digit() => 0.62,
            '+' => 0.62,
            _ => 1.0,
        })
        .sum();
    (CELL * 0.62).min((CELL - 6.0) / em.max(0.5))
}

fn render_token(s: &mut String, size: BoardSize, t: &Token) {
    let (cx, cy) = centre(size, t.square);
    let font = token_font(&t.text);
    let player = if t.player == Color::White { " p1" } else { "" };
    let rotate = if t.player == Color::White { format!(" transform=\"rotate(180 {cx} {cy})\"") } else { String::new() };
    let (x, y) = corner(size, t.square);
    let _ = write!(
        s,
        "<g{rotate}><title>{}</title><rect class=\"kb-token-bg{player}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"3\"/><text class=\"kb-token\" x=\"{cx}\" y=\"{:.1}\" font-size=\"{font:.1}\" text-anchor=\"middle\">{}</text></g>",
        escape(&t.name),
        x + 2.0,
        y + 2.0,
        CELL - 4.0,
        CELL - 4.0,
        cy + font * 0.36,
        escape(&t.text)
    );
}

fn render_mark(s: &mut String, size: BoardSize, sq: Square, mark: Mark) {
    let (cx, cy) = centre(size, sq);
    mark_at(s, cx, cy, mark);
}

/// Draws `mark` centred on (cx, cy), as it is drawn on a square of that centre (legends
/// draw marks outside any board).
pub(crate) fn mark_at(s: &mut String, cx: f64, cy: f64, mark: Mark) {
    let r = CELL * 0.22;
    let _ = match mark {
        Mark::Disc(c) => write!(s, "<circle class=\"{c}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r:.1}\"/>"),
        Mark::Dot(c) => write!(s, "<circle class=\"{c}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{:.1}\"/>", r * 0.6),
        Mark::Cross(c) => write!(
            s,
            "<path class=\"{c}\" d=\"M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}\"/>",
            cx - r,
            cy - r,
            cx + r,
            cy + r,
            cx - r,
            cy + r,
            cx + r,
            cy - r
        ),
        Mark::Ring(c) => write!(s, "<circle class=\"{c}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{:.1}\"/>", CELL * 0.4),
        Mark::Diamond(c) => write!(
            s,
            "<path class=\"{c}\" d=\"M{cx} {:.1}L{:.1} {cy}L{cx} {:.1}L{:.1} {cy}z\"/>",
            cy - r,
            cx + r,
            cy + r,
            cx - r
        ),
        Mark::Triangle(c) => write!(
            s,
            "<path class=\"{c}\" d=\"M{cx} {:.1}L{:.1} {:.1}L{:.1} {:.1}z\"/>",
            cy - r,
            cx + r,
            cy + r * 0.8,
            cx - r,
            cy + r * 0.8
        ),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(hay: &str, needle: &str) -> usize {
        hay.matches(needle).count()
    }

    #[test]
    fn a_board_has_one_label_per_file_and_rank_and_its_grid_lines() {
        let size = BoardSize::parse("5x3").unwrap();
        let svg = render(&Picture::new(size, "empty"));
        // 5 file letters + 3 rank numbers; 4 inner vertical and 2 inner horizontal lines.
        assert_eq!(count(&svg, "class=\"kb-label\""), 8);
        assert_eq!(count(&svg, "class=\"kb-grid\""), 6);
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
    }

    #[test]
    fn the_second_players_tokens_are_upside_down_and_text_is_escaped() {
        let size = BoardSize::parse("3x3").unwrap();
        let mut p = Picture::new(size, "a<b");
        p.tokens.push(Token { square: Square::new(0, 0), text: "K".into(), name: "King".into(), player: Color::Black });
        p.tokens.push(Token {
            square: Square::new(2, 2),
            text: "<&>".into(),
            name: "a <b>".into(),
            player: Color::White,
        });
        let svg = render(&p);
        assert_eq!(count(&svg, "rotate(180"), 1);
        assert!(svg.contains("&lt;&amp;&gt;") && svg.contains("<title>a&lt;b</title>"));
    }

    #[test]
    fn rank_one_is_drawn_at_the_bottom() {
        let size = BoardSize::parse("2x4").unwrap();
        let (_, top) = corner(size, Square::new(0, 3));
        let (_, bottom) = corner(size, Square::new(0, 0));
        assert_eq!(top, 0.0);
        assert_eq!(bottom, 3.0 * CELL);
    }

    #[test]
    fn a_part_of_a_board_keeps_the_boards_labels() {
        let mut p = Picture::new(BoardSize::parse("3x2").unwrap(), "window");
        p.label_origin = (2, 4);
        let svg = render(&p);
        // Files c d e and ranks 5 6 instead of a b c and 1 2.
        for label in ["c", "d", "e", "5", "6"] {
            assert!(svg.contains(&format!(">{label}</text>")), "{label}");
        }
        assert!(!svg.contains(">a</text>") && !svg.contains(">1</text>"));
    }

    #[test]
    fn arrows_bring_their_heads() {
        let size = BoardSize::parse("3x3").unwrap();
        let mut p = Picture::new(size, "arrows");
        assert!(!render(&p).contains("<marker"));
        p.arrows.push(Arrow { from: Square::new(0, 0), to: Square::new(2, 2), class: "arrow-a" });
        let svg = render(&p);
        assert!(svg.contains("id=\"kb-head-a\"") && svg.contains("class=\"arrow-a\""));
        // Inline, the page holds the heads and the style once.
        let svg = inline(&p);
        assert!(!svg.contains("<marker") && !svg.contains("<style") && svg.contains("class=\"arrow-a\""));
        assert!(page_defs().contains("id=\"kb-head-b\""));
    }
}
