//! The fuzzing loop: seeded cases spread over the cores, each timed and run under
//! `catch_unwind`, failures shrunk and listed with their case number and seed.

use kensho::random::SplitMix64;
use rayon::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A case slower than this fails (`KENSHO_FUZZ_LIMIT_MS` sets another limit, to hunt for slow
/// cases).
pub const CASE_LIMIT: Duration = Duration::from_secs(1);

fn case_limit() -> Duration {
    std::env::var("KENSHO_FUZZ_LIMIT_MS").ok().and_then(|v| v.parse().ok()).map_or(CASE_LIMIT, Duration::from_millis)
}
/// Failures kept for the listing (the first ones found).
const KEPT: usize = 5;

/// One reader of outside input: how a case's input is made from its own generator, and what
/// is done with it (the reader and whatever uses what it read).
pub struct Reader {
    pub generate: fn(&mut SplitMix64) -> String,
    pub run: fn(&str),
}

/// `KENSHO_FUZZ_CASES`, or `default`.
pub fn cases_from_env(default: u64) -> u64 {
    std::env::var("KENSHO_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// `KENSHO_FUZZ_SEED`, or one taken from the clock (printed, so that the run can be repeated).
fn seed_from_env() -> u64 {
    std::env::var("KENSHO_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    })
}

pub struct Run {
    name: &'static str,
    cases: u64,
    seed: u64,
}

#[derive(Debug)]
struct Failure {
    case: u64,
    what: String,
    input: String,
}

/// How one input fared: None when it passed.
fn outcome(reader: &Reader, input: &str) -> Option<String> {
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| (reader.run)(input)));
    let took = start.elapsed();
    match result {
        Err(panic) => {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Some(format!("panicked: {message}"))
        }
        Ok(()) if took > case_limit() => Some(format!("took {:.2} s", took.as_secs_f64())),
        Ok(()) => None,
    }
}

/// A smaller input that still fails the same way (panic or slowness), by removing ever smaller
/// slices while the failure stays.
fn shrink(reader: &Reader, input: &str, what: &str) -> String {
    let same_kind = |o: &Option<String>| o.as_deref().is_some_and(|w| w.split(':').next() == what.split(':').next());
    let mut chars: Vec<char> = input.chars().collect();
    // Slow cases cost up to seconds a try: fewer tries.
    let mut tries = if what.starts_with("took") { 20 } else { 400 };
    let mut chunk = chars.len() / 2;
    while chunk > 0 && tries > 0 {
        let mut at = 0;
        while at + chunk <= chars.len() && tries > 0 {
            tries -= 1;
            let candidate: String = chars[..at].iter().chain(&chars[at + chunk..]).collect();
            if same_kind(&outcome(reader, &candidate)) {
                chars = candidate.chars().collect();
            } else {
                at += chunk;
            }
        }
        chunk /= 2;
    }
    chars.into_iter().collect()
}

impl Run {
    pub fn new(name: &'static str, cases: u64) -> Run {
        Run { name, cases, seed: seed_from_env() }
    }

    /// Runs every case; fails listing the first failures, each shrunk.
    pub fn check(self, reader: fn() -> Reader) {
        let reader = reader();
        eprintln!("fuzz {}: {} cases, seed {} (KENSHO_FUZZ_SEED={2} repeats it)", self.name, self.cases, self.seed);
        let started = Instant::now();
        let failures: Mutex<Vec<Failure>> = Mutex::new(Vec::new());
        let slowest = AtomicU64::new(0);
        let done = AtomicU64::new(0);
        let tenth = (self.cases / 10).max(1);
        let trace = std::env::var_os("KENSHO_FUZZ_TRACE").is_some();
        (0..self.cases).into_par_iter().for_each(|case| {
            let mut rng = SplitMix64::new(self.seed.wrapping_add(case));
            let input = (reader.generate)(&mut rng);
            if trace {
                // An abort (a stack overflow) cannot be caught: the last cases named before
                // it are the suspects (KENSHO_FUZZ_SEED=seed+case KENSHO_FUZZ_CASES=1 reruns one).
                eprintln!("case {case}");
                if self.cases <= 10 {
                    // A few cases traced: their whole inputs too, to reproduce an abort.
                    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-cases");
                    std::fs::create_dir_all(&dir).ok();
                    std::fs::write(dir.join(format!("{}-{}.txt", self.seed, case)), &input).ok();
                }
            }
            let start = Instant::now();
            let failed = outcome(&reader, &input);
            slowest.fetch_max(start.elapsed().as_micros() as u64, Ordering::Relaxed);
            if let Some(what) = failed {
                let mut kept = failures.lock().expect("failure list");
                if kept.len() < KEPT {
                    kept.push(Failure { case, what, input });
                }
            }
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(tenth) && self.cases >= 100_000 {
                eprintln!("fuzz {}: {n} of {} cases, {:.0} s", self.name, self.cases, started.elapsed().as_secs_f64());
            }
        });
        let failures = failures.into_inner().expect("failure list");
        eprintln!(
            "fuzz {}: {} cases in {:.1} s, slowest case {:.1} ms, {} failed",
            self.name,
            self.cases,
            started.elapsed().as_secs_f64(),
            slowest.load(Ordering::Relaxed) as f64 / 1000.0,
            failures.len()
        );
        if failures.is_empty() {
            return;
        }
        // The whole inputs go to files (the listing clips them), for a regression test.
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures");
        std::fs::create_dir_all(&dir).ok();
        let listing: Vec<String> = failures
            .iter()
            .map(|f| {
                let small = shrink(&reader, &f.input, &f.what);
                let file = dir.join(format!("{}-{}-{}.txt", self.name.replace("::", "-"), self.seed, f.case));
                std::fs::write(&file, &small).ok();
                format!(
                    "case {} (seed {}): {}\n  input:  {:?}\n  shrunk: {:?}\n  whole shrunk input: {}",
                    f.case,
                    self.seed,
                    f.what,
                    clip(&f.input),
                    clip(&small),
                    file.display()
                )
            })
            .collect();
        panic!("fuzz {}: failures\n{}", self.name, listing.join("\n"));
    }
}

/// At most a few hundred characters of an input, for the listing.
fn clip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 400 {
        text.to_string()
    } else {
        format!("{}…({} chars)", chars[..400].iter().collect::<String>(), chars.len())
    }
}
