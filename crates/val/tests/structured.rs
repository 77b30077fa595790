//! Structured control flow (spec 2.11, 2.16.2): one positive and one negative case per
//! construct rule, each the body of a compute shader's entry block. Every case was checked
//! against spirv-val 2025.5 (`spirv-as --target-env spv1.6` then `spirv-val`); set
//! `SPIRV_VAL=/path/to/spirv-val` to re-check the verdicts while running the tests.

mod common;
mod reference;
use common::*;
use reference::reference_verdict;

struct Case {
    name: &'static str,
    /// None: valid; Some(rule): rejected with (at least) this rule.
    rule: Option<&'static str>,
    body: &'static str,
}

const CASES: &[Case] = &[
    Case {
        name: "loop_ok",
        rule: None,
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %m %c None
            OpBranchConditional %t %body %m
            %body = OpLabel
            OpBranch %c
            %c = OpLabel
            OpBranch %h
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "sel_exit_bad",
        rule: Some("structured.exit"),
        body: r#"
            OpSelectionMerge %m None
            OpBranchConditional %t %a %m
            %a = OpLabel
            OpSelectionMerge %m2 None
            OpBranchConditional %t %b %m2
            %b = OpLabel
            OpBranch %m
            %m2 = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "break_continue_ok",
        rule: None,
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %body
            %body = OpLabel
            OpSelectionMerge %sm None
            OpBranchConditional %t %brk %sm
            %brk = OpLabel
            OpBranch %lm
            %sm = OpLabel
            OpSelectionMerge %sm2 None
            OpBranchConditional %t %cont %sm2
            %cont = OpLabel
            OpBranch %c
            %sm2 = OpLabel
            OpBranch %c
            %c = OpLabel
            OpBranch %h
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "continue_postdom_bad",
        rule: Some("structured.continue_post_dominance"),
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %c
            %c = OpLabel
            OpBranchConditional %t %be %lm
            %be = OpLabel
            OpBranch %h
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "continue_postdom_ok",
        rule: None,
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %c
            %c = OpLabel
            OpBranch %be
            %be = OpLabel
            OpBranchConditional %t %h %lm
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "merge_dom_bad",
        rule: Some("structured.dominance"),
        body: r#"
            OpSelectionMerge %m0 None
            OpBranchConditional %t %a %b
            %a = OpLabel
            OpSelectionMerge %m None
            OpBranchConditional %t %x %m
            %x = OpLabel
            OpBranch %m
            %b = OpLabel
            OpBranch %m
            %m = OpLabel
            OpBranch %m0
            %m0 = OpLabel
            OpReturn"#,
    },
    Case {
        name: "nested_merge_bad",
        rule: Some("structured.nested_merge"),
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %body
            %body = OpLabel
            OpSelectionMerge %c None
            OpBranchConditional %t %x %c
            %x = OpLabel
            OpBranch %c
            %c = OpLabel
            OpBranchConditional %t %h %lm
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "switch_fall_ok",
        rule: None,
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %d 1 %a 2 %b
            %a = OpLabel
            OpBranch %b
            %b = OpLabel
            OpBranch %m
            %d = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "switch_fall_order_bad",
        rule: Some("structured.switch"),
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %d 2 %b 1 %a
            %a = OpLabel
            OpBranch %b
            %b = OpLabel
            OpBranch %m
            %d = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "switch_fall_multi_bad",
        rule: Some("structured.switch"),
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %d 1 %a 2 %b
            %a = OpLabel
            OpBranchConditional %t %b %d
            %b = OpLabel
            OpBranch %m
            %d = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "switch_targeted_twice_bad",
        rule: Some("structured.switch"),
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %m 1 %a 2 %x 3 %b
            %a = OpLabel
            OpBranch %x
            %b = OpLabel
            OpBranch %x
            %x = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "switch_invalid_branch_bad",
        rule: Some("structured.switch"),
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %d 1 %a
            %a = OpLabel
            OpBranch %y
            %d = OpLabel
            OpBranch %y
            %y = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "loop_no_backedge_bad",
        rule: Some("structured.back_edge"),
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %c
            %c = OpLabel
            OpBranch %lm
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "unreachable_self_loop_bad",
        rule: Some("structured.back_edge"),
        body: r#"
            OpReturn
            %u = OpLabel
            OpBranch %u"#,
    },
    Case {
        name: "continue_is_header_multi_block",
        rule: Some("structured.continue_post_dominance"),
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %h None
            OpBranchConditional %t %body %lm
            %body = OpLabel
            OpBranch %h
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "continue_is_header_single_ok",
        rule: None,
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %h None
            OpBranchConditional %t %h %lm
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "switch_in_loop_break_ok",
        rule: None,
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %body
            %body = OpLabel
            OpSelectionMerge %sm None
            OpSwitch %c1 %sm 1 %a 2 %b
            %a = OpLabel
            OpBranch %lm
            %b = OpLabel
            OpBranch %c
            %sm = OpLabel
            OpBranch %c
            %c = OpLabel
            OpBranch %h
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "if_in_case_break_ok",
        rule: None,
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %m 1 %a
            %a = OpLabel
            OpSelectionMerge %am None
            OpBranchConditional %t %brk %am
            %brk = OpLabel
            OpBranch %m
            %am = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "continue_entry_bad",
        rule: Some("structured.dominance"),
        body: r#"
            OpSelectionMerge %m None
            OpBranchConditional %t %pre %other
            %pre = OpLabel
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %c
            %c = OpLabel
            OpBranchConditional %t %h %lm
            %lm = OpLabel
            OpBranch %m
            %other = OpLabel
            OpBranch %c
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "loop_return_ok",
        rule: None,
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %body
            %body = OpLabel
            OpSelectionMerge %sm None
            OpBranchConditional %t %out %sm
            %out = OpLabel
            OpReturn
            %sm = OpLabel
            OpBranch %c
            %c = OpLabel
            OpBranchConditional %t %h %lm
            %lm = OpLabel
            OpBranch %after
            %after = OpLabel
            OpReturn"#,
    },
    Case {
        name: "nested_loop_break_outer_bad",
        rule: Some("structured.exit"),
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %h2
            %h2 = OpLabel
            OpLoopMerge %lm2 %cc2 None
            OpBranchConditional %t %b2 %lm2
            %b2 = OpLabel
            OpSelectionMerge %s None
            OpBranchConditional %t %x %s
            %x = OpLabel
            OpBranch %lm
            %s = OpLabel
            OpBranch %cc2
            %cc2 = OpLabel
            OpBranch %h2
            %lm2 = OpLabel
            OpBranch %c
            %c = OpLabel
            OpBranchConditional %t %h %lm
            %lm = OpLabel
            OpReturn"#,
    },
    Case {
        name: "switch_multi_target_bad",
        rule: Some("structured.switch"),
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %d 1 %a 2 %x
            %d = OpLabel
            OpBranch %x
            %a = OpLabel
            OpBranch %x
            %x = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "continue_entry2_bad",
        rule: Some("structured.continue_entry"),
        body: r#"
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranchConditional %t %c %lm
            %c = OpLabel
            OpBranch %h
            %lm = OpLabel
            OpBranch %c"#,
    },
    Case {
        name: "switch_shared_target_ok",
        rule: None,
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %m 1 %a 2 %a 3 %b
            %a = OpLabel
            OpBranch %b
            %b = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "switch_default_falls_ok",
        rule: None,
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %d 1 %a
            %d = OpLabel
            OpBranch %a
            %a = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
    Case {
        name: "loop_in_case_break_switch_bad",
        rule: Some("structured.exit"),
        body: r#"
            OpSelectionMerge %m None
            OpSwitch %c1 %m 1 %a
            %a = OpLabel
            OpBranch %h
            %h = OpLabel
            OpLoopMerge %lm %c None
            OpBranch %body
            %body = OpLabel
            OpSelectionMerge %s None
            OpBranchConditional %t %x %s
            %x = OpLabel
            OpBranch %m
            %s = OpLabel
            OpBranch %c
            %c = OpLabel
            OpBranchConditional %t %h %lm
            %lm = OpLabel
            OpBranch %m
            %m = OpLabel
            OpReturn"#,
    },
];

#[test]
fn construct_rules() {
    let mut failures = Vec::new();
    for case in CASES {
        let words = shader("", "", case.body);
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

#[test]
fn every_rule_has_a_negative_and_the_suite_has_positives() {
    let negative: Vec<&str> = CASES.iter().filter_map(|c| c.rule).collect();
    for rule in [
        "structured.exit",
        "structured.dominance",
        "structured.continue_post_dominance",
        "structured.nested_merge",
        "structured.continue_entry",
        "structured.switch",
        "structured.back_edge",
    ] {
        assert!(negative.contains(&rule), "no negative case for {rule}");
    }
    assert!(CASES.iter().filter(|c| c.rule.is_none()).count() >= 8);
}

/// Many constructs in one function (sequential loops with a selection inside, then a deep
/// nest of selections): the construct rules stay near-linear and accept the valid shape.
#[test]
fn many_and_deeply_nested_constructs() {
    let mut body = String::from("OpBranch %lh0\n");
    let loops = 4000;
    for i in 0..loops {
        let next = format!("%lh{}", i + 1);
        body.push_str(&format!(
            "%lh{i} = OpLabel\nOpLoopMerge %lm{i} %lc{i} None\nOpBranch %lb{i}\n\
             %lb{i} = OpLabel\nOpSelectionMerge %ls{i} None\nOpBranchConditional %t %lx{i} %ls{i}\n\
             %lx{i} = OpLabel\nOpBranch %ls{i}\n%ls{i} = OpLabel\nOpBranch %lc{i}\n\
             %lc{i} = OpLabel\nOpBranchConditional %t %lh{i} %lm{i}\n%lm{i} = OpLabel\nOpBranch {next}\n"
        ));
    }
    let depth = 300;
    body.push_str(&format!("%lh{loops} = OpLabel\nOpBranch %nn0\n"));
    for d in 0..depth {
        body.push_str(&format!(
            "%nn{d} = OpLabel\nOpSelectionMerge %ne{d} None\nOpBranchConditional %t %nn{} %ne{d}\n",
            d + 1
        ));
    }
    body.push_str(&format!(
        "%nn{depth} = OpLabel\nOpBranch %ne{}\n",
        depth - 1
    ));
    for d in (0..depth).rev() {
        let after = if d == 0 {
            "OpReturn".to_string()
        } else {
            format!("OpBranch %ne{}", d - 1)
        };
        body.push_str(&format!("%ne{d} = OpLabel\n{after}\n"));
    }
    let words = shader("", "", body.trim_end());
    let start = std::time::Instant::now();
    assert_valid(&words);
    eprintln!(
        "{} blocks validated in {:.1} ms",
        loops * 6 + 2 * depth + 2,
        start.elapsed().as_secs_f64() * 1e3
    );
    if let Some(reference_valid) = reference_verdict(&words) {
        assert!(reference_valid, "spirv-val rejects the generated shader");
    }
}

/// Structural mutations of every case (a word replaced by a small id, an instruction dropped
/// or repeated) never make the validator panic or loop: the construct code sees broken
/// graphs, missing merges, labels of other kinds and ids out of range.
#[test]
fn mutated_cases_never_panic() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for case in CASES {
        let words = shader("", "", case.body);
        let starts: Vec<usize> = {
            let mut v = Vec::new();
            let mut i = 5;
            while i < words.len() {
                v.push(i);
                i += ((words[i] >> 16) as usize).max(1);
            }
            v
        };
        for _ in 0..300 {
            let mut w = words.clone();
            match next() % 3 {
                0 => {
                    let at = 5 + (next() as usize) % (w.len() - 5);
                    w[at] = (next() % 48) as u32;
                }
                1 => {
                    let s = starts[(next() as usize) % starts.len()];
                    let len = ((w[s] >> 16) as usize).clamp(1, w.len() - s);
                    w.drain(s..s + len);
                }
                _ => {
                    let s = starts[(next() as usize) % starts.len()];
                    let len = ((w[s] >> 16) as usize).clamp(1, w.len() - s);
                    let copy: Vec<u32> = w[s..s + len].to_vec();
                    w.splice(s..s, copy);
                }
            }
            let _ = spirvkit_val::validate(&w, &spirvkit_val::ValidatorOptions::default());
        }
    }
}
