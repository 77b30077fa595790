//! spirv-cfg's GraphViz text, byte for byte: a legend, then per reported block its node
//! (the first block of a function is a box labelled with the function), its branch edges,
//! and its merge (dashed) and continue (dotted) edges.

use super::Graph;
use spirvkit_text::dis::names::FriendlyNames;
use std::fmt::Write;

pub const MERGE_STYLE: &str = "style=dashed";
pub const CONTINUE_STYLE: &str = "style=dotted";

pub fn write(graph: &Graph, names: &FriendlyNames) -> String {
    let mut out = String::with_capacity(1024);
    out.push_str("digraph {\n");
    out.push_str("legend_merge_src [shape=plaintext, label=\"\"];\n");
    out.push_str("legend_merge_dest [shape=plaintext, label=\"\"];\n");
    let _ = writeln!(
        out,
        "legend_merge_src -> legend_merge_dest [label=\" merge\",{MERGE_STYLE}];"
    );
    out.push_str("legend_continue_src [shape=plaintext, label=\"\"];\n");
    out.push_str("legend_continue_dest [shape=plaintext, label=\"\"];\n");
    let _ = writeln!(
        out,
        "legend_continue_src -> legend_continue_dest [label=\" continue\",{CONTINUE_STYLE}];"
    );
    for f in &graph.functions {
        for (i, b) in f.blocks.iter().enumerate() {
            let id = b.id;
            if i == 0 {
                let _ = writeln!(
                    out,
                    "{id} [label=\"{}\nFn {} entry\", shape=box];",
                    names.get(id),
                    names.get(f.id)
                );
            } else {
                let _ = writeln!(out, "{id} [label=\"{}\"];", names.get(id));
            }
            for s in &b.successors {
                let _ = writeln!(out, "{id} -> {s};");
            }
            if b.merge != 0 {
                let _ = writeln!(out, "{id} -> {} [{MERGE_STYLE}];", b.merge);
            }
            if b.continue_target != 0 {
                let _ = writeln!(out, "{id} -> {} [{CONTINUE_STYLE}];", b.continue_target);
            }
        }
    }
    out.push_str("}\n");
    out
}
