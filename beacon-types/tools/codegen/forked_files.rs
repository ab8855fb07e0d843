//! The files of a forked container: one, `forked/beacon_block.rs`, or,
//! where that one would pass [`MAX_LINES`], a module folder: its `mod.rs`
//! (the enums, their methods but the field accessors, the trait impls),
//! `fields.rs` (the owned enum's accessors), `fields_mut.rs` (their `_mut`
//! twins) and `fields_ref.rs` (the `Ref`'s accessors). Each file imports
//! the names its code uses.

use super::*;

/// The most lines of a generated forked file.
const MAX_LINES: usize = 800;

/// The files of the container `name` (its module `module`), as (path under
/// the fork modules' directory, contents); `imports`: every name a file of
/// the forked module may import, with its path from that file.
pub(super) fn forked_files(
    name: &str,
    module: &str,
    r: &Rendered,
    imports: &BTreeSet<(String, String)>,
    target: &Target,
) -> Result<Vec<(String, String)>, String> {
    let own = format!("super::{module}");
    let doc = format!("//! `{name}` of any fork that has it, and `{name}Ref`, a reference to one.");
    let interleaved: String = r
        .own_accessors
        .iter()
        .map(|(a, m)| format!("{a}{m}"))
        .collect();
    let body = format!(
        "{}{}{}",
        r.items,
        block(&r.own_impl, &r.own_core, &interleaved),
        block(&r.ref_impl, &r.ref_core, &r.ref_accessors),
    ) + &r.rest;
    let single = write_file(target, &doc, &[], &body, imports, &own, false)?;
    if single.lines().count() <= MAX_LINES {
        return Ok(vec![(format!("forked/{module}.rs"), single)]);
    }

    let fields: String = r.own_accessors.iter().map(|(a, _)| a.as_str()).collect();
    let fields_mut: String = r.own_accessors.iter().map(|(_, m)| m.as_str()).collect();
    let children = [
        (
            "fields",
            "The accessors",
            name.to_owned(),
            &r.own_impl,
            fields,
        ),
        (
            "fields_mut",
            "The mutable accessors",
            name.to_owned(),
            &r.own_impl,
            fields_mut,
        ),
        (
            "fields_ref",
            "The accessors",
            format!("{name}Ref"),
            &r.ref_impl,
            r.ref_accessors.clone(),
        ),
    ];
    let children: Vec<_> = children
        .into_iter()
        .filter(|(.., methods)| !methods.is_empty())
        .collect();
    let mods: Vec<&str> = children.iter().map(|(m, ..)| *m).collect();
    let body = format!(
        "{}{}{}",
        r.items,
        block(&r.own_impl, &r.own_core, ""),
        block(&r.ref_impl, &r.ref_core, ""),
    ) + &r.rest;
    let doc = format!(
        "{doc}\n//! The accessors of their fields are in {}.",
        mods.iter()
            .map(|m| format!("`{m}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut files = vec![(
        format!("forked/{module}/mod.rs"),
        write_file(target, &doc, &mods, &body, imports, &own, false)?,
    )];
    for (child, what, of, impl_head, methods) in &children {
        let doc = format!("//! {what} of `{of}`'s fields.");
        let body = block(impl_head, "", methods.trim_start_matches('\n'));
        let text = write_file(target, &doc, &[], &body, imports, &own, true)?;
        files.push((format!("forked/{module}/{child}.rs"), text));
    }
    for (path, text) in &files {
        let lines = text.lines().count();
        if lines > MAX_LINES {
            return Err(format!("{path}: {lines} lines, more than {MAX_LINES}"));
        }
    }
    Ok(files)
}

/// `impl ... { core methods }` with `methods` after the core ones, after a
/// blank line.
fn block(head: &str, core: &str, methods: &str) -> String {
    format!("\n{head} {{\n{core}{methods}}}\n")
}

/// One file: the header, the module doc `doc`, the imports its `body`
/// uses, the child modules `mods`, and `body`. A `child` is one module
/// further down than a container's file: its paths climb one `super` more,
/// and it imports the container's own enums from `super`.
fn write_file(
    target: &Target,
    doc: &str,
    mods: &[&str],
    body: &str,
    imports: &BTreeSet<(String, String)>,
    own: &str,
    child: bool,
) -> Result<String, String> {
    let body = if child { deepen(body) } else { body.to_owned() };
    let words = code_words(&body);
    let mut by_path: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (item, path) in imports {
        let path = match (path == own, child) {
            (true, false) => continue,
            (true, true) => "super".to_owned(),
            (false, true) => deepen(path),
            (false, false) => path.clone(),
        };
        if words.contains(item.as_str()) {
            by_path.entry(path).or_default().push(item.clone());
        }
    }
    let mut out = header(target);
    let _ = writeln!(out, "\n{doc}\n");
    for (path, items) in by_path {
        write_use(&mut out, "", &path, &rustfmt_sorted(items));
    }
    if !mods.is_empty() {
        let _ = writeln!(out);
        for m in mods {
            let _ = writeln!(out, "mod {m};");
        }
    }
    out.push_str(&body);
    rustfmt(&out)
}

/// `code` one module further down: each relative path (`super::X`,
/// `super::super::collections::Y`) with one `super` more.
pub(super) fn deepen(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + 64);
    let mut rest = code;
    while let Some(at) = rest.find("super") {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let prev = out.chars().last();
        let in_word = prev.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let next = after[5..].chars().next();
        let word_ends = !next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if !in_word && word_ends && !out.ends_with("::") {
            out.push_str("super::");
        }
        out.push_str("super");
        rest = &after[5..];
    }
    out.push_str(rest);
    out
}

/// The identifiers that `code` uses outside comments, but for those after
/// `::` (the later segments of a path, which need no import of their own).
fn code_words(code: &str) -> BTreeSet<&str> {
    let mut words = BTreeSet::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or_default();
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_alphabetic() || bytes[i] == b'_' {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                if !line[..start].ends_with("::") {
                    words.insert(&line[start..i]);
                }
            } else {
                i += 1;
            }
        }
    }
    words
}
