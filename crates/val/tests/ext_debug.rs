//! Debug-info extended instructions (`instructions/ext_debug.rs`): operand kinds of
//! OpenCL.DebugInfo.100 and NonSemantic.Shader.DebugInfo.100 instructions, each rule tested
//! both ways. Every case's spirv-val 2025.5 verdict is recorded and re-checked by
//! `reference_agrees` when the reference tools exist.

mod fixtures;
mod reference;
use fixtures::{DEBUG_OPENCL_BASE as OPENCL_BASE, DEBUG_SHADER_BASE as SHADER_BASE};
use reference::{check_case, Case, Ref};

/// An unknown non-semantic set (`TYPES`: module scope, `BODY`: the function body;
/// `DECOR` is the OpExtension line or nothing).
const NON_SEMANTIC_BASE: &str = r#"; Version: 1.5
OpCapability Shader
DECOR
%ns = OpExtInstImport "NonSemantic.Foo.Bar"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%str = OpString "x"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%f1 = OpConstant %float 1
%a = OpExtInst %void %ns 7 %str %float %f1
TYPES
%main = OpFunction %void None %fn
%entry = OpLabel
BODY
OpReturn
OpFunctionEnd
"#;

const fn non_semantic(
    name: &'static str,
    extension: &'static str,
    types: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, NON_SEMANTIC_BASE, body, rule, reference)
        .with_types(types)
        .with_decorations(extension)
}
const EXT: &str = "OpExtension \"SPV_KHR_non_semantic_info\"";

/// `BODY` goes between OpFunction and the first OpLabel, which holds an OpVariable.
const BEFORE_LABEL_BASE: &str = r#"OpCapability Shader
OpExtension "SPV_KHR_non_semantic_info"
%ext = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
%ocl = OpExtInstImport "OpenCL.DebugInfo.100"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%file = OpString "a.comp"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%pf = OpTypePointer Function %float
%uint = OpTypeInt 32 0
%u1 = OpConstant %uint 1
%dsrc = OpExtInst %void %ext DebugSource %file
%osrc = OpExtInst %void %ocl DebugSource %file
%main = OpFunction %void None %fn
BODY
%entry = OpLabel
%var = OpVariable %pf Function
OpReturn
OpFunctionEnd
"#;

const R: Option<&str> = Some("ext_inst.debug_info");
const L: Option<&str> = Some("layout.debug_info");

const fn shader(
    name: &'static str,
    types: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, SHADER_BASE, "", rule, reference).with_types(types)
}
const fn shader_body(
    name: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, SHADER_BASE, body, rule, reference)
}
const fn opencl(
    name: &'static str,
    types: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, OPENCL_BASE, "", rule, reference).with_types(types)
}
const fn opencl_body(
    name: &'static str,
    body: &'static str,
    rule: Option<&'static str>,
    reference: Ref,
) -> Case {
    Case::new(name, OPENCL_BASE, body, rule, reference)
}

use Ref::{Accepts as A, Rejects as X};

