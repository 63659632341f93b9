//! The terminal output fits its width (issue 23): at 80 and 120 columns (`KENSHO_WIDTH`, as a
//! terminal of that width would give) no line of any command is wider, but a position string,
//! which is never cut (it is there to be copied); and the tables wrap at spaces (or after the
//! commas of a list written without spaces), so every word of a cell is the word of the wide
//! table, whole or shortened with "…", never cut in two.

use std::process::Command;

fn run(width: &str, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kensho")).env("KENSHO_WIDTH", width).args(args).output().expect("run");
    // (diff exits 1 when the specs differ)
    assert!(matches!(out.status.code(), Some(0 | 1)), "kensho {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Display columns of a line (the output's only wide characters would be CJK; none here).
fn columns(line: &str) -> usize {
    line.chars().count()
}

const COMMANDS: &[&[&str]] = &[
    &["clauses", "specs/suzumu.toml", "specs/hook.toml", "specs/shogi.toml"],
    &["lint", "specs/suzumu.toml", "specs/mitsugumi.toml", "specs/ryu.toml"],
    &["show", "specs/suzumu.toml"],
    &["show", "specs/ryu.toml"],
    &["diff", "specs/shogi.toml", "specs/shoogantshii.toml"],
    &["prove", "specs/suzumu.toml"],
    &["moves", "KNADcaKmcabK", "--board", "16x16", "--at", "h8", "--enemies", "i9"],
    &["readings"],
    &["settings"],
    &["settings", "specs/hook.toml"],
    &["position", "specs/hook.toml", "--moves"],
    &["check", "specs/shogi.toml", "--games", "1", "--plies", "20", "--positions", "10", "--seed", "3"],
];

#[test]
fn no_line_is_wider_than_the_terminal() {
    for width in [80, 120] {
        for args in COMMANDS {
            let out = run(&width.to_string(), args);
            for line in out.lines() {
                if line.starts_with("position: ") {
                    continue;
                }
                assert!(columns(line) <= width, "kensho {args:?} at {width} columns: {} wide:\n{line}", columns(line));
            }
        }
    }
}

/// The tables of a psql-style output: for each, its column names and its rows, each row a
/// cell text per column (the lines of a wrapped cell joined by spaces). A row starts where
/// the first column has text.
fn tables(out: &str) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let lines: Vec<Vec<char>> = out.lines().map(|l| l.chars().collect()).collect();
    let is_rule = |l: &[char]| l.len() > 3 && l.contains(&'+') && l.iter().all(|&c| c == '-' || c == '+');
    let mut found = Vec::new();
    for (s, rule) in lines.iter().enumerate().filter(|(_, l)| is_rule(l)) {
        let bars: Vec<usize> = rule.iter().enumerate().filter(|(_, &c)| c == '+').map(|(i, _)| i).collect();
        let fits = |l: &[char]| bars.iter().all(|&b| l.get(b) == Some(&'|'));
        let cells = |l: &[char]| -> Vec<String> {
            let mut edges = vec![0];
            edges.extend(bars.iter().copied());
            edges.push(l.len());
            edges
                .windows(2)
                .map(|w| l[w[0]..w[1]].iter().filter(|&&c| c != '|').collect::<String>().trim().to_string())
                .collect()
        };
        let join = |rows: &mut Vec<Vec<String>>, more: Vec<String>| {
            let last = rows.last_mut().expect("a row to continue");
            for (cell, text) in last.iter_mut().zip(more) {
                if !text.is_empty() {
                    cell.push(' ');
                    cell.push_str(&text);
                }
            }
        };
        let mut header: Vec<Vec<String>> = Vec::new();
        for l in lines[..s].iter().rev().take_while(|l| fits(l)) {
            header.insert(0, cells(l));
        }
        let mut head = vec![header.remove(0)];
        for more in header {
            join(&mut head, more);
        }
        let mut rows: Vec<Vec<String>> = Vec::new();
        for l in lines[s + 1..].iter().take_while(|l| fits(l)) {
            let c = cells(l);
            if c[0].is_empty() && !rows.is_empty() {
                join(&mut rows, c);
            } else {
                rows.push(c);
            }
        }
        found.push((head.remove(0).into_iter().map(|h| h.trim().to_string()).collect(), rows));
    }
    found
}

/// Are `narrow`'s words those of `wide`, each whole, shortened with "…" (the rest of that
/// word gone), or cut after commas into pieces that make it up?
fn same_words(narrow: &str, wide: &str) -> Result<(), String> {
    let mut n = narrow.split_whitespace().peekable();
    for word in wide.split_whitespace() {
        let mut built = String::new();
        loop {
            let Some(piece) = n.next() else { return Err(format!("'{word}' missing")) };
            built.push_str(piece);
            if built == word {
                break;
            }
            if let Some(kept) = built.strip_suffix('…') {
                if word.starts_with(kept) {
                    break;
                }
            }
            if !(built.ends_with(',') && word.starts_with(&built)) {
                return Err(format!("'{word}' became '{built}'"));
            }
        }
    }
    match n.next() {
        Some(extra) => Err(format!("'{extra}' added")),
        None => Ok(()),
    }
}

#[test]
fn table_cells_wrap_without_breaking_a_word() {
    let cases: &[&[&str]] = &[
        &["clauses", "specs/suzumu.toml", "specs/shogi.toml"],
        &["lint", "specs/suzumu.toml", "specs/ryu.toml"],
        &["show", "specs/suzumu.toml"],
        &["check", "specs/shogi.toml", "--games", "1", "--plies", "20", "--positions", "10", "--seed", "3"],
    ];
    for args in cases {
        let wide_out = run("0", args);
        let wide = tables(&wide_out);
        for width in ["80", "120"] {
            let narrow_out = run(width, args);
            let narrow = tables(&narrow_out);
            assert_eq!(narrow.len(), wide.len(), "kensho {args:?} at {width}: tables");
            for ((nh, nrows), (wh, wrows)) in narrow.iter().zip(&wide) {
                assert_eq!(nrows.len(), wrows.len(), "kensho {args:?} at {width}: rows of {wh:?}");
                for (c, name) in nh.iter().enumerate() {
                    let w = wh.iter().position(|h| h == name).unwrap_or_else(|| panic!("column '{name}' invented"));
                    for (nr, wr) in nrows.iter().zip(wrows) {
                        if let Err(e) = same_words(&nr[c], &wr[w]) {
                            panic!("kensho {args:?} at {width}, column '{name}', row {:?}: {e}", wr[0]);
                        }
                    }
                }
            }
            // The tables are wider than 120 columns: something did wrap.
            assert!(
                narrow_out.lines().count() > wide_out.lines().count(),
                "kensho {args:?} at {width}: nothing wrapped"
            );
        }
    }
}

#[test]
fn the_word_check_catches_a_broken_word() {
    // The check above on its own: a word cut in two, or lost, is caught; a shortened word or a
    // list cut after its commas is not.
    assert!(same_words("the p alace", "the palace").is_err());
    assert!(same_words("the", "the palace").is_err());
    assert!(same_words("the pal…", "the palace").is_ok());
    assert!(same_words("a16,b16, c16", "a16,b16,c16").is_ok());
}
