//! JSON lines shaped like rustc's `--error-format=json`: `$message_type`, `message`,
//! `code: {code, explanation}`, `level`, `spans`, `children` (the instruction as a note) and
//! `rendered`, plus flat location fields for SPIR-V (`file`, `word_offset`, `byte_offset`,
//! `instruction_index`, `line`, `column`).

use super::Report;
use serde_json::{json, Value};

fn rendered(r: &Report) -> String {
    let mut at = r.file.clone();
    if let (Some(l), Some(c)) = (r.line, r.column) {
        at.push_str(&format!(":{l}:{c}"));
    } else if let Some(w) = r.word_offset {
        at.push_str(&format!(": word {w}"));
    }
    let mut s = format!(
        "{}[{}]: {}\n --> {at}\n",
        r.level.as_str(),
        r.code,
        r.message
    );
    if let Some(n) = &r.note {
        s.push_str(&format!("  = note: {n}\n"));
    }
    s
}

pub fn value(r: &Report) -> Value {
    let spans: Vec<Value> = match (r.line, r.column) {
        (Some(l), Some(c)) => vec![json!({
            "file_name": r.file,
            "line_start": l,
            "line_end": l,
            "column_start": c,
            "column_end": c,
            "is_primary": true,
            "label": null,
        })],
        _ => match r.byte_offset {
            Some(b) => vec![json!({
                "file_name": r.file,
                "byte_start": b,
                "byte_end": b + r.byte_length.unwrap_or(0),
                "is_primary": true,
                "label": null,
            })],
            None => Vec::new(),
        },
    };
    let children: Vec<Value> = r
        .note
        .iter()
        .map(|n| json!({"message": n, "code": null, "level": "note", "spans": [], "children": [], "rendered": null}))
        .collect();
    json!({
        "$message_type": "diagnostic",
        "message": r.message,
        "code": {"code": r.code, "explanation": null},
        "level": r.level.as_str(),
        "file": r.file,
        "word_offset": r.word_offset,
        "byte_offset": r.byte_offset,
        "instruction_index": r.instruction_index,
        "line": r.line,
        "column": r.column,
        "spans": spans,
        "children": children,
        "rendered": rendered(r),
    })
}

/// One line of JSON.
pub fn line(r: &Report) -> String {
    value(r).to_string()
}
