//! One positive and at least one negative test per rule family; every negative case was
//! checked to be rejected by spirv-val 2025.5 too (and every positive case accepted).

mod common;
use common::*;
use spirvkit_val::{validate, TargetEnv, ValidatorOptions};

const RET: &str = "OpReturn";

#[test]
fn base_shader_is_valid() {
    assert_valid(&shader("", "", RET));
}

// ---- header and layout ----

#[test]
fn header_magic_version_bound() {
    let mut w = shader("", "", RET);
    assert_valid(&w);
    w[0] = 0x1234;
    assert_rule(&w, "header.magic");
    let mut w = shader("", "", RET);
    w[1] = 0x0001_0700;
    assert_rule(&w, "header.version");
    let w = shader("", "", RET);
    let opts = ValidatorOptions::new(TargetEnv::Spv(3));
    assert!(
        validate(&w, &opts).is_err(),
        "a 1.6 module is invalid for spv1.3"
    );
    let mut w = shader("", "", RET);
    w[3] = 0x40_0000;
    assert_rule(&w, "limits.id_bound");
    assert_rule(&[spirvkit_core::MAGIC, 0x10000], "header.truncated");
}

#[test]
fn layout_order() {
    let ok = assemble("OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n%void = OpTypeVoid\n");
    assert_valid(&ok);
    let bad = assemble("OpMemoryModel Logical GLSL450\nOpCapability Shader\n%void = OpTypeVoid\n");
    assert_rule(&bad, "layout.order");
    let missing = assemble("OpCapability Shader\nOpCapability Linkage\n%void = OpTypeVoid\n");
    assert_rule(&missing, "layout.memory_model");
    let twice = assemble("OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\nOpMemoryModel Logical GLSL450\n");
    assert_rule(&twice, "layout.memory_model");
    // Annotations after types.
    let late = shader("", "OpDecorate %int RelaxedPrecision", RET);
    assert_rule(&late, "layout.order");
}

