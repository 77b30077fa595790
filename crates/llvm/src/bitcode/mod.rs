//! Bitcode reader: LLVM 3.2-era (absolute/relative ids, typed pointers, old
//! metadata) through modern LLVM (strtab, opaque pointers, METADATA_STRINGS).

pub(crate) mod attributes;
pub mod bitstream;
mod constants;
mod debug_info;
mod function;
mod metadata;
mod module;
mod parallel;
mod types;
pub mod writer;

use std::collections::HashMap;

use crate::error::LlvmError;
use crate::model::*;
use bitstream::{BitCursor, BitError, Block, BlockInfo, Entry};

pub const BITCODE_MAGIC: [u8; 4] = [b'B', b'C', 0xC0, 0xDE];
pub const WRAPPER_MAGIC: u32 = 0x0B17_C0DE;

// The full list of block ids, including ones this reader skips.
#[allow(dead_code)]
pub(crate) mod block_id {
    pub const MODULE: u32 = 8;
    pub const PARAMATTR: u32 = 9;
    pub const PARAMATTR_GROUP: u32 = 10;
    pub const CONSTANTS: u32 = 11;
    pub const FUNCTION: u32 = 12;
    pub const IDENTIFICATION: u32 = 13;
    pub const VALUE_SYMTAB: u32 = 14;
    pub const METADATA: u32 = 15;
    pub const METADATA_ATTACHMENT: u32 = 16;
    pub const TYPE_NEW: u32 = 17;
    pub const USELIST: u32 = 18;
    pub const MODULE_STRTAB: u32 = 19;
    pub const GLOBALVAL_SUMMARY: u32 = 20;
    pub const OPERAND_BUNDLE_TAGS: u32 = 21;
    pub const METADATA_KIND: u32 = 22;
    pub const STRTAB: u32 = 23;
    pub const FULL_LTO_SUMMARY: u32 = 24;
    pub const SYMTAB: u32 = 25;
    pub const SYNC_SCOPE_NAMES: u32 = 26;
}

pub(crate) fn block_name(id: u32) -> &'static str {
    match id {
        0 => "BLOCKINFO",
        8 => "MODULE_BLOCK",
        9 => "PARAMATTR_BLOCK",
        10 => "PARAMATTR_GROUP_BLOCK",
        11 => "CONSTANTS_BLOCK",
        12 => "FUNCTION_BLOCK",
        13 => "IDENTIFICATION_BLOCK",
        14 => "VALUE_SYMTAB_BLOCK",
        15 => "METADATA_BLOCK",
        16 => "METADATA_ATTACHMENT_BLOCK",
        17 => "TYPE_BLOCK",
        18 => "USELIST_BLOCK",
        21 => "OPERAND_BUNDLE_TAGS_BLOCK",
        22 => "METADATA_KIND_BLOCK",
        23 => "STRTAB_BLOCK",
        25 => "SYMTAB_BLOCK",
        26 => "SYNC_SCOPE_NAMES_BLOCK",
        u32::MAX => "top level",
        _ => "unknown block",
    }
}

/// Where the reader is, for error messages.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Location {
    pub block: u32,
    pub code: u32,
    pub bit: u64,
}

pub(crate) struct Reader<'a> {
    pub file: &'a str,
    pub m: Module,
    pub info: BlockInfo,
    pub version: u64,
    pub loc: Location,
    /// Bitcode type index -> interned type.
    pub type_ids: Vec<TypeId>,
    /// Value number -> (value, type). Function-local entries are truncated away
    /// after each body.
    pub values: Vec<(ValueRef, TypeId)>,
    pub module_value_count: usize,
    /// Metadata numbering: ids below this are module-level.
    pub module_md_count: u32,
    /// Index in `m.metadata` where the current function's local metadata starts.
    pub fn_md_base: u32,
    pub in_function: bool,
    pub md_kinds: HashMap<u64, String>,
    pub attr_groups: HashMap<u64, (u64, Vec<Attribute>)>,
    /// Shared: every call and function naming a list refers to the one decoded here.
    pub attr_lists: Vec<std::sync::Arc<AttributeList>>,
    pub section_names: Vec<String>,
    pub gc_names: Vec<String>,
    pub sync_scopes: Vec<String>,
    pub pending_inits: Vec<(GlobalId, u64)>,
    pub pending_aliases: Vec<(AliasId, u64)>,
    pub bodies_pending: Vec<FuncId>,
    pub next_body: usize,
    pub strtab: &'a [u8],
    /// Kept so a later pass can read function bodies in parallel.
    pub seen_module_vst: bool,
    /// The type table holds opaque pointers.
    pub opaque: bool,
    /// Metadata uses the post-3.6 encoding (metadata is not a value).
    pub modern_metadata: bool,
    /// DILocation nodes made from `DEBUG_LOC` records, by record operands.
    pub debug_locations: HashMap<[u64; 5], MetadataId>,
    /// A function body read a METADATA block (its effects are not tracked for merging, so a
    /// parallel worker's result is discarded).
    pub body_read_metadata: bool,
    /// Function bodies totalling at least this many bits are read in parallel.
    pub parallel_min_bits: u64,
}

