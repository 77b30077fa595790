//! The calls rust-gpu's `rustc_codegen_spirv/src/link.rs` makes (post-link: dump, optimize
//! with a message callback, validate with its options, write the words as bytes), written
//! against `spirv_tools::...` paths exactly as it spells them.

use spirv_tools::assembler::{self, Assembler};
use spirv_tools::val::{self, Validator};

const FRAGMENT: &str = include_str!("rust_gpu_fragment.spvasm");

/// The subset of rust-gpu's `CodegenArgs` that reaches spirv-tools.
#[derive(Default)]
struct CodegenArgs {
    relax_struct_store: bool,
    relax_logical_pointer: bool,
    relax_block_layout: Option<bool>,
    uniform_buffer_standard_layout: bool,
    scalar_block_layout: bool,
    skip_block_layout: bool,
    preserve_bindings: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum OptLevel {
    No,
    Default,
    Size,
}

/// What rust-gpu's session would have reported.
#[derive(Default, Debug)]
struct Session {
    errors: Vec<String>,
    warnings: Vec<String>,
    notes: Vec<String>,
}

fn assemble(env: &str, text: &str) -> Vec<u32> {
    let asm = assembler::create(env.parse().ok());
    match asm.assemble(text, assembler::AssemblerOptions::default()) {
        Ok(binary) => binary.as_words().to_vec(),
        Err(e) => panic!("test module does not assemble: {e}"),
    }
}

/// rust-gpu's `post_link_single_module`, minus rustc.
fn post_link(
    sess: &mut Session,
    env: &str,
    cg_args: &CodegenArgs,
    opt_level: OptLevel,
    strip: bool,
    spv_binary: Vec<u32>,
    out_filename: &std::path::Path,
) -> Vec<u32> {
    // `--dump-post-link`
    std::fs::write(
        out_filename.with_extension("dump.spv"),
        spirv_tools::binary::from_binary(&spv_binary),
    )
    .expect("write dump");

    let val_options = spirv_tools::val::ValidatorOptions {
        relax_struct_store: cg_args.relax_struct_store,
        relax_logical_pointer: cg_args.relax_logical_pointer,
        before_legalization: false,
        relax_block_layout: cg_args.relax_block_layout,
        uniform_buffer_standard_layout: cg_args.uniform_buffer_standard_layout,
        scalar_block_layout: cg_args.scalar_block_layout,
        skip_block_layout: cg_args.skip_block_layout,
        max_limits: vec![],
    };
    let opt_options = spirv_tools::opt::Options {
        validator_options: Some(val_options.clone()),
        max_id_bound: None,
        preserve_bindings: cg_args.preserve_bindings,
        preserve_spec_constants: false,
    };
    let spv_binary = if opt_level != OptLevel::No || strip {
        do_spirv_opt(sess, env, opt_level, strip, spv_binary, opt_options)
    } else {
        spv_binary
    };
    do_spirv_val(sess, env, &spv_binary, val_options);
    std::fs::write(out_filename, spirv_tools::binary::from_binary(&spv_binary)).expect("write");
    spv_binary
}

/// rust-gpu's `do_spirv_opt`.
fn do_spirv_opt(
    sess: &mut Session,
    env: &str,
    opt_level: OptLevel,
    strip: bool,
    spv_binary: Vec<u32>,
    options: spirv_tools::opt::Options,
) -> Vec<u32> {
    use spirv_tools::{
        error,
        opt::{self, Optimizer},
    };

    let mut optimizer = opt::create(env.parse().ok());
    match opt_level {
        OptLevel::No => {}
        OptLevel::Default => {
            optimizer.register_performance_passes();
        }
        OptLevel::Size => {
            optimizer.register_size_passes();
        }
    }
    if strip {
        optimizer
            .register_pass(opt::Passes::EliminateDeadConstant)
            .register_pass(opt::Passes::StripDebugInfo);
    }

    let mut messages = Vec::new();
    let result = optimizer.optimize(
        &spv_binary,
        &mut |msg: error::Message| {
            use error::MessageLevel as Level;
            match msg.level {
                Level::Error | Level::Fatal | Level::InternalError => {
                    messages.push(("error", msg.message))
                }
                Level::Warning => messages.push(("warning", msg.message)),
                Level::Info | Level::Debug => messages.push(("note", msg.message)),
            }
        },
        Some(options),
    );
    for (level, message) in messages {
        match level {
            "error" => sess.errors.push(message),
            "warning" => sess.warnings.push(message),
            _ => sess.notes.push(message),
        }
    }

    match result {
        Ok(spirv_tools::binary::Binary::OwnedU32(words)) => words,
        Ok(binary) => binary.as_words().to_vec(),
        Err(e) => {
            sess.warnings.push(e.to_string());
            sess.notes
                .push("spirv-opt failed, leaving as unoptimized".to_string());
            spv_binary
        }
    }
}

/// rust-gpu's `do_spirv_val`.
fn do_spirv_val(
    sess: &mut Session,
    env: &str,
    spv_binary: &[u32],
    options: spirv_tools::val::ValidatorOptions,
) {
    let validator = val::create(env.parse().ok());
    if let Err(e) = validator.validate(spv_binary, Some(options)) {
        sess.errors.push(e.to_string());
        sess.notes.push("spirv-val failed".to_string());
    }
}

fn out_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

fn count_op(words: &[u32], opcode: u16) -> usize {
    let mut i = 5;
    let mut n = 0;
    while i < words.len() {
        let wc = (words[i] >> 16) as usize;
        if words[i] as u16 == opcode {
            n += 1;
        }
        i += wc.max(1);
    }
    n
}

const OP_NAME: u16 = 5;
const OP_CONSTANT: u16 = 43;

#[test]
fn post_link_optimizes_strips_and_validates() {
    for (env, level) in [
        ("vulkan1.1", OptLevel::Default),
        ("vulkan1.2", OptLevel::Size),
        ("spv1.3", OptLevel::No),
    ] {
        let input = assemble(env, FRAGMENT);
        assert_eq!(input[1], 0x0001_0300.max(input[1]), "{env}: version word");
        let mut sess = Session::default();
        let path = out_path(&format!("frag-{env}.spv"));
        let out = post_link(
            &mut sess,
            env,
            &CodegenArgs::default(),
            level,
            true,
            input.clone(),
            &path,
        );
        assert!(
            sess.errors.is_empty() && sess.warnings.is_empty(),
            "{env}: {sess:?}"
        );
        assert_eq!(count_op(&input, OP_NAME), 3);
        assert_eq!(count_op(&out, OP_NAME), 0, "{env}: debug info stripped");
        assert_eq!(count_op(&input, OP_CONSTANT), 2);
        assert_eq!(
            count_op(&out, OP_CONSTANT),
            1,
            "{env}: dead constant removed"
        );
        assert!(out.len() < input.len());
        // The file on disk is the words as bytes.
        let written = std::fs::read(&path).expect("read back");
        let binary = spirv_tools::binary::Binary::try_from(written).expect("whole words");
        assert_eq!(binary.as_words(), &out[..]);
        let dumped = std::fs::read(path.with_extension("dump.spv")).expect("dump");
        assert_eq!(
            spirv_tools::binary::to_binary(&dumped).ok(),
            Some(&input[..])
        );
    }
}

#[test]
fn an_invalid_module_is_reported_by_both_spirv_opt_and_spirv_val() {
    // %lx loads through an id that is never defined.
    let text = FRAGMENT.replace("%lx = OpLoad %float %x", "%lx = OpLoad %float %nowhere");
    let input = assemble("vulkan1.1", &text);
    let mut sess = Session::default();
    let out = post_link(
        &mut sess,
        "vulkan1.1",
        &CodegenArgs::default(),
        OptLevel::Default,
        false,
        input.clone(),
        &out_path("invalid.spv"),
    );
    assert_eq!(out, input, "left unoptimized");
    // The optimizer's callback got the validator's message, its error became a warning.
    assert!(
        sess.warnings
            .first()
            .is_some_and(|w| w.starts_with("error:0:0 - ")),
        "{sess:?}"
    );
    assert!(sess
        .notes
        .contains(&"spirv-opt failed, leaving as unoptimized".to_string()));
    // spirv-val's error, and the first optimizer message, name the undefined id.
    assert_eq!(sess.errors.len(), 2, "{sess:?}");
    assert!(
        sess.errors
            .iter()
            .all(|e| e.contains("nowhere") || e.contains("has not been defined")),
        "{sess:?}"
    );
}

#[test]
fn validator_limits_and_relax_options_are_honoured() {
    let input = assemble("vulkan1.1", FRAGMENT);
    let validator = val::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
    assert!(validator.validate(&input, None).is_ok());
    // The fragment's %fn_float has no parameters and its entry has one local variable:
    // a local-variable limit of 0 rejects it.
    let options = val::ValidatorOptions {
        max_limits: vec![(val::ValidatorLimits::MaxLocalVariables, 0)],
        ..Default::default()
    };
    let err = validator.validate(&input, Some(options));
    assert!(err.is_err());

    // A function returning a pointer: invalid in logical addressing unless
    // relax_logical_pointer (rust-gpu's `--relax-logical-pointer`), as with spirv-val.
    let text = FRAGMENT
        .replace(
            "%_ptr_Function_float = OpTypePointer Function %float",
            "%_ptr_Function_float = OpTypePointer Function %float\n\
             %_ptr_Private_float = OpTypePointer Private %float\n\
             %fn_ptr = OpTypeFunction %_ptr_Private_float",
        )
        .replace(
            "  %out_color = OpVariable %_ptr_Output_v4float Output",
            "  %out_color = OpVariable %_ptr_Output_v4float Output\n\
             %priv = OpVariable %_ptr_Private_float Private",
        )
        .replace(
            "       %main = OpFunction",
            "%getp = OpFunction %_ptr_Private_float None %fn_ptr\n\
             %g0 = OpLabel\nOpReturnValue %priv\nOpFunctionEnd\n       %main = OpFunction",
        );
    let pointers = assemble("vulkan1.1", &text);
    assert!(validator.validate(&pointers, None).is_err());
    let relaxed = val::ValidatorOptions {
        relax_logical_pointer: true,
        ..Default::default()
    };
    let verdict = validator.validate(&pointers, Some(relaxed));
    assert!(verdict.is_ok(), "{verdict:?}");
}

#[test]
fn passes_spirvkit_lacks_are_refused_by_name() {
    use spirv_tools::opt::{self, Optimizer};
    let input = assemble("vulkan1.1", FRAGMENT);
    let mut optimizer = opt::create(Some(spirv_tools::TargetEnv::Vulkan_1_1));
    optimizer
        .register_pass(opt::Passes::StripDebugInfo)
        .register_pass(opt::Passes::ConditionalConstantPropagation);
    let mut messages = Vec::new();
    let result = optimizer.optimize(
        &input,
        &mut |m: spirv_tools::error::Message| messages.push(m.message),
        None,
    );
    let err = result.expect_err("an unimplemented pass must not be skipped");
    assert_eq!(err.inner, spirv_tools::SpirvResult::Unsupported);
    let text = err.to_string();
    assert!(
        text.contains("ConditionalConstantPropagation") && text.contains("--ccp"),
        "{text}"
    );
    assert_eq!(messages.len(), 1);

    // `Null` is spirv-opt's no-op pass: the module comes back as it went in.
    let mut null = opt::create(None);
    null.register_pass(opt::Passes::Null);
    let out = null.optimize(&input, &mut |_m: spirv_tools::error::Message| {}, None);
    assert_eq!(out.map(|b| b.as_words().to_vec()).ok(), Some(input));
}

#[test]
fn assembler_round_trips_and_reports_text_positions() {
    let asm = assembler::create(Some(spirv_tools::TargetEnv::Universal_1_3));
    let words = assemble("spv1.3", FRAGMENT);
    assert_eq!(words[1], 0x0001_0300);
    let text = asm
        .disassemble(&words, assembler::DisassembleOptions::default())
        .expect("disassembles");
    assert!(
        text.contains("OpEntryPoint Fragment %main \"main\" %out_color"),
        "{text}"
    );
    let again = asm
        .assemble(&text, assembler::AssemblerOptions::default())
        .expect("reassembles");
    assert_eq!(again.as_words(), &words[..]);

    let err = asm
        .assemble("OpCapability Shader\n%1 = OpBogus", Default::default())
        .expect_err("bad text");
    assert_eq!(err.inner, spirv_tools::SpirvResult::InvalidText);
    let diag = err.diagnostic.as_ref().expect("diagnostic");
    assert!(diag.is_text && diag.line == 2, "{diag:?}");
    assert!(err.to_string().starts_with("error:2:"), "{err}");
}
