//! Dotted spec paths (`piece.FD.ability.burn.max`, `setup.P`, `rules.skip.limit`): how readings
//! set values, how clauses point at what encodes them, and how a problem at a path is found
//! again in the source text.
//!
//! A path walks tables by key; in an array of tables (`[[piece]]`) the next segment is the
//! element's `id`. `group.NAME.REST` stands for `piece.M.REST` for every member M of the group.

use std::ops::Range;
use toml::Value;

/// The segments of a dotted path. Piece ids never contain dots (checked when a spec is built).
pub(crate) fn segments(path: &str) -> Vec<&str> {
    path.split('.').collect()
}

/// The element of an array of tables whose `id` is `id`.
fn by_id<'a>(items: &'a [Value], id: &str) -> Option<&'a Value> {
    items.iter().find(|v| v.get("id").and_then(Value::as_str) == Some(id))
}

fn by_id_mut<'a>(items: &'a mut [Value], id: &str) -> Option<&'a mut Value> {
    items.iter_mut().find(|v| v.get("id").and_then(Value::as_str) == Some(id))
}

/// The value at `path`, if present. `*` matches any key or element (the first that has the rest).
pub(crate) fn get<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    get_segments(root, &segments(path))
}

fn get_segments<'a>(node: &'a Value, segs: &[&str]) -> Option<&'a Value> {
    let Some((&first, rest)) = segs.split_first() else { return Some(node) };
    match node {
        Value::Table(t) if first == "*" => t.values().find_map(|v| get_segments(v, rest)),
        Value::Table(t) => t.get(first).and_then(|v| get_segments(v, rest)),
        Value::Array(items) if first == "*" => items.iter().find_map(|v| get_segments(v, rest)),
        Value::Array(items) => by_id(items, first).and_then(|v| get_segments(v, rest)),
        _ => None,
    }
}

/// Every value at `path`: one, or with `*` segments each match (tables in key order, arrays
/// such as `[[piece]]` in file order: reordering pieces changes a clause lock of `piece.*.x`).
pub(crate) fn get_all<'a>(root: &'a Value, path: &str) -> Vec<&'a Value> {
    let mut out = Vec::new();
    get_all_segments(root, &segments(path), &mut out);
    out
}

fn get_all_segments<'a>(node: &'a Value, segs: &[&str], out: &mut Vec<&'a Value>) {
    let Some((&first, rest)) = segs.split_first() else {
        out.push(node);
        return;
    };
    match node {
        Value::Table(t) if first == "*" => t.values().for_each(|v| get_all_segments(v, rest, out)),
        Value::Table(t) => t.get(first).into_iter().for_each(|v| get_all_segments(v, rest, out)),
        Value::Array(items) if first == "*" => items.iter().for_each(|v| get_all_segments(v, rest, out)),
        Value::Array(items) => by_id(items, first).into_iter().for_each(|v| get_all_segments(v, rest, out)),
        _ => {}
    }
}

/// Does `path` name something the spec states? Group paths need every member to have it.
pub(crate) fn resolves(root: &Value, path: &str) -> bool {
    match expand_group(root, path) {
        Ok(paths) => paths.iter().all(|p| get(root, p).is_some()),
        Err(_) => false,
    }
}

/// `group.G.REST` -> `piece.M.REST` for each member; other paths unchanged.
pub(crate) fn expand_group(root: &Value, path: &str) -> Result<Vec<String>, String> {
    let segs = segments(path);
    if segs.first() != Some(&"group") {
        return Ok(vec![path.to_string()]);
    }
    let name = segs.get(1).ok_or_else(|| format!("'{path}' names no group"))?;
    let members = root
        .get("group")
        .and_then(|g| g.get(*name))
        .and_then(Value::as_array)
        .ok_or_else(|| format!("no group '{name}'"))?;
    let rest = segs[2..].join(".");
    Ok(members
        .iter()
        .filter_map(Value::as_str)
        .map(|m| if rest.is_empty() { format!("piece.{m}") } else { format!("piece.{m}.{rest}") })
        .collect())
}

