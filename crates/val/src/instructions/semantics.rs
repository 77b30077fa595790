//! The Memory Semantics operand of barriers and atomics, as spirv-val 2025.5's
//! ValidateMemorySemantics: a 32-bit integer, an OpConstant when Shader is declared; for a
//! constant value: UniformMemory needs Shader, OutputMemory/MakeAvailable/MakeVisible/Volatile
//! need VulkanMemoryModel; at most one memory-order bit (10865); under Vulkan (environment or
//! memory model) no SequentiallyConsistent (10866), no Relaxed OpMemoryBarrier (10869), a
//! non-relaxed order has a storage-class bit and a storage-class bit a non-relaxed order
//! (10870/10871), and a non-relaxed order is not used with the Invocation memory scope
//! (04641); per instruction: no Acquire order on stores and flag clears (10867), no Release
//! order on loads (10868), MakeAvailable with a release and MakeVisible with an acquire order
//! (10872/10873), Volatile only on atomics (10874); the Unequal semantics of a compare-exchange
//! have no release order (10875), no stronger order than Equal (10876) and, under Vulkan, no
//! storage-class or MakeVisible bit Equal lacks, and Volatile exactly as Equal (10877-10879).

use super::Sink;
use crate::state::Inst;
use crate::typeinfo as ti;
use spirvkit_grammar::{Capability, Op};

const ACQUIRE: u32 = 0x2;
const RELEASE: u32 = 0x4;
const ACQUIRE_RELEASE: u32 = 0x8;
const SEQ_CST: u32 = 0x10;
const UNIFORM: u32 = 0x40;
const WORKGROUP: u32 = 0x100;
const IMAGE: u32 = 0x800;
const OUTPUT: u32 = 0x1000;
const MAKE_AVAILABLE: u32 = 0x2000;
const MAKE_VISIBLE: u32 = 0x4000;
const VOLATILE: u32 = 0x8000;
const ORDER: u32 = ACQUIRE | RELEASE | ACQUIRE_RELEASE | SEQ_CST;
/// Storage-class bits Vulkan supports.
const VULKAN_CLASSES: u32 = UNIFORM | WORKGROUP | IMAGE | OUTPUT;
const INVOCATION_SCOPE: u64 = 4;
/// Memory Semantics with MemorySemantics VUIDs.
const SEMANTICS_RULE: &str = "semantics.order";

/// The value of a 32-bit integer constant as spirv-val evaluates it (`EvalInt32IfConst`):
/// OpConstant and OpConstantNull only; spec constants are not evaluated.
fn const_value(s: &Sink<'_, '_>, id: u32) -> Option<u32> {
    let st = s.st;
    match st.def_op(id)? {
        Op::Constant => ti::const_uint(st, id).and_then(|v| u32::try_from(v).ok()),
        Op::ConstantNull => Some(0),
        _ => None,
    }
}

/// The value of `id` when it is a 32-bit integer constant spirv-val evaluates.
pub fn const_int32(s: &Sink<'_, '_>, id: u32) -> Option<u32> {
    if is_int32(s, id) {
        const_value(s, id)
    } else {
        None
    }
}

fn is_int32(s: &Sink<'_, '_>, id: u32) -> bool {
    let t = ti::type_of(s.st, id);
    ti::is_int(s.st, t) && !ti::is_vector(s.st, t) && ti::component_width(s.st, t) == Some(32)
}

/// `[VUID-StandaloneSpirv-NAME] ` in Vulkan environments, as spirv-val prefixes its messages.
fn vuid(s: &Sink<'_, '_>, name: &str) -> String {
    if s.st.opts.target_env.is_vulkan() {
        format!("[VUID-StandaloneSpirv-{name}] ")
    } else {
        String::new()
    }
}

