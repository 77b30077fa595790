//! A progress bar with rate and ETA on stderr (indicatif), shown only when several inputs are
//! processed and stderr is a terminal outside CI: pipes and CI logs get nothing extra. Safe to
//! tick from rayon workers (indicatif counts atomically and redraws at most 20 times a second).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    pub fn new(total: usize) -> Self {
        let in_ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
        let shown = total > 1 && !in_ci && std::io::stderr().is_terminal();
        let bar = shown.then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:30.cyan/blue} {pos}/{len} files  {rate:.dim}  ETA {eta}",
            ) {
                bar.set_style(
                    style
                        .with_key(
                            "rate",
                            |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                                let _ = write!(w, "{:.0} files/s", s.per_sec());
                            },
                        )
                        .progress_chars("##-"),
                );
            }
            bar
        });
        Self { bar }
    }

    /// One more input finished.
    pub fn tick(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Clears the bar before the final messages.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