/// Most segments a path may have: the longest path a spec states has six
/// (`piece.FD.ability.burn.immune-covers-igui` has five). `set` creates a table per segment,
/// and a reading that set a path of thousands made a value so deep that dropping it overflowed
/// the stack (found by tests/fuzz).
pub(crate) const MAX_SEGMENTS: usize = 16;

/// Sets the value at `path`, creating intermediate tables; a piece must already exist.
pub(crate) fn set(root: &mut Value, path: &str, value: Value) -> Result<(), String> {
    let count = path.split('.').count();
    if count > MAX_SEGMENTS {
        return Err(format!("a path of {count} segments; a spec path has at most {MAX_SEGMENTS}"));
    }
    for p in expand_group(root, path)? {
        set_segments(root, &segments(&p), value.clone(), &p)?;
    }
    Ok(())
}

fn set_segments(node: &mut Value, segs: &[&str], value: Value, path: &str) -> Result<(), String> {
    let (&first, rest) = segs.split_first().ok_or_else(|| "empty path".to_string())?;
    match node {
        Value::Table(t) => {
            if rest.is_empty() {
                t.insert(first.to_string(), value);
                return Ok(());
            }
            let child = t.entry(first.to_string()).or_insert_with(|| {
                if first == "piece" {
                    Value::Array(Vec::new())
                } else {
                    Value::Table(Default::default())
                }
            });
            set_segments(child, rest, value, path)
        }
        Value::Array(items) => {
            let item = by_id_mut(items, first).ok_or_else(|| format!("{path}: no element with id '{first}'"))?;
            if rest.is_empty() {
                return Err(format!("{path}: cannot replace a whole element"));
            }
            set_segments(item, rest, value, path)
        }
        _ => Err(format!("{path}: '{first}' is below a value, not a table")),
    }
}

/// Removes the value at `path` (a reading that takes a promotion away).
pub(crate) fn unset(root: &mut Value, path: &str) -> Result<(), String> {
    for p in expand_group(root, path)? {
        let segs = segments(&p);
        let (last, parents) = segs.split_last().ok_or_else(|| "empty path".to_string())?;
        let mut node = &mut *root;
        for s in parents {
            node = match node {
                Value::Table(t) => t.get_mut(*s),
                Value::Array(items) => by_id_mut(items, s),
                _ => None,
            }
            .ok_or_else(|| format!("{p}: nothing at '{s}'"))?;
        }
        match node {
            Value::Table(t) => {
                t.remove(*last).ok_or_else(|| format!("{p}: nothing to unset"))?;
            }
            _ => return Err(format!("{p}: not a table")),
        }
    }
    Ok(())
}

