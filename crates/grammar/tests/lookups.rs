use spirvkit_grammar::*;

#[test]
fn opcode_and_name_lookups_agree() {
    for inst in instructions() {
        assert_eq!(
            instruction(inst.opcode).map(|i| i.opname),
            Some(inst.opname)
        );
        assert_eq!(
            instruction_by_name(inst.opname).map(|i| i.opcode),
            Some(inst.opcode)
        );
        for alias in inst.aliases {
            assert_eq!(
                instruction_by_name(alias).map(|i| i.opcode),
                Some(inst.opcode)
            );
        }
    }
    assert!(instruction(0xffff).is_none());
    assert!(instruction_by_name("OpNoSuchThing").is_none());
}

#[test]
fn seed_extensions_are_present() {
    for name in [
        "OpTypeUntypedPointerKHR",
        "OpUntypedVariableKHR",
        "OpUntypedAccessChainKHR",
        "OpUntypedInBoundsAccessChainKHR",
        "OpUntypedPtrAccessChainKHR",
        "OpUntypedInBoundsPtrAccessChainKHR",
        "OpUntypedArrayLengthKHR",
        "OpUntypedPrefetchKHR",
        "OpRawAccessChainNV",
        "OpPtrCastToCrossWorkgroupALTERA",
        "OpCrossWorkgroupCastToPtrALTERA",
        "OpPtrCastToCrossWorkgroupINTEL",
        "OpCrossWorkgroupCastToPtrINTEL",
    ] {
        assert!(instruction_by_name(name).is_some(), "{name} missing");
    }
    let sc = OperandKind::StorageClass.desc();
    for name in [
        "DeviceOnlyALTERA",
        "HostOnlyALTERA",
        "DeviceOnlyINTEL",
        "HostOnlyINTEL",
    ] {
        assert!(sc.enumerant_by_name(name).is_some(), "{name} missing");
    }
    assert_eq!(
        sc.enumerant_by_name("DeviceOnlyINTEL").map(|e| e.value),
        Some(StorageClass::DeviceOnlyALTERA.0)
    );
    let caps = OperandKind::Capability.desc();
    for name in [
        "UntypedPointersKHR",
        "RawAccessChainsNV",
        "USMStorageClassesALTERA",
        "USMStorageClassesINTEL",
    ] {
        assert!(caps.enumerant_by_name(name).is_some(), "{name} missing");
    }
    assert!(OperandKind::RawAccessChainOperands
        .desc()
        .enumerant_by_name("RobustnessPerElementNV")
        .is_some());
    let untyped_var = instruction(Op::UntypedVariableKHR.0).expect("OpUntypedVariableKHR");
    assert!(untyped_var.has_result && untyped_var.has_result_type);
    assert_eq!(
        untyped_var.avail.capabilities,
        &[Capability::UntypedPointersKHR]
    );
}

#[test]
fn enumerant_parameters_and_versions() {
    let deco = OperandKind::Decoration.desc();
    let spec_id = deco.enumerant_by_name("SpecId").expect("SpecId");
    assert_eq!(spec_id.parameters.len(), 1);
    assert_eq!(spec_id.parameters[0].kind, OperandKind::LiteralInteger);
    let aligned = OperandKind::MemoryAccess
        .desc()
        .enumerant(MemoryAccess::Aligned.0)
        .expect("Aligned");
    assert_eq!(aligned.parameters.len(), 1);
    let ptr_diff = instruction(Op::PtrDiff.0).expect("OpPtrDiff");
    assert_eq!(ptr_diff.avail.version, Some(0x0001_0400));
    assert_eq!(Dim::Dim2D.0, 1);
}

#[test]
fn ext_inst_sets_resolve_by_import_name() {
    let cl = ext_inst_set_by_import_name("OpenCL.std").expect("OpenCL.std");
    assert_eq!(
        cl.instruction_by_name("printf").map(|i| i.opcode),
        Some(OpenClStdOp::printf.0)
    );
    let glsl = ext_inst_set_by_import_name("GLSL.std.450").expect("GLSL");
    assert_eq!(
        glsl.instruction(GlslStd450Op::FMix.0).map(|i| i.opname),
        Some("FMix")
    );
    assert!(ext_inst_set_by_import_name("NonSemantic.ClspvReflection.6").is_some());
    assert!(ext_inst_set_by_import_name("NoSuchSet").is_none());
    let dbg = ext_inst_set_by_import_name("OpenCL.DebugInfo.100").expect("OpenCL.DebugInfo.100");
    let flags = dbg
        .instruction_by_name("DebugTypeBasic")
        .expect("DebugTypeBasic");
    assert!(flags
        .operands
        .iter()
        .any(|o| o.kind == OperandKind::OpenClDebugInfo100DebugBaseTypeAttributeEncoding));
}
