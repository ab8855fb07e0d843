//! A run over a tree of cases: counts per group, and the proof that every
//! case directory was run and every file read.

use super::*;

/// Passed and failed cases of one group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Cases whose check passed.
    pub passed: usize,
    /// Cases whose check failed.
    pub failed: usize,
}

/// A failed case or a problem with the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The group of the case (empty for problems with the tree).
    pub group: String,
    /// What failed, naming the case.
    pub message: String,
}

/// How many failed cases of each group [`Run::report`] shows with their
/// messages.
pub const SHOWN_FAILURES: usize = 10;

/// What became of a case directory that was run.
#[derive(Debug, Default)]
pub(super) struct Ran {
    passed: bool,
    read: BTreeSet<String>,
}

/// A run over a tree of test cases.
///
/// [`Run::expect_tree`] lists every case directory and file of a tree;
/// [`Run::run`] checks cases and counts them per group; [`Run::finish`]
/// prints the counts and fails if any case failed, any listed case directory
/// was not run, any file of a passed case was not read, or anything else was
/// reported through [`Run::fail`].
#[derive(Debug, Default)]
pub struct Run {
    groups: BTreeMap<String, Counts>,
    failures: Vec<Failure>,
    // Case directory -> the files in it, for every leaf of the expected trees.
    expected: BTreeMap<PathBuf, BTreeSet<String>>,
    ran: BTreeMap<PathBuf, Ran>,
}

impl Run {
    /// An empty run.
    pub fn new() -> Run {
        Run::default()
    }