/// Merges `child` over `base`: tables key by key, `[[piece]]` elements by id, other arrays of
/// tables (clauses, readings) concatenated, anything else replaced.
pub(crate) fn merge(base: &mut Value, child: &Value) {
    match (base, child) {
        (Value::Table(b), Value::Table(c)) => {
            for (k, v) in c {
                match b.get_mut(k) {
                    Some(existing) if k == "piece" => merge_by_id(existing, v),
                    Some(existing) if k == "clause" || k == "reading" => {
                        if let (Value::Array(e), Value::Array(n)) = (existing, v) {
                            e.extend(n.iter().cloned());
                        }
                    }
                    Some(existing) => merge(existing, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (b, c) => *b = c.clone(),
    }
}

fn merge_by_id(base: &mut Value, child: &Value) {
    let (Value::Array(b), Value::Array(c)) = (base, child) else { return };
    for item in c {
        let id = item.get("id").and_then(Value::as_str).unwrap_or_default();
        match by_id_mut(b, id) {
            Some(existing) => merge(existing, item),
            None => b.push(item.clone()),
        }
    }
}

/// One source's TOML parsed once, to find where spec paths are written in it: a spec with many
/// problems is not parsed again for each (a setup naming one square a thousand times, each a
/// problem, took 1.4 s to report when it was).
pub(crate) struct PathSpans<'s> {
    doc: Option<toml_edit::ImDocument<&'s str>>,
}

impl<'s> PathSpans<'s> {
    pub(crate) fn new(source: &'s str) -> PathSpans<'s> {
        PathSpans { doc: toml_edit::ImDocument::parse(source).ok() }
    }

    /// Where `path` is written: the span of the deepest segment found (the value when the
    /// whole path is there, else its nearest written ancestor). `None` if not even the first
    /// segment is in this source.
    pub(crate) fn locate(&self, path: &str) -> Option<Range<usize>> {
        use toml_edit::{ArrayOfTables, Item, TableLike};
        enum Node<'a> {
            Table(&'a dyn TableLike),
            Tables(&'a ArrayOfTables),
        }
        let doc = self.doc.as_ref()?;
        let mut best = None;
        let mut node = Node::Table(doc.as_table());
        for seg in segments(path) {
            let item: &Item = match node {
                Node::Table(t) => {
                    let Some((key, item)) = t.get_key_value(seg) else { return best };
                    best = item.span().or(key.span()).or(best);
                    item
                }
                Node::Tables(array) => {
                    let Some(table) = array.iter().find(|t| t.get("id").and_then(|i| i.as_str()) == Some(seg)) else {
                        return best;
                    };
                    best = table.get("id").and_then(|i| i.span()).or(best);
                    node = Node::Table(table);
                    continue;
                }
            };
            node = if let Some(t) = item.as_table_like() {
                Node::Table(t)
            } else if let Some(a) = item.as_array_of_tables() {
                Node::Tables(a)
            } else {
                return best;
            };
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> Value {
        toml::from_str(
            r#"
[[piece]]
id = "FD"
betza = "K"
[piece.ability.burn]
max = 2
[[piece]]
id = "VG"
betza = "B"
[group]
jumpers = ["VG"]
[rules.skip]
limit = "none"
"#,
        )
        .unwrap()
    }

    #[test]
    fn get_set_unset_through_ids_and_groups() {
        let mut v = spec();
        assert_eq!(get(&v, "piece.FD.ability.burn.max").and_then(Value::as_integer), Some(2));
        set(&mut v, "group.jumpers.ability.jump.max-jumped", Value::Integer(2)).unwrap();
        assert!(resolves(&v, "piece.VG.ability.jump.max-jumped"));
        assert!(resolves(&v, "group.jumpers.ability.jump"));
        assert!(!resolves(&v, "group.jumpers.ability.burn"));
        set(&mut v, "rules.drops.enabled", Value::Boolean(false)).unwrap();
        assert!(resolves(&v, "rules.drops.enabled"));
        assert!(set(&mut v, "piece.XX.betza", Value::String("K".into())).is_err());
        unset(&mut v, "piece.FD.ability.burn").unwrap();
        assert!(!resolves(&v, "piece.FD.ability.burn"));
        assert!(resolves(&v, "piece.*.betza"));
    }

    #[test]
    fn locate_finds_values_inside_piece_elements() {
        let src = "[[piece]]\nid = \"FD\"\nbetza = \"K\"\n[[piece]]\nid = \"VG\"\nbetza = \"B\"\n";
        let span = PathSpans::new(src).locate("piece.VG.betza").unwrap();
        assert_eq!(&src[span], "\"B\"");
        let span = PathSpans::new(src).locate("piece.VG.promotes_to").unwrap();
        assert_eq!(&src[span], "\"VG\"");
        assert_eq!(PathSpans::new(src).locate("rules.skip"), None);
    }

    #[test]
    fn merge_by_piece_id() {
        let mut base = spec();
        let child: Value =
            toml::from_str("[[piece]]\nid = \"VG\"\nbetza = \"R\"\n[[piece]]\nid = \"N\"\nbetza = \"N\"").unwrap();
        merge(&mut base, &child);
        assert_eq!(get(&base, "piece.VG.betza").and_then(Value::as_str), Some("R"));
        assert_eq!(get(&base, "piece.N.betza").and_then(Value::as_str), Some("N"));
        assert_eq!(get(&base, "piece.FD.betza").and_then(Value::as_str), Some("K"));
    }
}