/// Checks the Memory Semantics id at word `word` of `inst`; `scope_word` is the word of the
/// instruction's Memory Scope.
pub fn check(
    s: &mut Sink<'_, '_>,
    index: u32,
    inst: &Inst,
    opname: &str,
    word: usize,
    scope_word: usize,
) {
    let st = s.st;
    let id = st.word(inst, word);
    let Some(def) = st.def(id).copied() else {
        return;
    };
    if !is_int32(s, id) {
        s.err(
            "semantics.type",
            index,
            format!("{opname}: expected Memory Semantics to be a 32-bit int"),
            &[id],
        );
        return;
    }
    let shader = st.has_capability(Capability::Shader);
    let Some(value) = const_value(s, id) else {
        let coop = st.has_capability(Capability::CooperativeMatrixNV);
        if shader && !coop {
            s.err(
                "semantics.constant",
                index,
                "Memory Semantics ids must be OpConstant when Shader capability is present",
                &[id],
            );
        } else if shader && !crate::state::is_constant_op(def.op()) {
            s.err(
                "semantics.constant",
                index,
                "Memory Semantics must be a constant instruction when CooperativeMatrixNV capability is present",
                &[id],
            );
        }
        return;
    };
    if let Some(message) = first_error(s, inst, opname, word, scope_word, value) {
        s.err(SEMANTICS_RULE, index, message, &[id]);
    }
}

