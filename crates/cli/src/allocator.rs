//! glibc malloc tuning for the multi-threaded commands.
//!
//! glibc gives each thread that allocates its own arena: a heap reserved at 64 MiB and made
//! usable (`mprotect`) only as far as it is needed, page by page as it grows. Reading a large
//! bitcode module on two threads made 11 173 `mprotect` calls (`strace -f -c`, the 2.3 MB
//! module of `cargo xtask bench --only translate --functions 5000`), a third of the system
//! time and contention on the process's memory-map lock. `M_TOP_PAD` is how much extra a
//! heap is given when it is created: at 64 MiB, a thread's heap is usable whole from the
//! start (15 calls). Only address space is reserved; pages still cost memory when touched
//! (peak RSS 78 -> 84 MB on that module, system time ~0.10 -> ~0.06 s).

/// Applies the tuning; call once at startup, before any other thread exists.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn tune() {
    const TOP_PAD: libc::c_int = 64 << 20;
    // SAFETY: `mallopt` only sets a malloc parameter (an integer); it has no pointer
    // arguments and is called before any other thread could allocate concurrently. The
    // `unsafe` is required only because it is a foreign function; the benchmark above is
    // why it exists (the project otherwise forbids unsafe code).
    #[allow(unsafe_code)]
    let _accepted = unsafe { libc::mallopt(libc::M_TOP_PAD, TOP_PAD) };
}

/// Other platforms keep their allocator's defaults.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn tune() {}
