//! `spirvkit cfg`: the SVG picture is well-formed (balanced elements, one cluster per
//! function, a node per reported block with its name) on the example and a corpus sample.
use std::path::Path;
use std::process::Command;

fn cfg(path: &Path, format: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_spirvkit"))
        .args(["cfg", "--format", format])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Checks that every element opened is closed in order (a small XML well-formedness check:
/// the SVG has no comments, CDATA or processing instructions besides the declaration).
fn assert_balanced(svg: &str) {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .unwrap();
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').unwrap() + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "unbalanced </{name}>");
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap();
            stack.push(name);
        }
        let text = &rest[end + 1..];
        let next = text.find('<').unwrap_or(text.len());
        for (i, _) in text[..next].match_indices('&') {
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;"]
                    .iter()
                    .any(|e| text[i..].starts_with(e)),
                "raw & in text"
            );
        }
        rest = text;
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
}

#[test]
fn svg_of_the_example_has_a_cluster_and_labelled_blocks() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/vector_add.spv");
    let svg = cfg(&example, "svg");
    assert_balanced(&svg);
    let dot = cfg(&example, "dot");
    let functions = dot.matches(" entry\", shape=box]").count();
    assert_eq!(svg.matches("class=\"cluster\"").count(), functions);
    assert!(svg.contains("Fn vector_add entry"), "{svg}");
}

#[test]
fn svg_is_well_formed_with_one_node_per_block_on_the_corpus() {
    let Some(corpus) = spirvkit_test_support::corpus_dir() else {
        return;
    };
    let files: Vec<_> = spirvkit_test_support::files_with_extensions(&corpus.join("spv"), &["spv"])
        .into_iter()
        .step_by(20)
        .collect();
    assert!(files.len() > 40);
    for f in &files {
        let svg = cfg(f, "svg");
        assert_balanced(&svg);
        let dot = cfg(f, "dot");
        let blocks = dot
            .lines()
            .filter(|l| l.contains(" [label=") && !l.starts_with("legend"))
            .count();
        let nodes = svg.matches("<title>").count();
        // Targets never reported by spirv-cfg's walk get a node too.
        assert!(
            nodes >= blocks,
            "{}: {nodes} nodes for {blocks} blocks",
            f.display()
        );
        assert_eq!(
            svg.matches("class=\"cluster\"").count(),
            dot.matches(" entry\", shape=box]").count(),
            "{}",
            f.display()
        );
        if dot.contains("style=dashed];") && dot.matches("style=dashed").count() > 1 {
            assert!(
                svg.contains("stroke-dasharray=\"7,4\""),
                "{}: merge edges dashed",
                f.display()
            );
        }
    }
}
