//! PARAMATTR_GROUP and PARAMATTR blocks: every distinct attribute list of the module,
//! made of deduplicated (index, attributes) groups.

use std::collections::HashMap;

use super::bits::BitWriter;
use super::types::TypeNumbering;
use crate::bitcode::attributes::attribute_kind_name;
use crate::model::{Attribute, AttributeList};

#[derive(Default)]
pub struct AttributeTable<'m> {
    lists: HashMap<&'m AttributeList, u64>,
    list_order: Vec<Vec<u64>>,
    /// A global variable's attributes: a list of one function-index group, as LLVM keeps them.
    global_lists: HashMap<&'m [Attribute], u64>,
    groups: HashMap<(u64, &'m [Attribute]), u64>,
    group_order: Vec<(u64, &'m [Attribute])>,
}

const FUNCTION_INDEX: u64 = 0xFFFF_FFFF;

/// The bitcode kind number of an attribute named `name`.
fn kind(name: &str) -> Option<u64> {
    (1..=128).find(|&k| attribute_kind_name(k) == Some(name))
}

impl<'m> AttributeTable<'m> {
    /// The list's number for function and call records (1-based, 0 for none).
    pub fn add(&mut self, list: &'m AttributeList) -> u64 {
        if list.is_empty() {
            return 0;
        }
        if let Some(&id) = self.lists.get(list) {
            return id;
        }
        let slots = std::iter::once((FUNCTION_INDEX, list.function.as_slice()))
            .chain(std::iter::once((0, list.ret.as_slice())))
            .chain(
                list.params
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (i as u64 + 1, p.as_slice())),
            );
        let id = self.push_list(slots);
        self.lists.insert(list, id);
        id
    }

    /// The list number of a global variable's attributes for its GLOBALVAR record (1-based,
    /// 0 for none).
    pub fn add_global(&mut self, attrs: &'m [Attribute]) -> u64 {
        if attrs.is_empty() {
            return 0;
        }
        if let Some(&id) = self.global_lists.get(attrs) {
            return id;
        }
        let id = self.push_list(std::iter::once((FUNCTION_INDEX, attrs)));
        self.global_lists.insert(attrs, id);
        id
    }

    /// Records a new list made of the (index, attributes) groups of `slots` (groups shared
    /// with earlier lists are reused): its number.
    fn push_list(&mut self, slots: impl Iterator<Item = (u64, &'m [Attribute])>) -> u64 {
        let mut groups = Vec::new();
        for (index, attrs) in slots {
            if attrs.is_empty() {
                continue;
            }
            let next = self.group_order.len() as u64 + 1;
            let id = *self.groups.entry((index, attrs)).or_insert(next);
            if id == next {
                self.group_order.push((index, attrs));
            }
            groups.push(id);
        }
        self.list_order.push(groups);
        self.list_order.len() as u64
    }

    /// The number `add` gave `list` (0 when empty or never added).
    pub fn id(&self, list: &AttributeList) -> u64 {
        self.lists.get(list).copied().unwrap_or(0)
    }

    /// The number `add_global` gave `attrs` (0 when empty or never added).
    pub fn global_id(&self, attrs: &[Attribute]) -> u64 {
        self.global_lists.get(attrs).copied().unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.list_order.is_empty()
    }

    pub fn write(&self, w: &mut BitWriter, numbering: &TypeNumbering) {
        if self.is_empty() {
            return;
        }
        w.enter_block(10, 3);
        let mut ops = Vec::new();
        for (i, (index, attrs)) in self.group_order.iter().enumerate() {
            ops.clear();
            ops.push(i as u64 + 1);
            ops.push(*index);
            for a in *attrs {
                encode(a, &mut ops, numbering);
            }
            w.record(3, &ops);
        }
        w.exit_block();
        w.enter_block(9, 3);
        for groups in &self.list_order {
            w.record(2, groups);
        }
        w.exit_block();
    }
}

fn push_str(ops: &mut Vec<u64>, s: &str) {
    ops.extend(s.bytes().map(u64::from));
    ops.push(0);
}

/// Appends one attribute in the group encoding; attributes with no bitcode form (kept
/// verbatim from text, or dropped while reading) are left out.
fn encode(a: &Attribute, ops: &mut Vec<u64>, numbering: &TypeNumbering) {
    match a {
        Attribute::Flag(name) => {
            if let Some(k) = kind(name) {
                ops.extend([0, k]);
            }
        }
        Attribute::Int(name, v) => {
            if let Some(k) = kind(name) {
                ops.extend([1, k, *v]);
            }
        }
        Attribute::Str(key, None) => {
            ops.push(3);
            push_str(ops, key);
        }
        Attribute::Str(key, Some(value)) => {
            ops.push(4);
            push_str(ops, key);
            push_str(ops, value);
        }
        Attribute::Type(name, ty) => {
            if let Some(k) = kind(name) {
                match ty {
                    Some(t) => ops.extend([6, k, numbering.id(*t)]),
                    None => ops.extend([5, k]),
                }
            }
        }
        Attribute::Raw(_) => {}
    }
}
