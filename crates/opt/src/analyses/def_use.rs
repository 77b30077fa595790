//! Def-use: for every id its defining instruction and the list of instructions using it.
//! Dense id-indexed tables (no hashing): use lists are one flat array sliced per id
//! (compressed rows), built in two linear passes (count, then fill).

use spirvkit_core::module::{DefIndex, DefLocation};
use spirvkit_core::{Id, Instruction, Module};

/// Where an instruction is: a global (`function == GLOBAL`), or in a function — `block ==
/// FUNCTION_LEVEL` for OpFunction (index 0), parameters (1..), OpFunctionEnd and trailing
/// instructions (after the parameters); otherwise `index` 0 is the block's label and
/// `index` i ≥ 1 its instruction i − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InstRef {
    pub function: u32,
    pub block: u32,
    pub index: u32,
}

impl InstRef {
    pub const GLOBAL: u32 = u32::MAX;
    pub const FUNCTION_LEVEL: u32 = u32::MAX;

    pub fn global(index: usize) -> Self {
        Self {
            function: Self::GLOBAL,
            block: 0,
            index: index as u32,
        }
    }

    /// The instruction this refers to.
    pub fn get<'m>(&self, module: &'m Module) -> Option<&'m Instruction> {
        if self.function == Self::GLOBAL {
            return module.globals.get(self.index as usize);
        }
        let f = module.functions.get(self.function as usize)?;
        let i = self.index as usize;
        if self.block == Self::FUNCTION_LEVEL {
            let params = f.parameters.len();
            return match i {
                0 => Some(&f.def),
                i if i <= params => f.parameters.get(i - 1),
                i => f.end.iter().chain(&f.trailing).nth(i - params - 1),
            };
        }
        let b = f.blocks.get(self.block as usize)?;
        if i == 0 {
            Some(&b.label)
        } else {
            b.instructions.get(i - 1)
        }
    }
}

/// Definitions and uses of every id below the module's bound.
pub struct DefUse {
    defs: DefIndex,
    use_start: Vec<u32>,
    uses: Vec<InstRef>,
}

/// Every instruction of the module with its location, in binary order.
pub fn for_each_located(module: &Module, mut f: impl FnMut(InstRef, &Instruction)) {
    for (i, inst) in module.globals.iter().enumerate() {
        f(InstRef::global(i), inst);
    }
    for (fi, func) in module.functions.iter().enumerate() {
        let fl = |index: usize| InstRef {
            function: fi as u32,
            block: InstRef::FUNCTION_LEVEL,
            index: index as u32,
        };
        f(fl(0), &func.def);
        for (i, p) in func.parameters.iter().enumerate() {
            f(fl(i + 1), p);
        }
        for (bi, b) in func.blocks.iter().enumerate() {
            let at = |index: usize| InstRef {
                function: fi as u32,
                block: bi as u32,
                index: index as u32,
            };
            f(at(0), &b.label);
            for (i, inst) in b.instructions.iter().enumerate() {
                f(at(i + 1), inst);
            }
        }
        let first = func.parameters.len() + 1;
        for (i, inst) in func.end.iter().chain(&func.trailing).enumerate() {
            f(fl(first + i), inst);
        }
    }
}

impl DefUse {
    pub fn new(module: &Module) -> Self {
        let bound = module.header.bound as usize;
        let mut counts = vec![0u32; bound + 1];
        for_each_located(module, |_, inst| {
            for id in inst.used_ids() {
                if let Some(c) = counts.get_mut(id.0 as usize) {
                    *c += 1;
                }
            }
        });
        // Prefix sums: use_start[id]..use_start[id + 1] are the uses of id.
        let mut use_start = Vec::with_capacity(bound + 1);
        let mut total = 0u32;
        for c in &counts[..bound] {
            use_start.push(total);
            total += c;
        }
        use_start.push(total);
        let mut fill: Vec<u32> = use_start.clone();
        let mut uses = vec![
            InstRef {
                function: 0,
                block: 0,
                index: 0
            };
            total as usize
        ];
        for_each_located(module, |at, inst| {
            for id in inst.used_ids() {
                if let Some(slot) = fill.get_mut(id.0 as usize) {
                    if (id.0 as usize) < bound {
                        uses[*slot as usize] = at;
                        *slot += 1;
                    }
                }
            }
        });
        DefUse {
            defs: module.def_index(),
            use_start,
            uses,
        }
    }

    pub fn def_location(&self, id: Id) -> DefLocation {
        self.defs.get(id)
    }

    pub fn def<'m>(&self, module: &'m Module, id: Id) -> Option<&'m Instruction> {
        module.def(&self.defs, id)
    }

    /// The instructions using `id` (one entry per use operand), in binary order.
    pub fn uses(&self, id: Id) -> &[InstRef] {
        let i = id.0 as usize;
        match (self.use_start.get(i), self.use_start.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.uses[a as usize..b as usize],
            _ => &[],
        }
    }

    pub fn use_count(&self, id: Id) -> usize {
        self.uses(id).len()
    }
}