impl<'a> Reader<'a> {
    pub fn error(&self, message: impl Into<String>) -> LlvmError {
        LlvmError::Bitcode {
            file: self.file.to_string(),
            bit_offset: self.loc.bit,
            block: block_name(self.loc.block).to_string(),
            record: record_name(self.loc.block, self.loc.code),
            message: message.into(),
        }
    }

    pub fn bit_error(&self, e: BitError) -> LlvmError {
        LlvmError::Bitcode {
            file: self.file.to_string(),
            bit_offset: e.bit_offset,
            block: block_name(self.loc.block).to_string(),
            record: "-".into(),
            message: e.message,
        }
    }

    /// Next entry of `block`, updating the error location.
    pub fn next_entry(
        &mut self,
        block: &mut Block<'a>,
        ops: &mut Vec<u64>,
    ) -> Result<Entry<'a>, LlvmError> {
        let at = block.position();
        self.loc = Location {
            block: block.id,
            code: 0,
            bit: at,
        };
        let entry = block
            .next(&mut self.info, ops)
            .map_err(|e| self.bit_error(e))?;
        if let Entry::Record { code, .. } = &entry {
            self.loc.code = *code;
        }
        Ok(entry)
    }

    /// Reads a whole block we do not interpret.
    pub fn skip_block(&mut self, mut block: Block<'a>) -> Result<(), LlvmError> {
        // The parent cursor already skipped the block by its length word.
        let _ = &mut block;
        Ok(())
    }

    pub fn ty(&self, index: u64) -> Result<TypeId, LlvmError> {
        self.type_ids
            .get(index as usize)
            .copied()
            .ok_or_else(|| self.error(format!("type index {index} out of range")))
    }

    pub fn op(&self, ops: &[u64], i: usize) -> Result<u64, LlvmError> {
        ops.get(i)
            .copied()
            .ok_or_else(|| self.error(format!("record too short: missing operand {i}")))
    }

    pub fn md_id(&self, number: u64) -> Result<MetadataId, LlvmError> {
        let n = u32::try_from(number).map_err(|_| self.error("metadata id too large"))?;
        if self.in_function && n >= self.module_md_count {
            Ok(MetadataId(self.fn_md_base + (n - self.module_md_count)))
        } else {
            Ok(MetadataId(n))
        }
    }
}

