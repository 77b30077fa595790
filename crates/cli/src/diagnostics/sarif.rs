//! One SARIF 2.1.0 log for a run: the tool with the rules that fired, and a result per
//! report located by byte offset (binaries) or line/column (text), with the instruction
//! index and the offending instruction as properties.

use super::Report;
use serde_json::{json, Value};

fn result(r: &Report) -> Value {
    let mut region = serde_json::Map::new();
    if let (Some(l), Some(c)) = (r.line, r.column) {
        region.insert("startLine".into(), json!(l));
        region.insert("startColumn".into(), json!(c));
    }
    if let Some(b) = r.byte_offset {
        region.insert("byteOffset".into(), json!(b));
        if let Some(n) = r.byte_length {
            region.insert("byteLength".into(), json!(n));
        }
    }
    let mut location = json!({
        "physicalLocation": {"artifactLocation": {"uri": r.file}}
    });
    if !region.is_empty() {
        location["physicalLocation"]["region"] = Value::Object(region);
    }
    let mut message = r.message.clone();
    if let Some(n) = &r.note {
        message.push_str("\n  ");
        message.push_str(n);
    }
    json!({
        "ruleId": r.code,
        "level": r.level.as_str(),
        "message": {"text": message},
        "locations": [location],
        "properties": {
            "wordOffset": r.word_offset,
            "instructionIndex": r.instruction_index,
            "instruction": r.note,
        },
    })
}

pub fn log(reports: &[Report]) -> String {
    let mut rules: Vec<&str> = reports.iter().map(|r| r.code.as_str()).collect();
    rules.sort_unstable();
    rules.dedup();
    let rules: Vec<Value> = rules.into_iter().map(|id| json!({"id": id})).collect();
    let results: Vec<Value> = reports.iter().map(result).collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "spirvkit",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
        }],
    })
    .to_string()
}
