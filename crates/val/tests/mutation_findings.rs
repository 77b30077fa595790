//! Rules added after mutation testing (`cargo xtask conformance --only mutation`) showed
//! spirv-val rejecting mutants spirvkit accepted: operands of the control-flow instructions,
//! ids used inside their own definition, misused function ids, type declarations naming
//! untyped ids, and entry points that are also called. Each case was checked against
//! spirv-val 2025.5 (`SPIRV_VAL=/path/to/spirv-val` re-checks while testing).

mod common;
mod reference;
use common::*;
use reference::reference_verdict;

struct Case {
    name: &'static str,
    /// Annotations after the entry point.
    decorations: &'static str,
    /// Extra types/constants after the common ones.
    types: &'static str,
    /// Body of main's entry block.
    body: &'static str,
    /// Extra functions after main.
    functions: &'static str,
    /// None: valid; Some(rule): rejected with this rule.
    rule: Option<&'static str>,
}

const CASES: &[Case] = &[
    Case {
        decorations: "",
        name: "boolean condition",
        types: "",
        body: "OpSelectionMerge %m None\nOpBranchConditional %t %m %a\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn",
        functions: "",
        rule: None,
    },
    Case {
        decorations: "",
        name: "integer condition",
        types: "",
        body: "OpSelectionMerge %m None\nOpBranchConditional %c1 %m %a\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn",
        functions: "",
        rule: Some("cfg.branch_conditional"),
    },
    Case {
        decorations: "",
        name: "boolean selector",
        types: "",
        body: "OpSelectionMerge %m None\nOpSwitch %t %m\n%m = OpLabel\nOpReturn",
        functions: "",
        rule: Some("cfg.switch"),
    },
    Case {
        decorations: "",
        name: "OpReturn in a function returning int",
        types: "%fint = OpTypeFunction %int",
        body: "OpReturn",
        functions: "%g = OpFunction %int None %fint\n%ge = OpLabel\nOpReturn\nOpFunctionEnd",
        rule: Some("cfg.return"),
    },
    Case {
        decorations: "",
        name: "OpReturnValue of the return type",
        types: "%fint = OpTypeFunction %int",
        body: "OpReturn",
        functions: "%g = OpFunction %int None %fint\n%ge = OpLabel\nOpReturnValue %c1\nOpFunctionEnd",
        rule: None,
    },
    Case {
        decorations: "",
        name: "OpReturnValue of another type",
        types: "%fint = OpTypeFunction %int",
        body: "OpReturn",
        functions: "%g = OpFunction %int None %fint\n%ge = OpLabel\nOpReturnValue %u4\nOpFunctionEnd",
        rule: Some("cfg.return"),
    },
    Case {
        decorations: "",
        name: "value used in its own definition",
        types: "",
        body: "%x = OpIAdd %int %x %c1\nOpReturn",
        functions: "",
        rule: Some("id.forward"),
    },
    Case {
        decorations: "",
        name: "function id as an arithmetic operand",
        types: "",
        body: "%x = OpIAdd %int %main %c1\nOpReturn",
        functions: "",
        rule: Some("id.function_use"),
    },
    Case {
        decorations: "",
        name: "type declaration naming a label",
        types: "%arr = OpTypeArray %int %entry",
        body: "OpReturn",
        functions: "",
        rule: Some("id.forward"),
    },
    Case {
        decorations: "",
        name: "type declaration naming an ext-inst import",
        types: "%arr = OpTypeArray %int %glsl",
        body: "OpReturn",
        functions: "",
        rule: Some("id.requires_type"),
    },
    Case {
        decorations: "OpDecorate %p Flat",
        name: "Flat on a non-pointer function parameter",
        types: "%fi = OpTypeFunction %void %int",
        body: "OpReturn",
        functions: "%g = OpFunction %void None %fi\n%p = OpFunctionParameter %int\n%ge = OpLabel\nOpReturn\nOpFunctionEnd",
        rule: Some("decoration.target"),
    },
    Case {
        decorations: "",
        name: "OpLine naming a constant as its file",
        types: "",
        body: "OpLine %c1 1 1\nOpReturn",
        functions: "",
        rule: Some("id.line_file"),
    },
    Case {
        decorations: "",
        name: "OpLine naming an OpString",
        types: "",
        body: "OpLine %file 1 1\nOpReturn",
        functions: "",
        rule: None,
    },
    Case {
        decorations: "",
        name: "vector of pointers without SPV_INTEL_masked_gather_scatter",
        types: "%pf = OpTypePointer Function %float\n%vp = OpTypeVector %pf 2",
        body: "OpReturn",
        functions: "",
        rule: Some("type.vector"),
    },
    Case {
        decorations: "",
        name: "constant composite of a runtime array",
        types: "%ra = OpTypeRuntimeArray %int\n%cc = OpConstantComposite %ra %c1 %c2",
        body: "OpReturn",
        functions: "",
        rule: None,
    },
    Case {
        decorations: "",
        name: "value used in an unreachable block of another function",
        types: "",
        body: "OpReturn",
        functions: "%g = OpFunction %void None %fn\n%ge = OpLabel\n%u = OpUndef %int\nOpReturn\nOpFunctionEnd\n\
                    %h = OpFunction %void None %fn\n%he = OpLabel\nOpReturn\n%hu = OpLabel\n%x = OpIAdd %int %u %c1\nOpReturn\nOpFunctionEnd",
        rule: None,
    },
    Case {
        decorations: "",
        name: "value of a reachable block used in another function",
        types: "",
        body: "OpReturn",
        functions: "%g = OpFunction %void None %fn\n%ge = OpLabel\n%u = OpUndef %int\nOpReturn\nOpFunctionEnd\n\
                    %h = OpFunction %void None %fn\n%he = OpLabel\n%x = OpIAdd %int %u %c1\nOpReturn\nOpFunctionEnd",
        rule: Some("ssa.cross_function"),
    },
    Case {
        decorations: "OpMemberDecorateString %c1 0 UserSemantic \"x\"",
        name: "OpMemberDecorateString on a constant (not checked by spirv-val)",
        types: "",
        body: "OpReturn",
        functions: "",
        rule: None,
    },
    Case {
        decorations: "OpMemberDecorate %c1 0 RelaxedPrecision",
        name: "OpMemberDecorate on a constant",
        types: "",
        body: "OpReturn",
        functions: "",
        rule: Some("decoration.member_target"),
    },
    Case {
        decorations: "OpDecorate %wg BuiltIn WorkgroupSize",
        name: "WorkgroupSize on a constant",
        types: "%v3 = OpTypeVector %uint 3\n%wg = OpConstantComposite %v3 %u4 %u4 %u4",
        body: "OpReturn",
        functions: "",
        rule: None,
    },
    Case {
        decorations: "OpDecorate %u4 BuiltIn GlobalInvocationId",
        name: "another built-in on a constant",
        types: "",
        body: "OpReturn",
        functions: "",
        rule: Some("decoration.target"),
    },
    Case {
        decorations: "",
        name: "OpUndef of void",
        types: "%uv = OpUndef %void",
        body: "OpReturn",
        functions: "",
        rule: Some("constant.undef"),
    },
    Case {
        decorations: "",
        name: "OpUndef of int",
        types: "%ui = OpUndef %int",
        body: "OpReturn",
        functions: "",
        rule: None,
    },
    Case {
        decorations: "",
        name: "entry point called by another function",
        types: "",
        body: "OpReturn",
        functions: "%g = OpFunction %void None %fn\n%ge = OpLabel\n%r = OpFunctionCall %void %main\nOpReturn\nOpFunctionEnd",
        rule: Some("entry.called"),
    },
    Case {
        decorations: "",
        name: "helper called by the entry point",
        types: "",
        body: "%r = OpFunctionCall %void %g\nOpReturn",
        functions: "%g = OpFunction %void None %fn\n%ge = OpLabel\nOpReturn\nOpFunctionEnd",
        rule: None,
    },
    // Explicit-layout presence outside Vulkan follows spirv-val's checkForRequiredDecoration:
    // only arrays that are members themselves need ArrayStride (found when mutants dropped
    // the ArrayStride of a runtime array and spirv-val accepted them).
    Case {
        decorations: "OpMemberDecorate %S 0 Offset 0\nOpDecorate %S Block\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0",
        name: "runtime array member without ArrayStride (universal)",
        types: "%rt = OpTypeRuntimeArray %float\n%S = OpTypeStruct %rt\n%pS = OpTypePointer StorageBuffer %S\n%v = OpVariable %pS StorageBuffer",
        body: "OpReturn",
        functions: "",
        rule: None,
    },
    Case {
        decorations: "OpMemberDecorate %S 0 Offset 0\nOpDecorate %S Block\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0",
        name: "array member without ArrayStride",
        types: "%arr = OpTypeArray %float %u4\n%S = OpTypeStruct %arr\n%pS = OpTypePointer StorageBuffer %S\n%v = OpVariable %pS StorageBuffer",
        body: "OpReturn",
        functions: "",
        rule: Some("layout.explicit"),
    },
    Case {
        decorations: "OpMemberDecorate %S 0 Offset 0\nOpDecorate %outer ArrayStride 64\nOpDecorate %S Block\nOpDecorate %v DescriptorSet 0\nOpDecorate %v Binding 0",
        name: "inner array level without ArrayStride (universal)",
        types: "%inner = OpTypeArray %float %u4\n%outer = OpTypeArray %inner %u4\n%S = OpTypeStruct %outer\n%pS = OpTypePointer StorageBuffer %S\n%v = OpVariable %pS StorageBuffer",
        body: "OpReturn",
        functions: "",
        rule: None,
    },
];

fn module(case: &Case) -> Vec<u32> {
    assemble(&format!(
        "OpCapability Shader\n%glsl = OpExtInstImport \"GLSL.std.450\"\nOpMemoryModel Logical GLSL450\n\
         OpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1\n%file = OpString \"a.comp\"\n{}\n{TYPES}{}\n\
         %main = OpFunction %void None %fn\n%entry = OpLabel\n{}\nOpFunctionEnd\n{}\n",
        case.decorations, case.types, case.body, case.functions
    ))
}

#[test]
fn findings() {
    let mut failures = Vec::new();
    for case in CASES {
        let words = module(case);
        let found = rules(&words);
        let ok = match case.rule {
            None => found.is_empty(),
            Some(rule) => found.contains(&rule),
        };
        if !ok {
            failures.push(format!(
                "{}: expected {:?}, got {found:?}",
                case.name, case.rule
            ));
        }
        if let Some(reference_valid) = reference_verdict(&words) {
            if reference_valid != case.rule.is_none() {
                failures.push(format!(
                    "{}: spirv-val disagrees with the expectation",
                    case.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