    /// Lists every case directory under `root` (each directory that holds
    /// files or no subdirectory) and its files: [`Run::finish`] fails on
    /// each of them that was not run or read. A missing `root` is a
    /// failure.
    pub fn expect_tree(&mut self, root: &Path) {
        if !root.is_dir() {
            self.fail(format!("{} is not a directory", root.display()));
            return;
        }
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            let entries = match read_dir_sorted(&dir) {
                Ok(entries) => entries,
                Err(e) => {
                    self.fail(e);
                    continue;
                }
            };
            let mut files = BTreeSet::new();
            let mut has_subdirs = false;
            for entry in entries {
                if entry.is_dir() {
                    has_subdirs = true;
                    stack.push(entry);
                } else {
                    files.insert(file_name(&entry));
                }
            }
            if !files.is_empty() || !has_subdirs {
                self.expected.insert(dir, files);
            }
        }
    }

    /// Records a failure that belongs to no case (an unknown directory, a
    /// missing suite, ...).
    pub fn fail(&mut self, message: impl Into<String>) {
        self.failures.push(Failure {
            group: String::new(),
            message: message.into(),
        });
    }

    /// Records a failed case of `group` that could not be run at all.
    pub fn fail_case(&mut self, group: &str, dir: &Path, message: impl core::fmt::Display) {
        self.ran.insert(dir.to_path_buf(), Ran::default());
        self.groups.entry(group.to_owned()).or_default().failed += 1;
        self.failures.push(Failure {
            group: group.to_owned(),
            message: format!("{}: {message}", case_label(dir)),
        });
    }

    /// Leaves the case directories `dirs` out of the run on purpose (a
    /// sample of a suite on a slow emulated target): they are no longer
    /// expected to run.
    pub fn leave_out(&mut self, dirs: &[PathBuf]) {
        for dir in dirs {
            self.expected.remove(dir);
        }
    }

    /// Checks the cases in `dirs` with `check`, counting them in `group`.
    ///
    /// The cases run on up to 4 threads; results are recorded in the order of
    /// `dirs`. A panic in `check` is a failure of that case.
    pub fn run<F>(&mut self, group: &str, dirs: Vec<PathBuf>, check: F)
    where
        F: Fn(&Case) -> Result<(), String> + Sync,
    {
        type Outcome = (Result<(), String>, BTreeSet<String>);
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .clamp(1, 4)
            .min(dirs.len().max(1));
        let next = AtomicUsize::new(0);
        let results: Vec<Mutex<Option<Outcome>>> = dirs.iter().map(|_| Mutex::new(None)).collect();
        let work = || loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(dir) = dirs.get(i) else { break };
            let case = Case::new(dir.clone());
            let result = catch_panic(|| check(&case))
                .unwrap_or_else(|panic| Err(case.error(panic)))
                .map_err(|e| {
                    // Messages name their case; add the name where one does not.
                    if e.starts_with(case.label()) {
                        e
                    } else {
                        case.error(e)
                    }
                });
            let read = case.files_read();
            *results[i].lock().unwrap_or_else(|p| p.into_inner()) = Some((result, read));
        };
        std::thread::scope(|s| {
            for _ in 1..threads {
                s.spawn(work);
            }
            work();
        });

        let counts = self.groups.entry(group.to_owned()).or_default();
        for (dir, result) in dirs.into_iter().zip(results) {
            let (result, read) = result
                .into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .unwrap_or_else(|| {
                    let never = format!("{}: never ran", case_label(&dir));
                    (Err(never), BTreeSet::new())
                });
            let passed = result.is_ok();
            match result {
                Ok(()) => counts.passed += 1,
                Err(message) => {
                    counts.failed += 1;
                    self.failures.push(Failure {
                        group: group.to_owned(),
                        message,
                    });
                }
            }
            let ran = self.ran.entry(dir).or_default();
            ran.passed = passed;
            ran.read.extend(read);
        }
    }

    /// The counts of `group` so far.
    pub fn counts(&self, group: &str) -> Counts {
        self.groups.get(group).copied().unwrap_or_default()
    }

    /// The counts of every group, by group name.
    pub fn groups(&self) -> &BTreeMap<String, Counts> {
        &self.groups
    }

    /// Every failure: failed cases, problems reported with [`Run::fail`],
    /// then expected case directories not run and files of passed cases not
    /// read (a failed case may stop before reading all of its files).
    pub fn failures(&self) -> Vec<Failure> {
        let mut all = self.failures.clone();
        for (dir, files) in &self.expected {
            match self.ran.get(dir) {
                None => all.push(Failure {
                    group: String::new(),
                    message: format!("{}: case directory not run", case_label(dir)),
                }),
                Some(ran) if ran.passed => {
                    for file in files.difference(&ran.read) {
                        all.push(Failure {
                            group: String::new(),
                            message: format!("{}: {file} was not read", case_label(dir)),
                        });
                    }
                }
                Some(_) => {}
            }
        }
        all
    }

    /// The summary: a `<group>: P passed, F failed` line per group, the
    /// first [`SHOWN_FAILURES`] failed cases of each group, and every other
    /// failure (case directories not run, files not read, ...).
    pub fn report(&self) -> String {
        use core::fmt::Write;
        let mut out = String::new();
        for (group, c) in &self.groups {
            let _ = writeln!(out, "{group}: {} passed, {} failed", c.passed, c.failed);
        }
        for (group, c) in &self.groups {
            if c.failed == 0 {
                continue;
            }
            let _ = writeln!(out, "failed cases of {group}:");
            let failed = self.failures.iter().filter(|f| &f.group == group);
            for f in failed.take(SHOWN_FAILURES) {
                let _ = writeln!(out, "  {}", f.message);
            }
            if c.failed > SHOWN_FAILURES {
                let _ = writeln!(out, "  ... and {} more", c.failed - SHOWN_FAILURES);
            }
        }
        let other: Vec<Failure> = self
            .failures()
            .into_iter()
            .filter(|f| f.group.is_empty())
            .collect();
        if !other.is_empty() {
            let _ = writeln!(out, "{} problems with the vector tree:", other.len());
            for f in &other {
                let _ = writeln!(out, "  {}", f.message);
            }
        }
        out
    }

    /// Prints [`Run::report`] and panics if anything failed.
    ///
    /// # Panics
    ///
    /// On any failure (see [`Run::failures`]), or when no case was run.
    pub fn finish(self) {
        show(&self.report());
        let failures = self.failures().len();
        let cases: usize = self.groups.values().map(|c| c.passed + c.failed).sum();
        if failures > 0 {
            panic!("{failures} failures: see the report above");
        }
        if cases == 0 {
            panic!("no test case was run");
        }
    }
}

/// Writes `text` (and a newline, if it lacks one) to the process's standard
/// error itself, past libtest's capture, which takes what `print!` and
/// `eprint!` write but not writes to the handle: so that a plain
/// `cargo test` shows each suite's report, passing or not, without
/// `--nocapture`.
pub fn show(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = err.write_all(b"\n");
    }
}

/// `println!` to [`show`]: a line of a suite's report, shown by a plain
/// `cargo test`.
#[macro_export]
macro_rules! report {
    ($($arg:tt)*) => {
        $crate::harness::show(&::std::format!($($arg)*))
    };
}