#[rustfmt::skip]
pub const CASES: &[Case] = &[
    // Result type.
    shader("s.base", "", None, A),
    opencl("o.base", "", None, A),
    shader("s.result_void", "%x = OpExtInst %uint %ext DebugInfoNone", R, X),
    opencl("o.result_void", "%x = OpExtInst %uint %ext DebugInfoNone", R, X),
    // DebugSource.
    shader("s.source_file", "%x = OpExtInst %void %ext DebugSource %u1", R, X),
    shader("s.source_no_text", "%x = OpExtInst %void %ext DebugSource %file", None, A),
    shader("s.source_text", "%x = OpExtInst %void %ext DebugSource %file %u1", R, X),
    opencl("o.source_text_none", "%x = OpExtInst %void %ext DebugSource %file %none", R, X),
    // DebugCompilationUnit.
    shader("s.cu_version", "%x = OpExtInst %void %ext DebugCompilationUnit %i1 %u4 %dsrc %u2", R, X),
    shader("s.cu_language", "%x = OpExtInst %void %ext DebugCompilationUnit %u1 %u4 %dsrc %f1", R, X),
    shader("s.cu_source", "%x = OpExtInst %void %ext DebugCompilationUnit %u1 %u4 %cu %u2", R, X),
    opencl("o.cu_source", "%x = OpExtInst %void %ext DebugCompilationUnit 65536 4 %file OpenCL_C", R, X),
    // DebugTypeBasic.
    shader("s.basic_name", "%x = OpExtInst %void %ext DebugTypeBasic %u1 %u32 %u3 %u0", R, X),
    shader("s.basic_size", "%x = OpExtInst %void %ext DebugTypeBasic %tname %none %u3 %u0", R, X),
    shader("s.basic_encoding", "%x = OpExtInst %void %ext DebugTypeBasic %tname %u32 %l4 %u0", R, X),
    opencl("o.basic_size", "%x = OpExtInst %void %ext DebugTypeBasic %tname %file Float", R, X),
    // DebugTypePointer / DebugTypeQualifier.
    shader("s.pointer", "%x = OpExtInst %void %ext DebugTypePointer %tfloat %u6 %u0", None, A),
    shader("s.pointer_base", "%x = OpExtInst %void %ext DebugTypePointer %cu %u6 %u0", R, X),
    shader("s.pointer_storage", "%x = OpExtInst %void %ext DebugTypePointer %tfloat %i1 %u0", R, X),
    opencl("o.pointer_base", "%x = OpExtInst %void %ext DebugTypePointer %dsrc Function None", R, X),
    opencl("o.qualifier", "%x = OpExtInst %void %ext DebugTypeQualifier %tfloat ConstType", None, A),
    opencl("o.qualifier_base", "%x = OpExtInst %void %ext DebugTypeQualifier %void ConstType", R, X),
    // DebugTypeVector.
    shader("s.vector_base", "%x = OpExtInst %void %ext DebugTypeVector %tvec %u4", R, X),
    shader("s.vector_count0", "%x = OpExtInst %void %ext DebugTypeVector %tfloat %u0", R, X),
    shader("s.vector_count5", "%x = OpExtInst %void %ext DebugTypeVector %tfloat %u5", R, X),
    shader("s.vector_count_int", "%x = OpExtInst %void %ext DebugTypeVector %tfloat %i1", R, X),
    opencl("o.vector_count5", "%x = OpExtInst %void %ext DebugTypeVector %tfloat 5", R, X),
    opencl("o.vector_count2", "%x = OpExtInst %void %ext DebugTypeVector %tfloat 2", None, A),
    // DebugTypeMatrix (Shader only).
    shader("s.matrix", "%x = OpExtInst %void %ext DebugTypeMatrix %tvec %u4 %u1", None, A),
    shader("s.matrix_vector", "%x = OpExtInst %void %ext DebugTypeMatrix %tfloat %u4 %u1", R, X),
    shader("s.matrix_count", "%x = OpExtInst %void %ext DebugTypeMatrix %tvec %u5 %u1", R, X),
    shader("s.matrix_as_type", "%m = OpExtInst %void %ext DebugTypeMatrix %tvec %u4 %u1\n%x = OpExtInst %void %ext DebugTypePointer %m %u6 %u0", None, A),
    // DebugTypeArray.
    shader("s.array", "%x = OpExtInst %void %ext DebugTypeArray %tfloat %u4", None, A),
    shader("s.array_zero", "%x = OpExtInst %void %ext DebugTypeArray %tfloat %u0", None, A),
    opencl("o.array_zero", "%x = OpExtInst %void %ext DebugTypeArray %tfloat %u0", R, X),
    opencl("o.array_long", "%x = OpExtInst %void %ext DebugTypeArray %tfloat %l4", None, A),
    shader("s.array_float", "%x = OpExtInst %void %ext DebugTypeArray %tfloat %f1", R, X),
    shader("s.array_base", "%x = OpExtInst %void %ext DebugTypeArray %dsrc %u4", R, X),
    shader("s.array_var_uint", "%c = OpExtInst %void %ext DebugLocalVariable %vname %tuint %dsrc %u1 %u1 %dfn %u0\n%x = OpExtInst %void %ext DebugTypeArray %tfloat %c", None, A),
    shader("s.array_var_float", "%x = OpExtInst %void %ext DebugTypeArray %tfloat %lv", R, X),
    // DebugTypedef.
    shader("s.typedef", "%x = OpExtInst %void %ext DebugTypedef %vname %tfloat %dsrc %u1 %u1 %cu", None, A),
    shader("s.typedef_base", "%x = OpExtInst %void %ext DebugTypedef %vname %tvec %dsrc %u1 %u1 %cu", R, X),
    shader("s.typedef_parent", "%x = OpExtInst %void %ext DebugTypedef %vname %tfloat %dsrc %u1 %u1 %dsrc", R, X),
    // DebugTypeFunction.
    shader("s.function_type", "%x = OpExtInst %void %ext DebugTypeFunction %u0 %tfloat %tvec", None, A),
    shader("s.function_type_return", "%x = OpExtInst %void %ext DebugTypeFunction %u0 %cu", R, X),
    shader("s.function_type_param", "%x = OpExtInst %void %ext DebugTypeFunction %u0 %void %void", R, X),
    shader("s.function_type_flags", "%x = OpExtInst %void %ext DebugTypeFunction %f1 %void", R, X),
    // DebugTypeEnum.
    shader("s.enum", "%x = OpExtInst %void %ext DebugTypeEnum %vname %tuint %dsrc %u1 %u1 %cu %u32 %u0 %u0 %vname", None, A),
    shader("s.enum_size0", "%x = OpExtInst %void %ext DebugTypeEnum %vname %tuint %dsrc %u1 %u1 %cu %u0 %u0", R, X),
    shader("s.enum_value", "%x = OpExtInst %void %ext DebugTypeEnum %vname %tuint %dsrc %u1 %u1 %cu %u32 %u0 %vname %vname", R, X),
    // DebugTypeComposite and DebugTypeMember.
    shader("s.composite", "%m = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc %u1 %u1 %u0 %u32 %u0\n%x = OpExtInst %void %ext DebugTypeComposite %vname %u1 %dsrc %u1 %u1 %cu %vname %u32 %u0 %m", None, A),
    shader("s.composite_member", "%x = OpExtInst %void %ext DebugTypeComposite %vname %u1 %dsrc %u1 %u1 %cu %vname %u32 %u0 %tfloat", R, X),
    shader("s.composite_size", "%x = OpExtInst %void %ext DebugTypeComposite %vname %u1 %dsrc %u1 %u1 %cu %vname %tfloat %u0", R, X),
    shader("s.composite_size_none", "%x = OpExtInst %void %ext DebugTypeComposite %vname %u1 %dsrc %u1 %u1 %cu %vname %none %u0", None, A),
    shader("s.member_offset", "%x = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc %u1 %u1 %none %u32 %u0", R, X),
    opencl("o.member_parent", "%x = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc 1 1 %cu %u0 %u32 None", R, X),
    opencl("o.member", "%c = OpExtInst %void %ext DebugTypeComposite %vname Structure %dsrc 1 1 %cu %vname %u32 None\n%x = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc 1 1 %c %u0 %u32 None", None, A),
    // DebugFunction / DebugFunctionDeclaration.
    shader("s.function_name", "%x = OpExtInst %void %ext DebugFunction %u1 %tfn %dsrc %u1 %u1 %cu %sname %u0 %u1", R, X),
    shader("s.function_type_op", "%x = OpExtInst %void %ext DebugFunction %sname %cu %dsrc %u1 %u1 %cu %sname %u0 %u1", R, X),
    shader("s.function_parent", "%x = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc %u1 %u1 %tfloat %sname %u0 %u1", R, X),
    shader("s.function_scope_line", "%x = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc %u1 %u1 %cu %sname %u0 %i1", R, X),
    shader("s.function_declaration", "%d = OpExtInst %void %ext DebugFunctionDeclaration %sname %tfn %dsrc %u1 %u1 %cu %sname %u0\n%x = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc %u1 %u1 %cu %sname %u0 %u1 %d", None, A),
    shader("s.function_declaration_bad", "%x = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc %u1 %u1 %cu %sname %u0 %u1 %cu", R, X),
    opencl("o.function_op", "%x = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc 1 1 %cu %sname FlagIsDefinition 1 %u0", R, X),
    opencl("o.function_none", "%x = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc 1 1 %cu %sname FlagIsDefinition 1 %none", None, A),
    shader("s.declaration_parent", "%x = OpExtInst %void %ext DebugFunctionDeclaration %sname %tfn %dsrc %u1 %u1 %none %sname %u0", R, X),
    // DebugLexicalBlock / DebugScope / DebugInlinedAt.
    shader("s.block", "%x = OpExtInst %void %ext DebugLexicalBlock %dsrc %u1 %u1 %dfn %vname", None, A),
    shader("s.block_source", "%x = OpExtInst %void %ext DebugLexicalBlock %cu %u1 %u1 %dfn", R, X),
    shader("s.block_name", "%x = OpExtInst %void %ext DebugLexicalBlock %dsrc %u1 %u1 %dfn %u1", R, X),
    shader_body("s.scope_bad", "%x = OpExtInst %void %ext DebugScope %dsrc", R, X),
    shader_body("s.scope_inlined", "%x = OpExtInst %void %ext DebugScope %dfn %dfn", R, X),
    shader("s.inlined_at", "%x = OpExtInst %void %ext DebugInlinedAt %u1 %dfn", None, A),
    shader("s.inlined_at_scope", "%x = OpExtInst %void %ext DebugInlinedAt %u1 %tfloat", R, X),
    opencl_body("o.scope_bad", "%x = OpExtInst %void %ext DebugScope %tfloat", R, X),
    // DebugLocalVariable / DebugGlobalVariable.
    shader("s.local_type", "%x = OpExtInst %void %ext DebugLocalVariable %vname %cu %dsrc %u1 %u1 %dfn %u0", R, X),
    shader("s.local_arg", "%x = OpExtInst %void %ext DebugLocalVariable %vname %tfloat %dsrc %u1 %u1 %dfn %u0 %u1", None, A),
    shader("s.local_arg_bad", "%x = OpExtInst %void %ext DebugLocalVariable %vname %tfloat %dsrc %u1 %u1 %dfn %u0 %f1", R, X),
    shader("s.global", "%x = OpExtInst %void %ext DebugGlobalVariable %vname %tfloat %dsrc %u1 %u1 %cu %vname %gv %u0", None, A),
    shader("s.global_var", "%x = OpExtInst %void %ext DebugGlobalVariable %vname %tfloat %dsrc %u1 %u1 %cu %vname %tfloat %u0", R, X),
    shader("s.global_none", "%x = OpExtInst %void %ext DebugGlobalVariable %vname %tfloat %dsrc %u1 %u1 %cu %vname %none %u0", None, A),
    shader("s.global_scope", "%x = OpExtInst %void %ext DebugGlobalVariable %vname %tfloat %dsrc %u1 %u1 %tfloat %vname %gv %u0", R, X),
    // DebugDeclare / DebugValue / DebugExpression / DebugOperation.
    shader_body("s.declare", "%x = OpExtInst %void %ext DebugDeclare %lv %var %expr", None, A),
    shader_body("s.declare_var", "%x = OpExtInst %void %ext DebugDeclare %lv %f1 %expr", R, X),
    shader_body("s.declare_local", "%x = OpExtInst %void %ext DebugDeclare %cu %var %expr", R, X),
    shader_body("s.declare_expr", "%x = OpExtInst %void %ext DebugDeclare %lv %var %lv", R, X),
    shader_body("s.declare_index", "%x = OpExtInst %void %ext DebugDeclare %lv %var %expr %u0", None, A),
    shader_body("s.declare_index_bad", "%x = OpExtInst %void %ext DebugDeclare %lv %var %expr %f1", R, X),
    opencl_body("o.declare_var", "%x = OpExtInst %void %ext DebugDeclare %lv %u0 %expr", R, X),
    shader_body("s.value", "%x = OpExtInst %void %ext DebugValue %lv %f1 %expr", None, A),
    shader_body("s.value_local", "%x = OpExtInst %void %ext DebugValue %tfloat %f1 %expr", R, X),
    shader_body("s.value_expr", "%x = OpExtInst %void %ext DebugValue %lv %f1 %cu", R, X),
    shader("s.expression", "%x = OpExtInst %void %ext DebugExpression %op %op", None, A),
    shader("s.expression_bad", "%x = OpExtInst %void %ext DebugExpression %op %cu", R, X),
    shader("s.operation_bad", "%x = OpExtInst %void %ext DebugOperation %f1", R, X),
    shader("s.operation_operand_bad", "%x = OpExtInst %void %ext DebugOperation %u0 %i1", R, X),
    // Templates.
    shader("s.template_parameter", "%x = OpExtInst %void %ext DebugTypeTemplateParameter %vname %tfloat %none %dsrc %u1 %u1", None, A),
    shader("s.template_parameter_value", "%x = OpExtInst %void %ext DebugTypeTemplateParameter %vname %tfloat %vname %dsrc %u1 %u1", R, X),
    shader("s.template", "%p = OpExtInst %void %ext DebugTypeTemplateParameter %vname %tfloat %none %dsrc %u1 %u1\n%x = OpExtInst %void %ext DebugTypeTemplate %dfn %p", None, A),
    shader("s.template_target", "%x = OpExtInst %void %ext DebugTypeTemplate %tfloat", R, X),
    shader("s.template_params", "%x = OpExtInst %void %ext DebugTypeTemplate %dfn %tfloat", R, X),
    // Placement (spirv-val's layout and adjacency rules).
    opencl_body("o.phi_after_scope", "OpBranch %b\n%b = OpLabel\n%x = OpExtInst %void %ext DebugScope %dfn\n%p = OpPhi %float %f1 %entry", None, A),
    shader_body("s.phi_after_scope", "OpBranch %b\n%b = OpLabel\n%x = OpExtInst %void %ext DebugScope %dfn\n%p = OpPhi %float %f1 %entry", Some("ssa.phi_position"), X),
    opencl_body("o.variable_after_scope", "%v = OpVariable %pf Function", None, A),
    shader_body("s.variable_after_scope", "%v = OpVariable %pf Function", Some("layout.variable"), X),
    opencl_body("o.type_in_function", "%x = OpExtInst %void %ext DebugInfoNone", L, X),
    shader_body("s.type_in_function", "%x = OpExtInst %void %ext DebugTypeBasic %tname %u32 %u3 %u0", L, X),
    shader_body("s.line_in_function", "%x = OpExtInst %void %ext DebugLine %dsrc %u1 %u1 %u1 %u1", None, A),
    shader_body("s.noline_in_function", "%x = OpExtInst %void %ext DebugNoLine", None, A),
    shader_body("s.noscope_in_function", "%x = OpExtInst %void %ext DebugNoScope", None, A),
    shader_body("s.value_in_function", "%x = OpExtInst %void %ext DebugValue %lv %f1 %expr", None, A),
    opencl("o.scope_at_module", "%x = OpExtInst %void %ext DebugScope %dfn", L, X),
    shader("s.scope_at_module", "%x = OpExtInst %void %ext DebugScope %dfn", L, X),
    shader("s.line_at_module", "%x = OpExtInst %void %ext DebugLine %dsrc %u1 %u1 %u1 %u1", L, X),
    shader("s.definition_at_module", "%x = OpExtInst %void %ext DebugFunctionDefinition %dfn %main", L, X),
    shader("s.declare_at_module", "%x = OpExtInst %void %ext DebugDeclare %lv %gv %expr", L, X),
    // Forward references: only a DebugFunction's OpFunction and a DebugTypeComposite's
    // members in OpenCL.DebugInfo.100; never in OpExtInst of a non-semantic set.
    opencl("o.forward_members", "%c = OpExtInst %void %ext DebugTypeComposite %vname Structure %dsrc 1 1 %cu %vname %u32 None %m\n%m = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc 1 1 %c %u0 %u32 None", None, A),
    opencl("o.forward_source", "%c = OpExtInst %void %ext DebugTypeComposite %vname Structure %s2 1 1 %cu %vname %u32 None\n%s2 = OpExtInst %void %ext DebugSource %file", Some("id.forward"), X),
    shader("s.forward_members", "%c = OpExtInst %void %ext DebugTypeComposite %vname %u1 %dsrc %u1 %u1 %cu %vname %u32 %u0 %m\n%m = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc %u1 %u1 %u0 %u32 %u0", Some("id.forward"), X),
    shader("s.entry_point_at_module", "%x = OpExtInst %void %ext DebugEntryPoint %dfn %cu %sname %sname", None, A),
    // Optional last operands: DebugInfoNone does not stand in for them (spirv-val 2025.5).
    opencl("o.function_declaration_none", "%x = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc 1 1 %cu %sname FlagIsDefinition 1 %main %none", R, X),
    shader("s.function_declaration_none", "%x = OpExtInst %void %ext DebugFunction %sname %tfn %dsrc %u1 %u1 %cu %sname %u0 %u1 %none", R, X),
    shader("s.block_name_none", "%x = OpExtInst %void %ext DebugLexicalBlock %dsrc %u1 %u1 %dfn %none", R, X),
    shader_body("s.scope_inlined_none", "%x = OpExtInst %void %ext DebugScope %dfn %none", R, X),
    shader("s.inlined_at_none", "%x = OpExtInst %void %ext DebugInlinedAt %u1 %dfn %none", R, X),
    opencl("o.member_value_none", "%c = OpExtInst %void %ext DebugTypeComposite %vname Structure %dsrc 1 1 %cu %vname %u32 None\n%x = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc 1 1 %c %u0 %u32 None %none", R, X),
    opencl("o.member_value", "%c = OpExtInst %void %ext DebugTypeComposite %vname Structure %dsrc 1 1 %cu %vname %u32 None\n%x = OpExtInst %void %ext DebugTypeMember %vname %tfloat %dsrc 1 1 %c %u0 %u32 None %u4", None, A),
    // Shader-only instructions (spirv-val 2025.5 checks more than its TODO list says).
    shader_body("s.line", "%x = OpExtInst %void %ext DebugLine %dsrc %u1 %u2 %u3 %u1", None, A),
    shader_body("s.line_source", "%x = OpExtInst %void %ext DebugLine %cu %u1 %u1 %u1 %u1", R, X),
    shader_body("s.line_start", "%x = OpExtInst %void %ext DebugLine %dsrc %i1 %u1 %u1 %u1", R, X),
    shader_body("s.line_end", "%x = OpExtInst %void %ext DebugLine %dsrc %u1 %f1 %u1 %u1", R, X),
    shader_body("s.line_column_start", "%x = OpExtInst %void %ext DebugLine %dsrc %u1 %u1 %l4 %u1", R, X),
    shader_body("s.line_column_end", "%x = OpExtInst %void %ext DebugLine %dsrc %u1 %u1 %u1 %vname", R, X),
    shader_body("s.line_backwards", "%x = OpExtInst %void %ext DebugLine %dsrc %u2 %u1 %u1 %u1", R, X),
    shader_body("s.line_columns_backwards", "%x = OpExtInst %void %ext DebugLine %dsrc %u2 %u2 %u3 %u1", R, X),
    shader_body("s.line_columns_other_lines", "%x = OpExtInst %void %ext DebugLine %dsrc %u1 %u2 %u3 %u1", None, A),
    shader_body("s.definition_function", "%x = OpExtInst %void %ext DebugFunctionDefinition %cu %main", R, X),
    shader_body("s.definition_definition", "%x = OpExtInst %void %ext DebugFunctionDefinition %dfn %dfn", R, X),
    shader("s.basic_flags", "%x = OpExtInst %void %ext DebugTypeBasic %tname %u32 %u3 %f1", R, X),
    shader("s.source_continued", "%x = OpExtInst %void %ext DebugSourceContinued %src", None, A),
    shader("s.source_continued_text", "%x = OpExtInst %void %ext DebugSourceContinued %u1", R, X),
    shader("s.build_identifier", "%x = OpExtInst %void %ext DebugBuildIdentifier %src %u1", None, A),
    shader("s.build_identifier_id", "%x = OpExtInst %void %ext DebugBuildIdentifier %u1 %u1", R, X),
    shader("s.build_identifier_flags", "%x = OpExtInst %void %ext DebugBuildIdentifier %src %f1", R, X),
    shader("s.storage_path", "%x = OpExtInst %void %ext DebugStoragePath %src", None, A),
    shader("s.storage_path_id", "%x = OpExtInst %void %ext DebugStoragePath %u1", R, X),
    shader("s.entry_point_function", "%x = OpExtInst %void %ext DebugEntryPoint %cu %cu %sname %sname", R, X),
    shader("s.entry_point_unit", "%x = OpExtInst %void %ext DebugEntryPoint %dfn %dfn %sname %sname", R, X),
    shader("s.entry_point_signature", "%x = OpExtInst %void %ext DebugEntryPoint %dfn %cu %u1 %sname", R, X),
    shader("s.entry_point_arguments", "%x = OpExtInst %void %ext DebugEntryPoint %dfn %cu %sname %u1", R, X),
    shader_body("s.definition_later_block", "OpBranch %b\n%b = OpLabel\n%x = OpExtInst %void %ext DebugFunctionDefinition %dfn %main", L, X),
    shader_body("s.definition_twice", "%x = OpExtInst %void %ext DebugFunctionDefinition %dfn %main", None, A),
    // An extended instruction before the first OpLabel makes spirv-val treat the entry block
    // as a later block (its OpVariables are then misplaced), except OpenCL.DebugInfo.100 ones.
    Case::new("s.line_before_label", BEFORE_LABEL_BASE, "%x = OpExtInst %void %ext DebugLine %dsrc %u1 %u1 %u1 %u1", Some("layout.variable"), X),
    Case::new("s.nothing_before_label", BEFORE_LABEL_BASE, "", None, A),
    shader("s.function_not_function_type", "%x = OpExtInst %void %ext DebugFunction %sname %tfloat %dsrc %u1 %u1 %cu %sname %u0 %u1", R, X),
    opencl("o.function_not_function_type", "%x = OpExtInst %void %ext DebugFunction %sname %tfloat %dsrc 1 1 %cu %sname FlagIsDefinition 1 %none", R, X),
    shader("s.declaration_not_function_type", "%x = OpExtInst %void %ext DebugFunctionDeclaration %sname %tvec %dsrc %u1 %u1 %cu %sname %u0", R, X),
    shader_body("s.value_index", "%x = OpExtInst %void %ext DebugValue %lv %f1 %expr %u0", None, A),
    shader_body("s.value_index_float", "%x = OpExtInst %void %ext DebugValue %lv %f1 %expr %f1", R, X),
    shader_body("s.value_index_string", "%x = OpExtInst %void %ext DebugValue %lv %f1 %expr %vname", R, X),
    shader("s.definition_other_function", "%g = OpFunction %void None %fn\n%ge = OpLabel\n%x = OpExtInst %void %ext DebugFunctionDefinition %dfn %main\nOpReturn\nOpFunctionEnd", L, X),
    // Generic non-semantic sets.
    non_semantic("ns.extension", EXT, "", "", None, A),
    non_semantic("ns.no_extension", "", "", "", Some("ext_inst.non_semantic_import"), X),
    non_semantic("ns.any_operands", EXT, "%b = OpExtInst %void %ns 123456 %a %fn %void %f1", "%c = OpExtInst %float %ns 0 %a %b", None, A),
    non_semantic("ns.forward", EXT, "%b = OpExtInst %void %ns 1 %c\n%c = OpExtInst %void %ns 2", "", Some("id.forward"), X),
    non_semantic("ns.used_by_core", EXT, "", "%c = OpExtInst %float %ns 0\n%d = OpFAdd %float %c %f1", Some("id.non_semantic"), X),
];

#[test]
fn debug_info_rules() {
    for c in CASES {
        check_case(c);
    }
}

#[test]
fn reference_agrees() {
    reference::check_reference(CASES.iter());
}