pub(crate) fn chars(ops: &[u64]) -> String {
    let bytes: Vec<u8> = ops.iter().map(|&c| c as u8).collect();
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

pub(crate) fn record_name(block: u32, code: u32) -> String {
    let name: Option<&str> = match block {
        8 => match code {
            1 => Some("VERSION"),
            2 => Some("TRIPLE"),
            3 => Some("DATALAYOUT"),
            4 => Some("ASM"),
            5 => Some("SECTIONNAME"),
            6 => Some("DEPLIB"),
            7 => Some("GLOBALVAR"),
            8 => Some("FUNCTION"),
            9 => Some("ALIAS_OLD"),
            11 => Some("GCNAME"),
            12 => Some("COMDAT"),
            13 => Some("VSTOFFSET"),
            14 => Some("ALIAS"),
            16 => Some("SOURCE_FILENAME"),
            17 => Some("HASH"),
            _ => None,
        },
        11 => match code {
            1 => Some("SETTYPE"),
            2 => Some("NULL"),
            3 => Some("UNDEF"),
            4 => Some("INTEGER"),
            5 => Some("WIDE_INTEGER"),
            6 => Some("FLOAT"),
            7 => Some("AGGREGATE"),
            8 => Some("STRING"),
            9 => Some("CSTRING"),
            10 => Some("CE_BINOP"),
            11 => Some("CE_CAST"),
            12 => Some("CE_GEP"),
            13 => Some("CE_SELECT"),
            14 => Some("CE_EXTRACTELT"),
            15 => Some("CE_INSERTELT"),
            16 => Some("CE_SHUFFLEVEC"),
            17 => Some("CE_CMP"),
            20 => Some("CE_INBOUNDS_GEP"),
            21 => Some("BLOCKADDRESS"),
            22 => Some("DATA"),
            26 => Some("POISON"),
            _ => None,
        },
        12 => match code {
            1 => Some("DECLAREBLOCKS"),
            2 => Some("INST_BINOP"),
            3 => Some("INST_CAST"),
            4 => Some("INST_GEP_OLD"),
            5 => Some("INST_SELECT"),
            6 => Some("INST_EXTRACTELT"),
            7 => Some("INST_INSERTELT"),
            8 => Some("INST_SHUFFLEVEC"),
            9 => Some("INST_CMP"),
            10 => Some("INST_RET"),
            11 => Some("INST_BR"),
            12 => Some("INST_SWITCH"),
            13 => Some("INST_INVOKE"),
            15 => Some("INST_UNREACHABLE"),
            16 => Some("INST_PHI"),
            19 => Some("INST_ALLOCA"),
            20 => Some("INST_LOAD"),
            23 => Some("INST_VAARG"),
            24 => Some("INST_STORE_OLD"),
            26 => Some("INST_EXTRACTVAL"),
            27 => Some("INST_INSERTVAL"),
            28 => Some("INST_CMP2"),
            29 => Some("INST_VSELECT"),
            30 => Some("INST_INBOUNDS_GEP_OLD"),
            31 => Some("INST_INDIRECTBR"),
            33 => Some("DEBUG_LOC_AGAIN"),
            34 => Some("INST_CALL"),
            35 => Some("DEBUG_LOC"),
            36 => Some("INST_FENCE"),
            37 => Some("INST_CMPXCHG_OLD"),
            38 => Some("INST_ATOMICRMW_OLD"),
            39 => Some("INST_RESUME"),
            40 => Some("INST_LANDINGPAD_OLD"),
            41 => Some("INST_LOADATOMIC"),
            42 => Some("INST_STOREATOMIC_OLD"),
            43 => Some("INST_GEP"),
            44 => Some("INST_STORE"),
            45 => Some("INST_STOREATOMIC"),
            46 => Some("INST_CMPXCHG"),
            47 => Some("INST_LANDINGPAD"),
            55 => Some("OPERAND_BUNDLE"),
            56 => Some("INST_UNOP"),
            57 => Some("INST_CALLBR"),
            58 => Some("INST_FREEZE"),
            59 => Some("INST_ATOMICRMW"),
            60 => Some("BLOCKADDR_USERS"),
            _ => None,
        },
        15 => match code {
            1 => Some("METADATA_STRING_OLD"),
            2 => Some("METADATA_VALUE"),
            3 => Some("METADATA_NODE"),
            4 => Some("METADATA_NAME"),
            5 => Some("METADATA_DISTINCT_NODE"),
            6 => Some("METADATA_KIND"),
            7 => Some("METADATA_LOCATION"),
            8 => Some("METADATA_OLD_NODE"),
            9 => Some("METADATA_OLD_FN_NODE"),
            10 => Some("METADATA_NAMED_NODE"),
            35 => Some("METADATA_STRINGS"),
            _ => None,
        },
        17 => match code {
            1 => Some("NUMENTRY"),
            7 => Some("INTEGER"),
            8 => Some("POINTER"),
            9 => Some("FUNCTION_OLD"),
            11 => Some("ARRAY"),
            12 => Some("VECTOR"),
            18 => Some("STRUCT_ANON"),
            19 => Some("STRUCT_NAME"),
            20 => Some("STRUCT_NAMED"),
            21 => Some("FUNCTION"),
            25 => Some("OPAQUE_POINTER"),
            _ => None,
        },
        _ => None,
    };
    match name {
        Some(n) => format!("{n} (code {code})"),
        None => format!("code {code}"),
    }
}

/// Reads LLVM bitcode (raw or wrapped) into a `Module`. Large modules have their function
/// bodies read in parallel; the result is the same either way.
pub fn read_bitcode(bytes: &[u8], file_name: &str) -> Result<Module, LlvmError> {
    read_bitcode_with_threshold(bytes, file_name, parallel::DEFAULT_PARALLEL_MIN_BITS)
}

/// `read_bitcode`, reading function bodies in parallel once they total `parallel_min_bits`
/// bits of bitcode (0: always, when there are two or more; `u64::MAX`: never). For tests
/// that check the parallel reader gives the sequential result.
#[doc(hidden)]
pub fn read_bitcode_with_threshold(
    bytes: &[u8],
    file_name: &str,
    parallel_min_bits: u64,
) -> Result<Module, LlvmError> {
    let err = |bit: u64, message: &str| LlvmError::Bitcode {
        file: file_name.to_string(),
        bit_offset: bit,
        block: "top level".into(),
        record: "-".into(),
        message: message.to_string(),
    };
    let mut data = bytes;
    if data.len() >= 20 {
        let word = |i: usize| -> u32 {
            let mut w = [0u8; 4];
            if let Some(s) = data.get(i..i + 4) {
                w.copy_from_slice(s);
            }
            u32::from_le_bytes(w)
        };
        if word(0) == WRAPPER_MAGIC {
            let offset = word(8) as usize;
            let size = word(12) as usize;
            data = data
                .get(offset..offset.saturating_add(size))
                .ok_or_else(|| err(64, "bitcode wrapper offset/size out of range"))?;
        }
    }
    if data.get(0..4) != Some(&BITCODE_MAGIC[..]) {
        return Err(err(0, "missing bitcode magic 'BC' 0xC0DE"));
    }
    let mut cursor = BitCursor::new(data);
    // The magic number was checked above.
    cursor.read(32).map_err(|e| err(e.bit_offset, &e.message))?;

    let mut reader = Reader {
        file: file_name,
        m: Module::default(),
        info: BlockInfo::default(),
        version: 0,
        loc: Location {
            block: u32::MAX,
            code: 0,
            bit: 32,
        },
        type_ids: Vec::new(),
        values: Vec::new(),
        module_value_count: 0,
        module_md_count: u32::MAX,
        fn_md_base: 0,
        in_function: false,
        debug_locations: HashMap::new(),
        md_kinds: HashMap::new(),
        attr_groups: HashMap::new(),
        attr_lists: Vec::new(),
        section_names: Vec::new(),
        gc_names: Vec::new(),
        sync_scopes: Vec::new(),
        pending_inits: Vec::new(),
        pending_aliases: Vec::new(),
        bodies_pending: Vec::new(),
        next_body: 0,
        strtab: &[],
        seen_module_vst: false,
        opaque: false,
        modern_metadata: false,
        body_read_metadata: false,
        parallel_min_bits,
    };

    // Top level: find the string table first (modern bitcode keeps names there).
    let mut top = Block::top_level(cursor);
    let mut ops = Vec::new();
    let mut module_block = None;
    loop {
        match reader.next_entry(&mut top, &mut ops)? {
            Entry::End => break,
            Entry::Record { .. } => return Err(reader.error("record at top level")),
            Entry::SubBlock(block) => match block.id {
                block_id::MODULE if module_block.is_none() => module_block = Some(block),
                block_id::STRTAB => {
                    let mut b = block;
                    loop {
                        match reader.next_entry(&mut b, &mut ops)? {
                            Entry::End => break,
                            Entry::Record { code: 1, blob } => {
                                reader.strtab = blob.unwrap_or(&[]);
                            }
                            Entry::Record { .. } | Entry::SubBlock(_) => {}
                        }
                    }
                }
                _ => {}
            },
        }
    }
    let Some(module_block) = module_block else {
        return Err(err(32, "no MODULE_BLOCK in bitcode"));
    };
    reader.read_module(module_block)?;
    Ok(reader.m)
}
