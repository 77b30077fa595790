//! The header comment block and the registered generator names (spir-v.xml).

/// (id, "vendor tool") as SPIRV-Tools prints them.
pub static GENERATORS: &[(u32, &str)] = &[
    (0, "Khronos"),
    (1, "LunarG"),
    (2, "Valve"),
    (3, "Codeplay"),
    (4, "NVIDIA"),
    (5, "ARM"),
    (6, "Khronos LLVM/SPIR-V Translator"),
    (7, "Khronos SPIR-V Tools Assembler"),
    (8, "Khronos Glslang Reference Front End"),
    (9, "Qualcomm"),
    (10, "AMD"),
    (11, "Intel"),
    (12, "Imagination"),
    (13, "Google Shaderc over Glslang"),
    (14, "Google spiregg"),
    (15, "Google rspirv"),
    (16, "X-LEGEND"),
    (17, "Khronos SPIR-V Tools Linker"),
    (18, "Wine VKD3D Shader Compiler"),
    (19, "Tellusim Clay Shader Compiler"),
    (20, "W3C WebGPU Group WHLSL Shader Translator"),
    (21, "Google Clspv"),
    (22, "LLVM MLIR SPIR-V Serializer"),
    (23, "Google Tint Compiler"),
    (24, "Google ANGLE Shader Compiler"),
    (25, "Netease Games Messiah Shader Compiler"),
    (26, "Xenia Xenia Emulator Microcode Translator"),
    (27, "Embark Studios Rust GPU Compiler Backend"),
    (28, "gfx-rs community Naga"),
    (29, "Mikkosoft Productions MSP Shader Compiler"),
    (30, "SpvGenTwo community SpvGenTwo SPIR-V IR Tools"),
    (31, "Google Skia SkSL"),
    (32, "TornadoVM Beehive SPIRV Toolkit"),
    (33, "DragonJoker ShaderWriter"),
    (34, "Rayan Hatout SPIRVSmith"),
    (35, "Saarland University Shady"),
    (36, "Taichi Graphics Taichi"),
    (37, "heroseh Hero C Compiler"),
    (38, "Meta SparkSL"),
    (39, "SirLynix Nazara ShaderLang Compiler"),
    (40, "Khronos Slang Compiler"),
    (41, "Zig Software Foundation Zig Compiler"),
    (42, "Rendong Liang spq"),
    (43, "LLVM LLVM SPIR-V Backend"),
    (44, "Robert Konrad Kongruent"),
    (45, "Kitsunebi Games Nuvk SPIR-V Emitter and DLSL compiler"),
    (46, "Nintendo"),
    (47, "ARM"),
    (48, "Goopax"),
    (49, "Icyllis Milica Arc3D Shader Compiler"),
];

use super::numbers::push_u64;

/// Appends the five header comment lines.
pub fn push_header(out: &mut Vec<u8>, header: &spirvkit_core::Header) {
    out.extend_from_slice(b"; SPIR-V\n; Version: ");
    push_u64(out, u64::from((header.version >> 16) & 0xff));
    out.push(b'.');
    push_u64(out, u64::from((header.version >> 8) & 0xff));
    out.extend_from_slice(b"\n; Generator: ");
    let tool = header.generator >> 16;
    match GENERATORS.iter().find(|g| g.0 == tool) {
        Some(g) => out.extend_from_slice(g.1.as_bytes()),
        None => {
            out.extend_from_slice(b"Unknown(");
            push_u64(out, u64::from(tool));
            out.push(b')');
        }
    }
    out.extend_from_slice(b"; ");
    push_u64(out, u64::from(header.generator & 0xffff));
    out.extend_from_slice(b"\n; Bound: ");
    push_u64(out, u64::from(header.bound));
    out.extend_from_slice(b"\n; Schema: ");
    push_u64(out, u64::from(header.schema));
    out.push(b'\n');
}
