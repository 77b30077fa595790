//! The CFG as SVG: one cluster per function (side by side, titled with the function), entry
//! blocks as boxes and other blocks as ellipses labelled with their names (as the DOT asks),
//! branch edges solid, merge edges dashed and continue edges dotted, with a legend.

use super::layout::{self, EdgeKind, Layout, Node};
use super::Graph;
use spirvkit_text::dis::names::FriendlyNames;
use std::fmt::Write;

const MARGIN: f64 = 16.0;
const CLUSTER_PAD: f64 = 14.0;
const TITLE_H: f64 = 22.0;
const LEGEND_H: f64 = 28.0;

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

fn style(kind: EdgeKind) -> (&'static str, &'static str, &'static str) {
    // (stroke colour, dash pattern, arrow marker)
    match kind {
        EdgeKind::Branch => ("#222222", "", "arrow"),
        EdgeKind::Merge => ("#1f6fb2", "7,4", "arrow-merge"),
        EdgeKind::Continue => ("#b2451f", "2,3", "arrow-continue"),
    }
}

pub fn write(graph: &Graph, names: &FriendlyNames) -> String {
    let layouts: Vec<Layout> = graph
        .functions
        .iter()
        .map(|f| layout::layout(f, names))
        .collect();
    let top = MARGIN + LEGEND_H;
    let mut x = MARGIN;
    let mut height: f64 = 0.0;
    let mut origins = Vec::with_capacity(layouts.len());
    for l in &layouts {
        let w = (l.width + 2.0 * CLUSTER_PAD).max(l.title.len() as f64 * layout::CHAR_W + 20.0);
        origins.push((x, top, w));
        x += w + MARGIN;
        height = height.max(l.height + 2.0 * CLUSTER_PAD + TITLE_H);
    }
    let width = x.max(260.0);
    let total_h = top + height + MARGIN;
    let mut out = String::with_capacity(4096);
    let _ = writeln!(
        out,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{total_h:.0}" viewBox="0 0 {width:.0} {total_h:.0}" font-family="monospace" font-size="12">"#
    );
    out.push_str("<defs>\n");
    for kind in [EdgeKind::Branch, EdgeKind::Merge, EdgeKind::Continue] {
        let (colour, _, id) = style(kind);
        let _ = writeln!(
            out,
            r#"<marker id="{id}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>"#
        );
    }
    out.push_str("</defs>\n");
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width:.0}" height="{total_h:.0}" fill="#ffffff"/>"##
    );
    legend(&mut out);
    for (l, &(ox, oy, w)) in layouts.iter().zip(&origins) {
        let h = l.height + 2.0 * CLUSTER_PAD + TITLE_H;
        let _ = writeln!(
            out,
            r##"<g class="cluster"><rect x="{ox:.1}" y="{oy:.1}" width="{w:.1}" height="{h:.1}" rx="6" fill="#f6f8fa" stroke="#8c959f"/><text x="{:.1}" y="{:.1}" font-weight="bold">{}</text>"##,
            ox + 8.0,
            oy + 16.0,
            escape(&l.title)
        );
        // Centre the function inside its cluster.
        let dx = ox + (w - l.width) / 2.0;
        let dy = oy + TITLE_H + CLUSTER_PAD;
        for e in &l.edges {
            edge(
                &mut out,
                &l.nodes[e.from],
                &l.nodes[e.to],
                e.kind,
                e.back,
                dx,
                dy,
            );
        }
        for n in &l.nodes {
            node(&mut out, n, dx, dy);
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

fn legend(out: &mut String) {
    let y = MARGIN + 8.0;
    for (i, (kind, label)) in [(EdgeKind::Merge, "merge"), (EdgeKind::Continue, "continue")]
        .into_iter()
        .enumerate()
    {
        let x = MARGIN + i as f64 * 130.0;
        let (colour, dash, marker) = style(kind);
        let _ = writeln!(
            out,
            r#"<path d="M{x:.1},{y:.1} L{:.1},{y:.1}" stroke="{colour}" stroke-dasharray="{dash}" fill="none" marker-end="url(#{marker})"/><text x="{:.1}" y="{:.1}">{label}</text>"#,
            x + 50.0,
            x + 56.0,
            y + 4.0
        );
    }
}

fn node(out: &mut String, n: &Node, dx: f64, dy: f64) {
    let (cx, y) = (n.x + dx, n.y + dy);
    let cy = y + n.h / 2.0;
    let _ = write!(out, "<g><title>%{}</title>", n.id);
    let (stroke, dash) = if n.unreported {
        ("#8c959f", r#" stroke-dasharray="4,3""#)
    } else {
        ("#222222", "")
    };
    if n.entry {
        let _ = write!(
            out,
            r##"<rect x="{:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="#ffffff" stroke="{stroke}"{dash}/>"##,
            cx - n.w / 2.0,
            n.w,
            n.h
        );
    } else {
        let _ = write!(
            out,
            r##"<ellipse cx="{cx:.1}" cy="{cy:.1}" rx="{:.1}" ry="{:.1}" fill="#ffffff" stroke="{stroke}"{dash}/>"##,
            n.w / 2.0,
            n.h / 2.0
        );
    }
    let first = cy - (n.lines.len() as f64 - 1.0) * layout::LINE_H / 2.0 + 4.0;
    for (i, line) in n.lines.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            first + i as f64 * layout::LINE_H,
            escape(line)
        );
    }
    out.push_str("</g>\n");
}

fn edge(out: &mut String, a: &Node, b: &Node, kind: EdgeKind, back: bool, dx: f64, dy: f64) {
    let (colour, dash, marker) = style(kind);
    let d = if std::ptr::eq(a, b) {
        // A self loop on the right side.
        let (x, y) = (a.x + dx + a.w / 2.0, a.y + dy + a.h / 2.0);
        format!(
            "M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            x - 4.0,
            y - 6.0,
            x + 30.0,
            y - 24.0,
            x + 30.0,
            y + 24.0,
            x - 4.0,
            y + 6.0
        )
    } else if back {
        // Upwards or sideways: leave and enter on the right, swinging out.
        let (sx, sy) = (a.x + dx + a.w / 2.0, a.y + dy + a.h / 2.0);
        let (tx, ty) = (b.x + dx + b.w / 2.0, b.y + dy + b.h / 2.0);
        let swing = 30.0 + (sy - ty).abs() * 0.15;
        let out_x = sx.max(tx) + swing;
        format!("M{sx:.1},{sy:.1} C{out_x:.1},{sy:.1} {out_x:.1},{ty:.1} {tx:.1},{ty:.1}")
    } else {
        let (sx, sy) = (a.x + dx, a.y + dy + a.h);
        let (tx, ty) = (b.x + dx, b.y + dy);
        let bend = (ty - sy) / 2.0;
        // Merge and continue edges bow out to either side so they do not hide branches.
        let bow = match kind {
            EdgeKind::Branch => 0.0,
            EdgeKind::Merge => 28.0,
            EdgeKind::Continue => -28.0,
        };
        format!(
            "M{sx:.1},{sy:.1} C{:.1},{:.1} {:.1},{:.1} {tx:.1},{ty:.1}",
            sx + bow,
            sy + bend,
            tx + bow,
            ty - bend
        )
    };
    let dash = if dash.is_empty() {
        String::new()
    } else {
        format!(r#" stroke-dasharray="{dash}""#)
    };
    let _ = writeln!(
        out,
        r#"<path d="{d}" stroke="{colour}"{dash} fill="none" marker-end="url(#{marker})"/>"#
    );
}
