//! A one-line progress bar on stderr, shown only when several inputs are processed and stderr
//! is a terminal (never in pipes or CI logs). Safe to tick from rayon workers.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Progress {
    total: usize,
    done: AtomicUsize,
    enabled: bool,
}

impl Progress {
    pub fn new(total: usize) -> Self {
        Self {
            total,
            done: AtomicUsize::new(0),
            enabled: total > 1 && std::io::stderr().is_terminal(),
        }
    }

    /// One more input finished.
    pub fn tick(&self) {
        if !self.enabled {
            return;
        }
        let n = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let width = 30;
        let filled = n * width / self.total.max(1);
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r[{}{}] {n}/{}",
            "#".repeat(filled),
            " ".repeat(width - filled),
            self.total
        );
        let _ = err.flush();
    }

    /// Clears the bar before the final messages.
    pub fn finish(&self) {
        if self.enabled {
            eprint!("\r{}\r", " ".repeat(50));
        }
    }
}