/// spirv-val's first complaint about constant semantics `value`, if any.
fn first_error(
    s: &Sink<'_, '_>,
    inst: &Inst,
    opname: &str,
    word: usize,
    scope_word: usize,
    value: u32,
) -> Option<String> {
    let st = s.st;
    let op = inst.op();
    let vulkan_model = st.has_capability(Capability::VulkanMemoryModel);
    let is_vulkan = st.opts.target_env.is_vulkan() || st.memory_model == Some(3);
    if value & UNIFORM != 0 && !st.has_capability(Capability::Shader) {
        return Some(format!(
            "{opname}: Memory Semantics UniformMemory requires capability Shader"
        ));
    }
    if value & OUTPUT != 0 && !vulkan_model {
        return Some(format!(
            "{opname}: Memory Semantics OutputMemoryKHR requires capability VulkanMemoryModelKHR"
        ));
    }
    let orders = (value & ORDER).count_ones();
    if orders > 1 {
        return Some(format!(
            "{}{opname}: Memory Semantics must have at most one non-relaxed memory order bit set",
            vuid(s, "MemorySemantics-10865")
        ));
    }
    if is_vulkan && value & SEQ_CST != 0 {
        return Some(format!("{}{opname}: Memory Semantics with SequentiallyConsistent memory order must not be used in the Vulkan API", vuid(s, "MemorySemantics-10866")));
    }
    if matches!(op, Op::AtomicStore | Op::AtomicFlagClear)
        && value & (ACQUIRE | ACQUIRE_RELEASE) != 0
    {
        return Some(format!("{}{opname}: MemorySemantics must not use Acquire or AcquireRelease memory order with {opname}", vuid(s, "MemorySemantics-10867")));
    }
    if op == Op::AtomicLoad && value & (RELEASE | ACQUIRE_RELEASE) != 0 {
        return Some(format!("{}{opname}: MemorySemantics must not use Release or AcquireRelease memory order with {opname}", vuid(s, "MemorySemantics-10868")));
    }
    if is_vulkan && op == Op::MemoryBarrier && orders == 0 {
        return Some(format!(
            "{}{opname}: MemorySemantics must not use Relaxed memory order with {opname}",
            vuid(s, "MemorySemantics-10869")
        ));
    }
    if is_vulkan {
        let classes = value & VULKAN_CLASSES != 0;
        if orders > 0 && !classes {
            return Some(format!("{}{opname}: Memory Semantics with a non-relaxed memory order (Acquire, Release, or AcquireRelease) must have at least one Vulkan-supported storage class semantics bit set (UniformMemory, WorkgroupMemory, ImageMemory, or OutputMemory)", vuid(s, "MemorySemantics-10870")));
        }
        if orders == 0 && classes {
            return Some(format!("{}{opname}: Memory Semantics with at least one Vulkan-supported storage class semantics bit set (UniformMemory, WorkgroupMemory, ImageMemory, or OutputMemory) must use a non-relaxed memory order (Acquire, Release, or AcquireRelease)", vuid(s, "MemorySemantics-10871")));
        }
    }
    if value & MAKE_AVAILABLE != 0 {
        if !vulkan_model {
            return Some(format!("{opname}: Memory Semantics MakeAvailableKHR requires capability VulkanMemoryModelKHR"));
        }
        if value & (RELEASE | ACQUIRE_RELEASE) == 0 {
            return Some(format!("{}{opname}: Memory Semantics with MakeAvailable bit set must use Release or AcquireRelease memory order", vuid(s, "MemorySemantics-10872")));
        }
    }
    if value & MAKE_VISIBLE != 0 {
        if !vulkan_model {
            return Some(format!("{opname}: Memory Semantics MakeVisibleKHR requires capability VulkanMemoryModelKHR"));
        }
        if value & (ACQUIRE | ACQUIRE_RELEASE) == 0 {
            return Some(format!("{}{opname}: Memory Semantics with MakeVisible bit set must use Acquire or AcquireRelease memory order", vuid(s, "MemorySemantics-10873")));
        }
    }
    if value & VOLATILE != 0 {
        if !vulkan_model {
            return Some(format!(
                "{opname}: Memory Semantics Volatile requires capability VulkanMemoryModelKHR"
            ));
        }
        if matches!(op, Op::ControlBarrier | Op::MemoryBarrier) {
            return Some(format!("{}{opname}: Memory Semantics with Volatile bit set must not be used with barrier instructions", vuid(s, "MemorySemantics-10874")));
        }
    }
    let compare = matches!(
        op,
        Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak
    );
    // Unequal is the second semantics operand (word 6).
    if compare && word == 6 {
        if value & (RELEASE | ACQUIRE_RELEASE) != 0 {
            return Some(format!("{}{opname} Unequal Memory Semantics must not use Release or AcquireRelease memory order", vuid(s, "UnequalMemorySemantics-10875")));
        }
        let equal_id = st.word(inst, 5);
        let equal = if is_int32(s, equal_id) {
            const_value(s, equal_id).unwrap_or(0)
        } else {
            0
        };
        if (value & SEQ_CST != 0 && equal & SEQ_CST == 0)
            || (value & ACQUIRE != 0 && equal & ORDER == 0)
        {
            return Some(format!("{}{opname} Unequal Memory Semantics must not use a stronger memory order than the corresponding Equal Memory Semantics", vuid(s, "UnequalMemorySemantics-10876")));
        }
        if is_vulkan {
            if value & !equal & VULKAN_CLASSES != 0 {
                return Some(format!("{}{opname} Unequal Memory Semantics must not have any Vulkan-supported storage class semantics bit set (UniformMemory, WorkgroupMemory, ImageMemory, or OutputMemory) unless this bit is also set in the corresponding Equal Memory Semantics", vuid(s, "UnequalMemorySemantics-10877")));
            }
            if value & !equal & MAKE_VISIBLE != 0 {
                return Some(format!("{}{opname} Unequal Memory Semantics must not have MakeVisible bit set unless this bit is also set in the corresponding Equal Memory Semantics", vuid(s, "UnequalMemorySemantics-10878")));
            }
            if (value ^ equal) & VOLATILE != 0 {
                return Some(format!("{}{opname} Unequal Memory Semantics must have Volatile bit set if and only if this bit is also set in the corresponding Equal Memory Semantics", vuid(s, "UnequalMemorySemantics-10879")));
            }
        }
    }
    if is_vulkan && orders > 0 {
        let scope = st.word(inst, scope_word);
        if is_int32(s, scope) && const_value(s, scope).map(u64::from) == Some(INVOCATION_SCOPE) {
            return Some(format!("{}{opname}: Vulkan specification requires Memory Semantics to be Relaxed if used with Invocation Memory Scope", vuid(s, "None-04641")));
        }
    }
    None
}