#[test]
fn functions_and_blocks_structure() {
    assert_rule(
        &shader("", "", "%x = OpIAdd %int %c1 %c1\n%l2 = OpLabel\nOpReturn"),
        "layout.block",
    );
    assert_rule(
        &shader("", "", "OpReturn\n%x = OpIAdd %int %c1 %c1"),
        "layout.block",
    );
    assert_rule(&shader("", "", "%x = OpIAdd %int %c1 %c1"), "layout.block");
    let nested = assemble(&format!(
        "{SHADER_HEAD}{TYPES}%main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\n"
    ));
    assert_rule(&nested, "layout.function");
    // Declarations after definitions.
    let decl_late = assemble(&format!(
        "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n{TYPES}\
         %main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n\
         %ext = OpFunction %void None %fn\nOpFunctionEnd\n"
    ));
    assert_rule(&decl_late, "layout.function_decl");
    let decl_first = assemble(&format!(
        "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\nOpDecorate %ext LinkageAttributes \"ext\" Import\n{TYPES}\
         %ext = OpFunction %void None %fn\nOpFunctionEnd\n\
         %main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_valid(&decl_first);
}

#[test]
fn variables_placement() {
    let fptr = "%fpi = OpTypePointer Function %int\n%ppi = OpTypePointer Private %int";
    assert_valid(&shader("", fptr, "%v = OpVariable %fpi Function\nOpReturn"));
    assert_rule(
        &shader(
            "",
            fptr,
            "%x = OpIAdd %int %c1 %c1\n%v = OpVariable %fpi Function\nOpReturn",
        ),
        "layout.variable",
    );
    assert_rule(
        &shader("", fptr, "%v = OpVariable %ppi Private\nOpReturn"),
        "layout.variable",
    );
    assert_rule(
        &shader("", &format!("{fptr}\n%g = OpVariable %fpi Function"), RET),
        "layout.variable",
    );
}

// ---- ids ----

#[test]
fn ids_defined_once_and_before_use() {
    assert_valid(&shader(
        "",
        "",
        "%x = OpIAdd %int %c1 %c1\n%y = OpIAdd %int %x %c1\nOpReturn",
    ));
    assert_rule(
        &shader(
            "",
            "",
            "%x = OpIAdd %int %y %c1\n%y = OpIAdd %int %c1 %c1\nOpReturn",
        ),
        "id.forward",
    );
    assert_rule(
        &shader("", "", "%x = OpIAdd %int %c1 %nope\nOpReturn"),
        "id.undefined",
    );
    assert_rule(
        &shader(
            "",
            "",
            "%x = OpIAdd %int %c1 %c1\n%x = OpIAdd %int %c1 %c1\nOpReturn",
        ),
        "id.redefined",
    );
    // Forward references allowed in names, decorations and branches.
    assert_valid(&shader(
        "OpName %later \"later\"",
        "",
        "OpBranch %later\n%later = OpLabel\nOpReturn",
    ));
}

#[test]
fn id_kinds() {
    assert_rule(
        &shader("", "", "%x = OpIAdd %int %int %c1\nOpReturn"),
        "id.is_type",
    );
    assert_rule(
        &shader("", "", "%x = OpIAdd %c1 %c1 %c1\nOpReturn"),
        "id.not_a_type",
    );
    assert_rule(
        &shader("", "", "%x = OpIAdd %int %entry %c1\nOpReturn"),
        "id.requires_type",
    );
}

// ---- capabilities, extensions, versions ----

#[test]
fn capabilities_and_versions_from_the_grammar() {
    // Opcode capability.
    assert_rule(
        &shader(
            "",
            "%s = OpTypeSampler\n%cs = OpConstantSampler %s None 0 Nearest",
            RET,
        ),
        "capability.opcode",
    );
    // Operand capability (Geometry execution model without the capability).
    let geom = assemble(&format!(
        "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint Geometry %main \"main\"\n\
         OpExecutionMode %main InputPoints\nOpExecutionMode %main OutputPoints\nOpExecutionMode %main OutputVertices 1\n{TYPES}\
         %main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_rule(&geom, "capability.operand");
    // Enumerant removed in 1.4 (BufferBlock) and added in 1.4 (UniformId in a 1.0 module).
    let st = "%st = OpTypeStruct %float";
    assert_rule(
        &shader("OpDecorate %st BufferBlock", st, RET),
        "version.operand",
    );
    assert_valid(&shader("OpDecorate %st Block", st, RET));
    let v10 = assemble_version(
        &format!("{SHADER_HEAD}OpDecorateId %x UniformId %scope\n{TYPES}%scope = OpConstant %uint 3\n%main = OpFunction %void None %fn\n%e = OpLabel\n%x = OpIAdd %int %c1 %c1\nOpReturn\nOpFunctionEnd\n"),
        0x0001_0000,
    );
    assert!(
        rules(&v10).iter().any(|r| r.starts_with("version.")),
        "{:?}",
        rules(&v10)
    );
    // Opcode newer than the module version.
    let copy = |v| {
        assemble_version(&format!("{SHADER_HEAD}{TYPES}%main = OpFunction %void None %fn\n%e = OpLabel\n%x = OpCopyLogical %int %c1\nOpReturn\nOpFunctionEnd\n"), v)
    };
    assert_rule(&copy(0x0001_0000), "version.opcode");
    // At 1.4 the opcode exists (copying a value to its own type is a separate error).
    assert!(
        !rules(&copy(0x0001_0400))
            .iter()
            .any(|r| r.starts_with("version.")),
        "{:?}",
        rules(&copy(0x0001_0400))
    );
    // Implicitly declared capabilities: Shader implies Matrix.
    assert_valid(&shader("", "%m = OpTypeMatrix %v4 4", RET));
}

// ---- types ----

#[test]
fn type_rules() {
    assert_rule(&shader("", "%int2 = OpTypeInt 32 1", RET), "type.duplicate");
    assert_rule(
        &shader("", "%fn2 = OpTypeFunction %void", RET),
        "type.duplicate",
    );
    assert_valid(&shader(
        "",
        "%p1 = OpTypePointer Private %int\n%p2 = OpTypePointer Private %int",
        RET,
    ));
    assert_valid(&shader(
        "",
        "%a1 = OpTypeArray %float %u4\n%a2 = OpTypeArray %float %u4",
        RET,
    ));
    assert_rule(&shader("", "%i8 = OpTypeInt 8 0", RET), "type.int_width");
    assert_rule(&shader("", "%i12 = OpTypeInt 12 0", RET), "type.int_width");
    assert_rule(
        &shader("", "%ix = OpTypeInt 32 2", RET),
        "type.int_signedness",
    );
    assert_rule(
        &shader("", "%f16 = OpTypeFloat 16", RET),
        "type.float_width",
    );
    assert_valid(&assemble("OpCapability Shader\nOpCapability Float16\nOpCapability Int8\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n%h = OpTypeFloat 16\n%b = OpTypeInt 8 0\n"));
    assert_rule(
        &shader("", "%v5 = OpTypeVector %float 5", RET),
        "type.vector",
    );
    assert_rule(
        &shader(
            "",
            "%st = OpTypeStruct %float\n%vs = OpTypeVector %st 2",
            RET,
        ),
        "type.vector",
    );
    assert_rule(
        &shader(
            "",
            "%vi = OpTypeVector %int 4\n%m = OpTypeMatrix %vi 4",
            RET,
        ),
        "type.matrix",
    );
    assert_rule(&shader("", "%m = OpTypeMatrix %v4 5", RET), "type.matrix");
    assert_rule(
        &shader("", "%m = OpTypeMatrix %float 4", RET),
        "type.matrix",
    );
    assert_rule(&shader("", "%a = OpTypeArray %void %u4", RET), "type.array");
    assert_rule(
        &shader(
            "",
            "%z = OpConstant %uint 0\n%a = OpTypeArray %float %z",
            RET,
        ),
        "type.array_length",
    );
    assert_rule(
        &shader(
            "",
            "%n = OpConstant %int -3\n%a = OpTypeArray %float %n",
            RET,
        ),
        "type.array_length",
    );
    assert_rule(
        &shader(
            "",
            "%z = OpConstantNull %uint\n%a = OpTypeArray %float %z",
            RET,
        ),
        "type.array_length",
    );
    assert_rule(
        &shader(
            "",
            "%cf = OpConstant %float 2\n%a = OpTypeArray %float %cf",
            RET,
        ),
        "type.array_length",
    );
    assert_valid(&shader(
        "",
        "%z = OpSpecConstant %uint 0\n%a = OpTypeArray %float %z",
        RET,
    ));
    assert_rule(&shader("", "%s = OpTypeStruct %void", RET), "type.struct");
    assert_rule(
        &shader("", "%f2 = OpTypeFunction %void %void", RET),
        "type.function",
    );
    assert_rule(
        &shader("", "%p = OpTypePointer Private %c1", RET),
        "type.operand",
    );
    assert_rule(
        &shader("", "%p = OpTypePointer Function %fn", RET),
        "type.function_use",
    );
}

// ---- constants ----

#[test]
fn constant_rules() {
    assert_rule(
        &shader("", "%x = OpConstantTrue %int", RET),
        "constant.type",
    );
    let f1 = "%f1 = OpConstant %float 1";
    assert_valid(&shader(
        "",
        &format!("{f1}\n%cc = OpConstantComposite %v4 %f1 %f1 %f1 %f1"),
        RET,
    ));
    assert_rule(
        &shader(
            "",
            &format!("{f1}\n%cc = OpConstantComposite %v4 %f1 %f1 %f1"),
            RET,
        ),
        "constant.constituent",
    );
    assert_rule(
        &shader(
            "",
            &format!("{f1}\n%cc = OpConstantComposite %v4 %f1 %f1 %f1 %c1"),
            RET,
        ),
        "constant.constituent",
    );
    assert_rule(
        &shader("", "%cc = OpConstantComposite %float %c1", RET),
        "constant.type",
    );
    assert_valid(&shader(
        "",
        "%f1 = OpSpecConstant %float 1\n%cc = OpConstantComposite %v4 %f1 %f1 %f1 %f1",
        RET,
    ));
    assert_rule(
        &shader(
            "",
            "%img = OpTypeImage %float 2D 0 0 0 1 Unknown\n%n = OpConstantNull %img",
            RET,
        ),
        "constant.null",
    );
    assert_valid(&shader("", "%n = OpConstantNull %v4", RET));
    assert_valid(&shader("", "%sc = OpSpecConstantOp %int IAdd %c1 %c1", RET));
    assert_rule(
        &shader(
            "",
            &format!("{f1}\n%sc = OpSpecConstantOp %float FAdd %f1 %f1"),
            RET,
        ),
        "constant.spec_op",
    );
}

// ---- decorations ----

#[test]
fn decoration_rules() {
    let st = "%st = OpTypeStruct %float %v4\n%ptr = OpTypePointer Private %st\n%var = OpVariable %ptr Private";
    assert_valid(&shader(
        "OpDecorate %st Block\nOpMemberDecorate %st 1 Offset 16",
        st,
        RET,
    ));
    assert_rule(
        &shader("OpDecorate %st Block\nOpDecorate %st Block", st, RET),
        "decoration.duplicate",
    );
    assert_rule(
        &shader(
            "OpMemberDecorate %st 0 RowMajor\nOpMemberDecorate %st 0 ColMajor",
            st,
            RET,
        ),
        "decoration.conflict",
    );
    assert_rule(
        &shader("OpDecorate %var Restrict\nOpDecorate %var Aliased", st, RET),
        "decoration.conflict",
    );
    assert_rule(
        &shader("OpMemberDecorate %st 5 Offset 0", st, RET),
        "decoration.member_index",
    );
    assert_rule(
        &shader("OpMemberName %st 5 \"x\"", st, RET),
        "decoration.member_index",
    );
    assert_rule(
        &shader("OpMemberDecorate %v4 0 Offset 0", st, RET),
        "decoration.member_target",
    );
    assert_rule(
        &shader("OpDecorate %c1 SpecId 1", st, RET),
        "decoration.target",
    );
    assert_rule(
        &shader("OpDecorate %int Block", st, RET),
        "decoration.target",
    );
    assert_rule(
        &shader("OpDecorate %int ArrayStride 4", st, RET),
        "decoration.target",
    );
    assert_rule(
        &shader("OpDecorate %int Location 0", st, RET),
        "decoration.target",
    );
    assert_rule(
        &shader("OpMemberDecorate %st 0 Block", st, RET),
        "decoration.target",
    );
    assert_rule(
        &shader("OpDecorate %int UniformId %c1", st, RET),
        "decoration.id_params",
    );
    assert_valid(&shader(
        "OpDecorateString %var UserSemantic \"a\"\nOpDecorateString %var UserSemantic \"b\"",
        st,
        RET,
    ));
    assert_valid(&shader(
        "%g = OpDecorationGroup\nOpGroupDecorate %g %var\nOpDecorate %g Restrict",
        st,
        RET,
    ));
}

// ---- entry points and interfaces ----

#[test]
fn entry_points_and_interfaces() {
    let head = "OpCapability Shader\nOpMemoryModel Logical GLSL450\n";
    let body = "%out = OpVariable %po Output\n%main = OpFunction %void None %fn\n%e = OpLabel\nOpStore %out %f1\nOpReturn\nOpFunctionEnd\n";
    let types = format!("{TYPES}%po = OpTypePointer Output %float\n%f1 = OpConstant %float 1\n");
    let listed = assemble(&format!("{head}OpEntryPoint Fragment %main \"main\" %out\nOpExecutionMode %main OriginUpperLeft\n{types}{body}"));
    assert_valid(&listed);
    let unlisted = assemble(&format!("{head}OpEntryPoint Fragment %main \"main\"\nOpExecutionMode %main OriginUpperLeft\n{types}{body}"));
    assert_rule(&unlisted, "entry.interface_missing");
    let no_origin = assemble(&format!(
        "{head}OpEntryPoint Fragment %main \"main\" %out\n{types}{body}"
    ));
    assert_rule(&no_origin, "entry.execution_mode");
    let dup = assemble(&format!(
        "{head}OpEntryPoint Fragment %main \"main\" %out %out\nOpExecutionMode %main OriginUpperLeft\n{types}{body}"
    ));
    assert_rule(&dup, "entry.interface");
    let mode_wrong_model = assemble(&format!(
        "{head}OpEntryPoint GLCompute %main \"main\" %out\nOpExecutionMode %main OriginUpperLeft\n{types}{body}"
    ));
    assert_rule(&mode_wrong_model, "entry.execution_mode");
    let two_names = assemble(&format!(
        "{head}OpEntryPoint Fragment %main \"main\" %out\nOpEntryPoint Fragment %main \"main\" %out\nOpExecutionMode %main OriginUpperLeft\n{types}{body}"
    ));
    assert_rule(&two_names, "entry.duplicate");
}

// ---- functions ----

#[test]
fn function_rules() {
    let callee = "%f = OpFunction %int None %fi\n%p = OpFunctionParameter %int\n%fe = OpLabel\nOpReturnValue %p\nOpFunctionEnd\n";
    let module = |call: &str| {
        assemble(&format!(
            "{SHADER_HEAD}{TYPES}%fi = OpTypeFunction %int %int\n%main = OpFunction %void None %fn\n%e = OpLabel\n{call}\nOpReturn\nOpFunctionEnd\n{callee}"
        ))
    };
    assert_valid(&module("%r = OpFunctionCall %int %f %c1"));
    assert_rule(
        &module("%r = OpFunctionCall %int %f %c1 %c1"),
        "function.call",
    );
    assert_rule(
        &module("%r = OpFunctionCall %float %f %c1"),
        "function.call",
    );
    assert_rule(&module("%r = OpFunctionCall %int %f %t"), "function.call");
    let bad_type = assemble(&format!(
        "{SHADER_HEAD}{TYPES}%main = OpFunction %int None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n"
    ));
    assert_rule(&bad_type, "function.type");
}

// ---- control flow, SSA ----

const DIAMOND_HEAD: &str = "OpSelectionMerge %m None\nOpBranchConditional %t %a %b\n";

#[test]
fn dominance_and_phi() {
    assert_valid(&shader("", "", &format!("{DIAMOND_HEAD}%a = OpLabel\n%x = OpIAdd %int %c1 %c1\nOpBranch %m\n%b = OpLabel\nOpBranch %m\n%m = OpLabel\n%p = OpPhi %int %x %a %c2 %b\nOpReturn")));
    assert_rule(&shader("", "", &format!("{DIAMOND_HEAD}%a = OpLabel\n%x = OpIAdd %int %c1 %c1\nOpBranch %m\n%b = OpLabel\nOpBranch %m\n%m = OpLabel\n%y = OpIAdd %int %x %c1\nOpReturn")), "ssa.dominance");
    assert_rule(&shader("", "", &format!("{DIAMOND_HEAD}%a = OpLabel\nOpBranch %m\n%b = OpLabel\nOpBranch %m\n%m = OpLabel\n%p = OpPhi %int %c1 %a\nOpReturn")), "ssa.phi");
    assert_rule(&shader("", "", &format!("{DIAMOND_HEAD}%a = OpLabel\nOpBranch %m\n%b = OpLabel\nOpBranch %m\n%m = OpLabel\n%p = OpPhi %int %c1 %a %c2 %entry\nOpReturn")), "ssa.phi");
    assert_rule(&shader("", "", &format!("{DIAMOND_HEAD}%a = OpLabel\n%x = OpIAdd %int %c1 %c1\nOpBranch %m\n%b = OpLabel\nOpBranch %m\n%m = OpLabel\n%p = OpPhi %int %x %a %x %b\nOpReturn")), "ssa.phi_dominance");
    // Unreachable uses are not checked.
    assert_valid(&shader("", "", "OpReturn\n%u = OpLabel\n%y = OpIAdd %int %c1 %c1\nOpReturn\n%v = OpLabel\n%x = OpIAdd %int %y %c1\nOpReturn"));
}

#[test]
fn cfg_rules() {
    assert_rule(
        &shader(
            "",
            "",
            "OpBranch %b\n%m = OpLabel\nOpReturn\n%b = OpLabel\nOpBranch %m",
        ),
        "cfg.order",
    );
    assert_rule(&shader("", "", "OpBranch %entry"), "cfg.entry_target");
    assert_rule(&shader("", "", "OpBranch %c1"), "cfg.target");
    assert_rule(
        &shader(
            "",
            "",
            "OpSelectionMerge %m None\nOpBranchConditional %t %m %m\n%m = OpLabel\nOpReturn",
        ),
        "cfg.branch_conditional",
    );
    assert_rule(&shader("", "", "OpSelectionMerge %m None\n%x = OpIAdd %int %c1 %c1\nOpBranchConditional %t %a %m\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn"), "cfg.merge_position");
    assert_valid(&shader("", "", "OpSelectionMerge %m None\nOpSwitch %c1 %m 1 %a 2 %a\n%a = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn"));
}

#[test]
fn structured_rules() {
    let lp = "OpBranch %h\n%h = OpLabel\nOpLoopMerge %m %c None\nOpBranchConditional %t %body %m\n%body = OpLabel\nOpBranch %c\n%c = OpLabel\nOpBranch %h\n%m = OpLabel\nOpReturn";
    assert_valid(&shader("", "", lp));
    assert_rule(
        &shader(
            "",
            "",
            "OpBranchConditional %t %a %b\n%a = OpLabel\nOpReturn\n%b = OpLabel\nOpReturn",
        ),
        "structured.selection",
    );
    assert_rule(&shader("", "", "OpBranch %a\n%a = OpLabel\nOpBranch %b\n%b = OpLabel\nOpBranchConditional %t %a %m\n%m = OpLabel\nOpReturn"), "structured.back_edge");
    assert_rule(&shader("", "", "OpSelectionMerge %m None\nOpBranchConditional %t %a %m\n%a = OpLabel\nOpSelectionMerge %m None\nOpBranchConditional %t %b %m\n%b = OpLabel\nOpBranch %m\n%m = OpLabel\nOpReturn"), "structured.merge_unique");
    assert_rule(&shader("", "", "OpBranch %h\n%h = OpLabel\nOpLoopMerge %m %c None\nOpBranchConditional %t %c %d\n%d = OpLabel\nOpBranch %h\n%c = OpLabel\nOpBranch %h\n%m = OpLabel\nOpReturn"), "structured.back_edge");
}

// ---- limits ----

#[test]
fn universal_limits() {
    let mut opts = ValidatorOptions::default();
    let w = shader("", "%st = OpTypeStruct %float %float %float", RET);
    assert!(validate(&w, &opts).is_ok());
    opts.limits.max_struct_members = 2;
    let d = validate(&w, &opts).expect_err("3 members > 2");
    assert_eq!(d[0].rule, "limits.struct_members");
    let mut opts = ValidatorOptions::default();
    opts.limits.max_struct_depth = 1;
    let w = shader("", "%s1 = OpTypeStruct %float\n%s2 = OpTypeStruct %s1", RET);
    assert_eq!(
        validate(&w, &opts).expect_err("depth 2 > 1")[0].rule,
        "limits.struct_depth"
    );
    let mut opts = ValidatorOptions::default();
    opts.limits.max_function_args = 1;
    let w = shader("", "%f3 = OpTypeFunction %void %int %int", RET);
    assert_eq!(
        validate(&w, &opts).expect_err("2 args > 1")[0].rule,
        "limits.function_args"
    );
}

#[test]
fn diagnostics_carry_location_and_text() {
    let w = shader("", "", "%x = OpIAdd %int %c1 %nope\nOpReturn");
    let d = validate(&w, &ValidatorOptions::default()).expect_err("invalid");
    let first = &d[0];
    assert!(first.instruction_index.is_some() && first.word_offset.is_some());
    assert!(
        first
            .instruction
            .as_deref()
            .is_some_and(|t| t.contains("OpIAdd")),
        "{first}"
    );
    assert!(!first.ids.is_empty());
    assert!(first.to_string().starts_with("id.undefined"));
}

#[test]
fn target_env_names() {
    for name in TargetEnv::NAMES {
        let env: TargetEnv = name.parse().expect(name);
        assert_eq!(&env.to_string(), name);
    }
    assert!("vulkan9.9".parse::<TargetEnv>().is_err());
}

#[test]
fn control_flow_nesting_limit() {
    // Three nested selections.
    let body = "OpSelectionMerge %m1 None\nOpBranchConditional %t %a1 %m1\n%a1 = OpLabel\n\
                OpSelectionMerge %m2 None\nOpBranchConditional %t %a2 %m2\n%a2 = OpLabel\n\
                OpSelectionMerge %m3 None\nOpBranchConditional %t %a3 %m3\n%a3 = OpLabel\nOpBranch %m3\n\
                %m3 = OpLabel\nOpBranch %m2\n%m2 = OpLabel\nOpBranch %m1\n%m1 = OpLabel\nOpReturn";
    let w = shader("", "", body);
    assert_valid(&w);
    let mut opts = ValidatorOptions::default();
    opts.limits.max_control_flow_nesting_depth = 2;
    let d = validate(&w, &opts).expect_err("depth 3 > 2");
    assert_eq!(d[0].rule, "limits.control_flow_nesting");
    opts.limits.max_control_flow_nesting_depth = 3;
    assert!(validate(&w, &opts).is_ok());
}

#[test]
fn all_diagnostics_are_returned() {
    let w = shader(
        "OpDecorate %int Block",
        "%int2 = OpTypeInt 32 1",
        "%x = OpIAdd %int %c1 %nope\nOpReturn",
    );
    let r = rules(&w);
    for rule in ["decoration.target", "type.duplicate", "id.undefined"] {
        assert!(r.contains(&rule), "{rule} missing from {r:?}");
    }
}

#[test]
fn terminate_invocation_needs_1_6_or_its_extension() {
    let text = |ext: &str| {
        format!(
            "OpCapability Shader\n{ext}OpMemoryModel Logical GLSL450\nOpEntryPoint Fragment %main \"main\"\n\
             OpExecutionMode %main OriginUpperLeft\n{TYPES}%main = OpFunction %void None %fn\n%e = OpLabel\nOpTerminateInvocation\nOpFunctionEnd\n"
        )
    };
    assert_rule(&assemble_version(&text(""), 0x0001_0500), "version.opcode");
    assert_valid(&assemble_version(
        &text("OpExtension \"SPV_KHR_terminate_invocation\"\n"),
        0x0001_0500,
    ));
    assert_valid(&assemble(&text("")));
}

#[test]
fn extensions_that_need_1_4() {
    let text = "OpCapability Shader\nOpCapability Linkage\nOpExtension \"SPV_EXT_mesh_shader\"\nOpMemoryModel Logical GLSL450\n";
    assert_rule(&assemble_version(text, 0x0001_0300), "extension.version");
    assert_valid(&assemble_version(text, 0x0001_0400));
}

#[test]
fn execution_modes_per_model_and_once() {
    let module = |model: &str, modes: &str| {
        assemble(&format!(
            "OpCapability Shader\nOpCapability Geometry\nOpMemoryModel Logical GLSL450\nOpEntryPoint {model} %main \"main\"\n{modes}\n\
             {TYPES}%main = OpFunction %void None %fn\n%e = OpLabel\nOpReturn\nOpFunctionEnd\n"
        ))
    };
    assert_valid(&module(
        "GLCompute",
        "OpExecutionMode %main LocalSize 1 1 1",
    ));
    assert_rule(
        &module("Vertex", "OpExecutionMode %main LocalSize 1 1 1"),
        "entry.execution_mode",
    );
    assert_rule(
        &module(
            "GLCompute",
            "OpExecutionMode %main LocalSize 1 1 1\nOpExecutionMode %main LocalSize 1 1 1",
        ),
        "entry.execution_mode",
    );
    let geometry = "OpExecutionMode %main InputPoints\nOpExecutionMode %main OutputPoints\nOpExecutionMode %main OutputVertices 3";
    assert_valid(&module("Geometry", geometry));
    assert_rule(
        &module(
            "Geometry",
            "OpExecutionMode %main InputPoints\nOpExecutionMode %main OutputVertices 3",
        ),
        "entry.execution_mode",
    );
    assert_rule(
        &module("Vertex", "OpExecutionMode %main Invocations 3"),
        "entry.execution_mode",
    );
}

#[test]
fn loop_merge_rules() {
    let lp = |merge: &str, cont: &str, tail: &str| {
        shader(
            "",
            "",
            &format!("OpBranch %h\n%h = OpLabel\nOpLoopMerge %{merge} %{cont} None\n{tail}"),
        )
    };
    // Single-block loop: the header is its own continue target.
    assert_valid(&lp(
        "m",
        "h",
        "OpBranchConditional %t %h %m\n%m = OpLabel\nOpReturn",
    ));
    assert_rule(
        &lp(
            "m",
            "m",
            "OpBranchConditional %t %h %m\n%m = OpLabel\nOpReturn",
        ),
        "cfg.merge_target",
    );
    // A continue target reached only through the loop merge still forms a second back-edge.
    assert_rule(
        &lp("m", "c", "OpBranchConditional %t %body %m\n%body = OpLabel\nOpBranch %h\n%c = OpLabel\nOpBranch %h\n%m = OpLabel\nOpReturn"),
        "structured.back_edge",
    );
}

#[test]
fn declarations_are_imports_and_definitions_are_not() {
    let module = |decoration: &str, body: &str| {
        assemble(&format!(
            "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n{decoration}\n{TYPES}%f = OpFunction %void None %fn\n{body}OpFunctionEnd\n"
        ))
    };
    assert_valid(&module("OpDecorate %f LinkageAttributes \"f\" Import", ""));
    assert_rule(&module("", ""), "function.linkage");
    assert_rule(
        &module("OpDecorate %f LinkageAttributes \"f\" Export", ""),
        "function.linkage",
    );
    assert_rule(
        &module(
            "OpDecorate %f LinkageAttributes \"f\" Import",
            "%l = OpLabel\nOpReturn\n",
        ),
        "function.linkage",
    );
    assert_valid(&module(
        "OpDecorate %f LinkageAttributes \"f\" Export",
        "%l = OpLabel\nOpReturn\n",
    ));
}

#[test]
fn loop_controls_that_conflict() {
    let lp = |control: &str| {
        shader(
            "",
            "",
            &format!("OpBranch %h\n%h = OpLabel\nOpLoopMerge %m %c {control}\nOpBranchConditional %t %c %m\n%c = OpLabel\nOpBranch %h\n%m = OpLabel\nOpReturn"),
        )
    };
    assert_valid(&lp("Unroll|PeelCount 2"));
    assert_valid(&lp("DependencyInfinite|DependencyLength 2"));
    assert_rule(&lp("Unroll|DontUnroll"), "cfg.loop_control");
    assert_rule(&lp("DontUnroll|PartialCount 2"), "cfg.loop_control");
}

/// Walks that stop at the first function when the module has none of the judged opcodes a
/// function may hold (`State::walk_end`) still judge those opcodes inside functions: an
/// OpDecorateId, an OpUndef of void type and a function variable over the limit there.
#[test]
fn module_scope_walks_still_judge_opcodes_inside_functions() {
    let w = shader("", "", "OpDecorateId %entry NoSignedWrap\nOpReturn");
    assert_rule(&w, "decoration.id_params");
    let w = shader("", "", "%u = OpUndef %void\nOpReturn");
    assert_rule(&w, "constant.undef");
    let w = shader(
        "",
        "%fp = OpTypePointer Function %uint\n",
        "%v1 = OpVariable %fp Function\n%v2 = OpVariable %fp Function\nOpReturn",
    );
    let mut opts = ValidatorOptions::default();
    opts.limits.max_local_variables = 1;
    let found = validate(&w, &opts).err().unwrap_or_default();
    assert!(
        found.iter().any(|d| d.rule == "limits.local_variables"),
        "{found:?}"
    );
}
