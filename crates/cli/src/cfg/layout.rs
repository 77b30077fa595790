//! A layered ("Sugiyama") drawing of one function's blocks: back edges found by a depth-first
//! order (spirvkit-val's `postorder`) are drawn upwards, ranks are longest paths over the
//! remaining edges, a few barycenter sweeps order each rank, and x positions are relaxed
//! toward the neighbours' average while keeping the order and the spacing. Linear per sweep.

use super::Function;
use spirvkit_text::dis::names::FriendlyNames;
use std::collections::HashMap;

/// Pixel metrics.
pub const CHAR_W: f64 = 7.2;
pub const LINE_H: f64 = 15.0;
pub const PAD_X: f64 = 10.0;
pub const PAD_Y: f64 = 7.0;
pub const GAP_X: f64 = 26.0;
pub const GAP_Y: f64 = 46.0;

/// What an edge means (styled like the DOT: merge dashed, continue dotted).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EdgeKind {
    Branch,
    Merge,
    Continue,
}

pub struct Node {
    pub id: u32,
    pub lines: Vec<String>,
    /// The function's entry block (drawn as a box, as spirv-cfg asks).
    pub entry: bool,
    /// A branch target the walk never reported (its block ends in another terminator).
    pub unreported: bool,
    pub rank: usize,
    /// Centre x and top y.
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

pub struct Edge {
    pub from: usize,
    pub to: usize,
    pub kind: EdgeKind,
    /// Goes against the ranking (a loop's back edge, or a self loop).
    pub back: bool,
}

/// A laid-out function, in its own coordinates from (0, 0).
pub struct Layout {
    pub title: String,
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
    pub width: f64,
    pub height: f64,
}

pub fn layout(f: &Function, names: &FriendlyNames) -> Layout {
    // Nodes: reported blocks in order, then targets that were never reported.
    let mut index: HashMap<u32, usize> = HashMap::with_capacity(f.blocks.len());
    let mut nodes: Vec<Node> = Vec::with_capacity(f.blocks.len());
    let mut node_for = |id: u32, reported: bool, nodes: &mut Vec<Node>| -> usize {
        if let Some(&i) = index.get(&id) {
            return i;
        }
        let i = nodes.len();
        index.insert(id, i);
        nodes.push(Node {
            id,
            lines: vec![names.get(id).into_owned()],
            entry: false,
            unreported: !reported,
            rank: 0,
            x: 0.0,
            y: 0.0,
            w: 0.0,
            h: 0.0,
        });
        i
    };
    for b in &f.blocks {
        let i = node_for(b.id, true, &mut nodes);
        nodes[i].unreported = false;
    }
    let mut edges = Vec::new();
    for b in &f.blocks {
        let from = node_for(b.id, true, &mut nodes);
        for &s in &b.successors {
            let to = node_for(s, false, &mut nodes);
            edges.push((from, to, EdgeKind::Branch));
        }
        if b.merge != 0 {
            let to = node_for(b.merge, false, &mut nodes);
            edges.push((from, to, EdgeKind::Merge));
        }
        if b.continue_target != 0 {
            let to = node_for(b.continue_target, false, &mut nodes);
            edges.push((from, to, EdgeKind::Continue));
        }
    }
    if let Some(first) = nodes.first_mut() {
        first.entry = true;
        first.lines.push(format!("Fn {} entry", names.get(f.id)));
    }
    let n = nodes.len();

    // Depth-first order over branch edges from the entry, then from every node not reached
    // (a virtual root listing them all): one forest, one call.
    let mut succs: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for &(from, to, kind) in &edges {
        if kind == EdgeKind::Branch {
            succs[from].push(to as u32);
        }
    }
    succs[n] = (0..n as u32).collect();
    let post = spirvkit_val::dominators::postorder(&succs, n as u32);
    let mut post_number = vec![0usize; n + 1];
    for (i, &v) in post.iter().enumerate() {
        post_number[v as usize] = i;
    }
    // In a depth-first order an edge u→v goes back up the tree exactly when v finishes last.
    let is_back = |from: usize, to: usize| post_number[to] >= post_number[from];

    // Ranks: longest path over forward branch edges, in reverse postorder (a topological
    // order of them). Merge/continue edges do not rank: they are annotations.
    for &v in post.iter().rev() {
        let v = v as usize;
        if v == n {
            continue;
        }
        for &s in &succs[v] {
            let s = s as usize;
            if !is_back(v, s) {
                nodes[s].rank = nodes[s].rank.max(nodes[v].rank + 1);
            }
        }
    }
    let edges: Vec<Edge> = edges
        .into_iter()
        .map(|(from, to, kind)| Edge {
            from,
            to,
            kind,
            back: nodes[to].rank <= nodes[from].rank,
        })
        .collect();

    for node in &mut nodes {
        let chars = node
            .lines
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(1);
        node.w = chars as f64 * CHAR_W + 2.0 * PAD_X;
        if !node.entry {
            // Ellipses (the DOT's default shape) need more room than their text.
            node.w *= 1.3;
        }
        node.h = node.lines.len() as f64 * LINE_H + 2.0 * PAD_Y;
    }
    let ranks = order_ranks(&mut nodes, &edges);
    let (width, height) = place(&mut nodes, &edges, &ranks);
    Layout {
        title: format!("Fn {}", names.get(f.id)),
        nodes,
        edges,
        width,
        height,
    }
}

/// The nodes of each rank, ordered to reduce crossings (barycenter sweeps down and up).
fn order_ranks(nodes: &mut [Node], edges: &[Edge]) -> Vec<Vec<usize>> {
    let depth = nodes.iter().map(|n| n.rank + 1).max().unwrap_or(0);
    let mut ranks: Vec<Vec<usize>> = vec![Vec::new(); depth];
    for (i, node) in nodes.iter().enumerate() {
        ranks[node.rank].push(i);
    }
    let mut up: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut down: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for e in edges {
        if e.kind == EdgeKind::Branch && !e.back {
            down[e.from].push(e.to);
            up[e.to].push(e.from);
        }
    }
    let mut position = vec![0f64; nodes.len()];
    let renumber = |ranks: &Vec<Vec<usize>>, position: &mut Vec<f64>| {
        for r in ranks {
            for (p, &v) in r.iter().enumerate() {
                position[v] = p as f64;
            }
        }
    };
    renumber(&ranks, &mut position);
    for sweep in 0..4 {
        let downward = sweep % 2 == 0;
        let order: Vec<usize> = if downward {
            (1..depth).collect()
        } else {
            (0..depth.saturating_sub(1)).rev().collect()
        };
        for r in order {
            let neighbours = if downward { &up } else { &down };
            let mut keyed: Vec<(f64, usize)> = ranks[r]
                .iter()
                .map(|&v| {
                    let ns = &neighbours[v];
                    let key = if ns.is_empty() {
                        position[v]
                    } else {
                        ns.iter().map(|&u| position[u]).sum::<f64>() / ns.len() as f64
                    };
                    (key, v)
                })
                .collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
            ranks[r] = keyed.into_iter().map(|(_, v)| v).collect();
            for (p, &v) in ranks[r].iter().enumerate() {
                position[v] = p as f64;
            }
        }
    }
    ranks
}

/// Coordinates: ranks top to bottom; inside a rank, nodes left to right in order, pulled
/// toward the average x of their neighbours. Returns the drawing's width and height.
fn place(nodes: &mut [Node], edges: &[Edge], ranks: &[Vec<usize>]) -> (f64, f64) {
    let mut y = 0.0;
    for r in ranks {
        let h = r.iter().map(|&v| nodes[v].h).fold(0.0, f64::max);
        let mut x = 0.0;
        for &v in r {
            nodes[v].x = x + nodes[v].w / 2.0;
            nodes[v].y = y + (h - nodes[v].h) / 2.0;
            x += nodes[v].w + GAP_X;
        }
        y += h + GAP_Y;
    }
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for e in edges {
        if e.kind == EdgeKind::Branch && e.from != e.to {
            neighbours[e.from].push(e.to);
            neighbours[e.to].push(e.from);
        }
    }
    for _ in 0..8 {
        for r in ranks {
            // Desired positions, then a left-to-right and right-to-left pass to keep the gaps.
            let want: Vec<f64> = r
                .iter()
                .map(|&v| {
                    let ns = &neighbours[v];
                    if ns.is_empty() {
                        nodes[v].x
                    } else {
                        ns.iter().map(|&u| nodes[u].x).sum::<f64>() / ns.len() as f64
                    }
                })
                .collect();
            for (k, &v) in r.iter().enumerate() {
                nodes[v].x = want[k];
            }
            for k in 1..r.len() {
                let (a, b) = (r[k - 1], r[k]);
                let min = nodes[a].x + (nodes[a].w + nodes[b].w) / 2.0 + GAP_X;
                if nodes[b].x < min {
                    nodes[b].x = min;
                }
            }
        }
    }
    // Shift everything right of 0 and measure.
    let left = nodes
        .iter()
        .map(|v| v.x - v.w / 2.0)
        .fold(f64::INFINITY, f64::min);
    let shift = if left.is_finite() { -left } else { 0.0 };
    let mut width: f64 = 0.0;
    let mut height: f64 = 0.0;
    for v in nodes.iter_mut() {
        v.x += shift;
        width = width.max(v.x + v.w / 2.0);
        height = height.max(v.y + v.h);
    }
    // Room on the right for back edges that swing around.
    let backs = edges.iter().filter(|e| e.back).count();
    if backs > 0 {
        width += 24.0;
    }
    (width, height)
}
