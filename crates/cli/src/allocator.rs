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

/// The glibc tunable that backs malloc's heaps with transparent huge pages (`madvise`).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const HUGE_PAGE_TUNABLE: &str = "glibc.malloc.hugetlb";

/// The glibc tunable that limits the number of malloc arenas.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ARENA_TUNABLE: &str = "glibc.malloc.arena_max";

/// The glibc tunable from which size on a block is mapped on its own.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_TUNABLE: &str = "glibc.malloc.mmap_threshold";

/// Runs the process again with glibc's malloc on transparent huge pages, for commands about
/// to build a large in-memory IR (`spirvkit opt` on inputs from 1 MiB). A fresh process's
/// memory is faulted in and cleared by the kernel page by page: on the 2.5 MB bench module
/// (`bench --only opt`) the optimizer's ~20 MB IR took ~5 200 page faults, and the faults, the
/// clearing and their bookkeeping were a third of a run without passes (perf). With huge
/// pages ~1 000 faults remain and such a run takes ~28% less CPU; one arena keeps the peak
/// memory where it was (below). glibc reads its tunables only at startup, hence the `exec`
/// (~1.3 ms CPU) rather than a call.
///
/// Nothing happens when `GLIBC_TUNABLES` already names the tunable (the restarted process,
/// or a user's `glibc.malloc.hugetlb=0` to turn it off), or when the kernel's policy is not
/// `madvise` (`always` gives huge pages anyway, `never` none). If `exec` fails the process
/// simply goes on as it is.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn restart_with_huge_pages() {
    use std::os::unix::process::CommandExt;
    let tunables = std::env::var_os("GLIBC_TUNABLES").unwrap_or_default();
    if tunables.to_string_lossy().contains(HUGE_PAGE_TUNABLE) {
        return;
    }
    let policy = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
    if !policy.is_ok_and(|p| p.contains("[madvise]")) {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut args = std::env::args_os();
    let Some(arg0) = args.next() else {
        return;
    };
    let mut value = tunables;
    if !value.is_empty() {
        value.push(":");
    }
    value.push(format!("{HUGE_PAGE_TUNABLE}=1"));
    // One arena for every thread: each arena's last huge page is only partly used, so every
    // further arena may hold up to 2 MB more (`opt -O` on the bench module: peak RSS
    // 25.8-26.6 MB with the default arenas, 23.3-25.0 MB with one, same CPU time).
    if !value.to_string_lossy().contains(ARENA_TUNABLE) {
        value.push(format!(":{ARENA_TUNABLE}=1"));
    }
    // Large blocks from the huge-page heap too: glibc otherwise maps every block from 128 KiB
    // (a threshold it raises as blocks are freed) on its own, in small pages, and unmaps it
    // when freed. `opt -O`, median of 15 runs: minor faults 6 108 -> 642, CPU 81 -> 74 ms,
    // same peak RSS; 20 000 functions: CPU 1 076 -> 869 ms, 167 -> 164 MB.
    if !value.to_string_lossy().contains(MMAP_TUNABLE) {
        value.push(format!(":{MMAP_TUNABLE}={}", 32 << 20));
    }
    // `exec` returns only when it failed; the run then goes on without huge pages.
    let _failed = std::process::Command::new(exe)
        .arg0(arg0)
        .args(args)
        .env("GLIBC_TUNABLES", value)
        .exec();
}

/// Other platforms keep their allocator's defaults.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn restart_with_huge_pages() {}
