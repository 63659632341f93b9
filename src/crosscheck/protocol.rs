//! The kensho side of the crosscheck protocol (docs/crosscheck-protocol.md): the other engine
//! runs as a child process spoken to in JSON lines. Every answer is awaited with a timeout, so
//! a hung engine ends the run with a message instead of hanging it.
//!
//! The engine is not trusted (issue 26):
//! - It runs in a process group of its own, owned by a guard ([`ChildGroup`]) that kills the
//!   whole group however kensho leaves the run: an error, a timeout, a panic (the guard's
//!   Drop), and on Unix also SIGINT, SIGTERM, SIGHUP and SIGQUIT (a handler kills the registered
//!   groups, then lets the signal end kensho as before). Without that, an engine that outlived
//!   kensho kept its standard error open, so `kensho crosscheck ... 2>&1 | tail` waited for it.
//! - Its lines are read with a limit ([`MAX_LINE`] bytes), its lists are counted as they are
//!   parsed ([`MAX_LIST`], [`MAX_READINGS`]), so a huge reply costs at most a few times the
//!   limit in memory and ends the run with a precise error.
//! - Whatever of its text kensho prints (its name, its error texts, excerpts of bad replies) goes
//!   through [`printable`]: control characters escaped, length capped.

use crate::engine::Engine;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::marker::PhantomData;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, sync_channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// The longest line kensho reads from an engine: 4 MiB. A legal-moves reply of the largest
/// games is a few hundred kilobytes (thousands of keys of about ten bytes), so this leaves ten
/// times that and bounds what a runaway engine can make kensho hold.
pub(crate) const MAX_LINE: usize = 4 << 20;
/// The most entries kensho takes in one reply's `moves` or `filtered` list. No position of the
/// bundled games has more than a few thousand legal moves.
pub(crate) const MAX_LIST: usize = 100_000;
/// The most readings a hello reply may name (the bundled specs have about 200 in all).
pub(crate) const MAX_READINGS: usize = 1_000;
/// How much of a name (engine, variant, reading, filter reason) kensho prints.
pub(crate) const NAME_CHARS: usize = 200;
/// How much of an error text or a bad reply kensho prints.
pub(crate) const TEXT_CHARS: usize = 500;

pub(crate) struct EngineProcess {
    command: String,
    /// Requests for the writer thread, which owns the engine's input: an engine that stops
    /// reading blocks that thread once the pipe is full, never the run, whose wait for the
    /// answer then times out. Dropping the sender closes the engine's input.
    requests: Option<Sender<String>>,
    /// The engine's output, line by line; an `Err` (a line too long, not UTF-8) is the reader's
    /// last word.
    lines: Receiver<Result<String, String>>,
    timeout: Duration,
    /// Held for its Drop, which kills the engine's group. Declared last: dropped after `drop`
    /// below has closed the input and given the engine its second to finish.
    _group: ChildGroup,
}

/// The engine's answer to the hello. `engine` and `variant` are [`printable`] (they are
/// printed); `readings` likewise, so that a bad one is safe in any message it ends up in.
#[derive(Clone, Debug)]
pub(crate) struct Hello {
    pub(crate) engine: String,
    pub(crate) variant: String,
    pub(crate) readings: Vec<(String, String)>,
}

/// The engine's legal moves for one position, and the moves it filtered out with the reason.
/// The moves are as the engine wrote them (they are compared with kensho's keys, so escape
/// them before printing); the reasons are [`printable`].
#[derive(Clone, Debug)]
pub(crate) struct Moves {
    pub(crate) moves: Vec<String>,
    pub(crate) filtered: Vec<(String, String)>,
}

/// `text` made safe to print: control characters (ESC, NUL, CR, ...) and the bidirectional
/// controls that reorder what a terminal shows are written as Rust escapes (`\u{1b}`, `\n`),
/// and only the first `max_chars` characters are kept, the rest counted.
pub(crate) fn printable(text: &str, max_chars: usize) -> String {
    let mut out = String::new();
    for (n, (at, c)) in text.char_indices().enumerate() {
        if n == max_chars {
            out.push_str(&format!("... ({} more bytes)", text.len() - at));
            break;
        }
        let bidi = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || bidi {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

impl EngineProcess {
    /// Starts `command` through `sh -c`, in a process group of its own.
    pub(crate) fn start(command: &str, timeout: Duration) -> Result<EngineProcess, String> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        let mut group = ChildGroup::spawn(&mut cmd).map_err(|e| format!("cannot start engine '{command}': {e}"))?;
        let stdout = group.child.stdout.take().ok_or("engine has no standard output")?;
        // Room for one line waiting: an engine that writes more than it is asked is held back by
        // the pipe instead of piling lines up in kensho's memory.
        let (tx, lines) = sync_channel(1);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let line = read_line(&mut reader);
                let last = !matches!(line, Ok(Some(_)));
                if let Some(line) = line.transpose() {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
                if last {
                    break;
                }
            }
        });
        let mut stdin = group.child.stdin.take().ok_or("engine has no standard input")?;
        let (requests, to_write) = channel::<String>();
        std::thread::spawn(move || {
            for message in to_write {
                if writeln!(stdin, "{message}").and_then(|_| stdin.flush()).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess { command: command.into(), requests: Some(requests), lines, timeout, _group: group })
    }

    /// Sends `message`, then returns the first non-blank line the engine answers, as long as
    /// it is a JSON object without an `error`. The timeout is for the whole answer, so an engine
    /// that writes blank lines forever cannot hold the run either.
    fn request(&mut self, message: &Value) -> Result<String, String> {
        let requests = self.requests.as_ref().ok_or("engine input already closed")?;
        // The writer thread ends at the first failed write: the engine closed its input.
        requests.send(message.to_string()).map_err(|_| format!("engine '{}' stopped reading", self.command))?;
        let deadline = Instant::now() + self.timeout;
        loop {
            let line = match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(Ok(line)) => line,
                Ok(Err(e)) => return Err(format!("engine '{}' {e}", self.command)),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "engine '{}' gave no answer within {} s",
                        self.command,
                        self.timeout.as_secs_f64()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => return Err(format!("engine '{}' exited", self.command)),
            };
            if line.trim().is_empty() {
                continue;
            }
            let not_json = |e: &dyn std::fmt::Display| {
                format!("engine answered something that is not JSON ({e}): {}", printable(&line, TEXT_CHARS))
            };
            if !line.trim_start().starts_with('{') {
                return Err(match serde_json::from_str::<IgnoredAny>(&line) {
                    Ok(_) => format!("engine answered JSON that is not an object: {}", printable(&line, TEXT_CHARS)),
                    Err(e) => not_json(&e),
                });
            }
            // The error first: a reply that is an error need not be a well-formed answer.
            #[derive(Deserialize)]
            struct Envelope {
                error: Option<String>,
            }
            match serde_json::from_str::<Envelope>(&line) {
                Ok(Envelope { error: Some(err) }) => {
                    return Err(format!("engine error: {}", printable(&err, TEXT_CHARS)))
                }
                Ok(Envelope { error: None }) => return Ok(line),
                Err(e) if e.is_data() => {
                    return Err(format!(
                        "the engine's 'error' must be a string: {}",
                        printable(&e.to_string(), TEXT_CHARS)
                    ))
                }
                Err(e) => return Err(not_json(&e)),
            }
        }
    }

    /// The hello: the game and its pieces; the answer names the engine and the readings it plays.
    pub(crate) fn hello(&mut self, engine: &Engine) -> Result<Hello, String> {
        let pieces: Vec<Value> = engine
            .pieces
            .iter()
            .map(|p| {
                let source = engine.game.pieces.iter().find(|s| s.id == p.id);
                json!({
                    "id": p.id,
                    "name": p.name,
                    "betza": source.map(|s| s.betza.clone()),
                    "promotes_to": p.promotes_to.map(|t| engine.piece(t).id.clone()),
                })
            })
            .collect();
        let line = self.request(&json!({
            "hello": "kensho-crosscheck/1",
            "game": engine.game.id,
            "files": engine.game.board.files,
            "ranks": engine.game.board.ranks,
            "pieces": pieces,
        }))?;
        #[derive(Deserialize)]
        struct Reply {
            engine: Option<String>,
            variant: Option<String>,
            #[serde(default, deserialize_with = "readings")]
            readings: Vec<(String, String)>,
        }
        let reply: Reply = parse(&line, "hello reply")?;
        let name = |t: Option<String>| printable(t.as_deref().unwrap_or("?"), NAME_CHARS);
        Ok(Hello {
            engine: name(reply.engine),
            variant: name(reply.variant),
            readings: reply
                .readings
                .iter()
                .map(|(k, v)| (printable(k, NAME_CHARS), printable(v, NAME_CHARS)))
                .collect(),
        })
    }

    /// The engine's legal moves in `position` (a kensho position string).
    pub(crate) fn legal_moves(&mut self, id: u64, position: &str) -> Result<Moves, String> {
        let line = self.request(&json!({"id": id, "position": position}))?;
        #[derive(Deserialize)]
        struct Filtered {
            #[serde(rename = "move")]
            mv: String,
            why: String,
        }
        #[derive(Deserialize)]
        struct Reply {
            id: u64,
            #[serde(deserialize_with = "move_keys")]
            moves: Vec<String>,
            #[serde(default, deserialize_with = "filtered")]
            filtered: Vec<Filtered>,
        }
        fn move_keys<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
            d.deserialize_any(Bounded { what: "move keys", max: MAX_LIST, null: false, item: PhantomData })
        }
        fn filtered<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Filtered>, D::Error> {
            d.deserialize_any(Bounded { what: "filtered moves", max: MAX_LIST, null: true, item: PhantomData })
        }
        let reply: Reply = parse(&line, &format!("moves reply to request {id}"))?;
        if reply.id != id {
            return Err(format!("engine answered request {id} with id {}", reply.id));
        }
        let filtered = reply.filtered.into_iter().map(|f| (f.mv, printable(&f.why, NAME_CHARS))).collect();
        Ok(Moves { moves: reply.moves, filtered })
    }
}

/// `line` (a JSON object, [`EngineProcess::request`]) read as `T`; a mismatch names `what`.
fn parse<'a, T: Deserialize<'a>>(line: &'a str, what: &str) -> Result<T, String> {
    serde_json::from_str(line).map_err(|e| format!("{what}: {}", printable(&e.to_string(), TEXT_CHARS)))
}

/// Reads one line of at most [`MAX_LINE`] bytes (without its line break); `Ok(None)` at the
/// end of the output. Never holds more than the limit: a longer line is an error as soon as
/// the limit is passed, whatever follows.
fn read_line(reader: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut buf = Vec::new();
    let n = reader
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut buf)
        .map_err(|e| format!("could not be read: {e}"))?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
    } else if buf.len() > MAX_LINE {
        let start = String::from_utf8_lossy(&buf[..200]);
        return Err(format!(
            "answered a line longer than {MAX_LINE} bytes (4 MiB, kensho's limit for one line of the protocol), starting: {}",
            printable(&start, 200)
        ));
    }
    String::from_utf8(buf).map(Some).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(&e.as_bytes()[at.saturating_sub(40)..at]).into_owned();
        format!("answered a line that is not UTF-8 (byte {at}, after {:?})", printable(&before, 40))
    })
}

/// A JSON list read with a limit on its length: the limit is checked as the list is read, so
/// a reply of millions of entries fails after `max` of them. `null` may stand for `[]` when
/// `null` is set.
struct Bounded<T> {
    what: &'static str,
    max: usize,
    null: bool,
    item: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for Bounded<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "a list of {}", self.what)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Vec<T>, E> {
        if self.null {
            Ok(Vec::new())
        } else {
            Err(E::invalid_type(Unexpected::Unit, &self))
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::new();
        while let Some(item) = seq.next_element()? {
            if out.len() == self.max {
                return Err(de::Error::custom(format!("more than {} {} (the limit)", self.max, self.what)));
            }
            out.push(item);
        }
        Ok(out)
    }
}

/// The hello reply's `readings`: an object of strings (or `null`), at most [`MAX_READINGS`],
/// each named once.
fn readings<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
    struct Readings;
    impl<'de> Visitor<'de> for Readings {
        type Value = Vec<(String, String)>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("'readings' as an object {\"reading\": \"option\"}")
        }

        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out: Vec<(String, String)> = Vec::new();
            while let Some((k, v)) = map.next_entry::<String, String>()? {
                if out.len() == MAX_READINGS {
                    return Err(de::Error::custom(format!("more than {MAX_READINGS} readings (the limit)")));
                }
                if out.iter().any(|(seen, _)| *seen == k) {
                    return Err(de::Error::custom(format!("reading {} named twice", printable(&k, NAME_CHARS))));
                }
                out.push((k, v));
            }
            Ok(out)
        }
    }
    d.deserialize_any(Readings)
}

impl Drop for EngineProcess {
    /// Closes the engine's input (the protocol's end) and gives it a second to finish: its
    /// output closes once it and everything it started have exited. Then `_group`'s Drop kills
    /// whatever is left.
    fn drop(&mut self) {
        self.requests.take();
        let deadline = Instant::now() + Duration::from_secs(1);
        while self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())).is_ok() {}
    }
}

/// The engine's process and its process group (the engine and everything it starts), owned:
/// dropping it kills the whole group and reaps the engine. On Unix the group is also
/// registered for the signal handler ([`signals`]), so that a Ctrl-C, which no longer reaches
/// a child outside the terminal's process group, still ends it.
struct ChildGroup {
    child: Child,
    /// The handler's slot holding this group, if one was free.
    slot: Option<usize>,
}

impl ChildGroup {
    fn spawn(cmd: &mut Command) -> std::io::Result<ChildGroup> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(cmd, 0);
        // A signal handled between the spawn and the registration would end kensho and leave
        // the new engine running (seen under load: the engine had started and written its pid
        // while kensho was still installing the handler). While a spawn is under way the
        // handler only notes a signal, and the spawn ends kensho by it once the group is
        // registered (`signals::spawning`).
        let (spawned, slot) = {
            let _spawning = signals::spawning();
            let spawned = cmd.spawn();
            let slot = spawned.as_ref().ok().and_then(|child| signals::register(child.id()));
            (spawned, slot)
        };
        Ok(ChildGroup { child: spawned?, slot })
    }
}

impl Drop for ChildGroup {
    fn drop(&mut self) {
        // The engine has not been reaped yet (nothing waits for it before this), so its process
        // id, which is the group's id, cannot have been reused: the kill reaches only its group.
        #[cfg(unix)]
        if let Ok(pgid) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill has no memory preconditions; a negative pid names a process group.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
        #[cfg(not(unix))]
        let _ = self.child.kill();
        signals::unregister(self.slot);
        let _ = self.child.wait();
    }
}

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT while an engine runs: kill every registered engine
/// group, then end kensho by the same signal, as it would have ended without the handler. (In
/// its own group the engine no longer gets the terminal's Ctrl-C or Ctrl-\\; Ctrl-Z stops
/// kensho but not the engine.) Installed when the first engine starts, and only for signals
/// whose action is still the default (an ignored SIGHUP under nohup stays ignored).
#[cfg(unix)]
mod signals {
    use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
    use std::sync::Once;

    /// Registered process group ids, 0 for a free slot: atomics, because the handler may read
    /// nothing else (no lock, no allocation).
    static GROUPS: [AtomicI32; 16] = [const { AtomicI32::new(0) }; 16];
    static INSTALL: Once = Once::new();
    /// Spawns under way, and the signal that came during one (0: none). Any thread may take a
    /// signal (rayon's workers exist under `--threads`), so blocking it in the spawning thread
    /// would not do: the handler only notes a signal while a spawn is under way, and the end
    /// of the spawn acts on it.
    static SPAWNING: AtomicUsize = AtomicUsize::new(0);
    static PENDING: AtomicI32 = AtomicI32::new(0);

    const SIGNALS: [libc::c_int; 4] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];

    /// A spawn under way, from `spawning` until dropped: a signal meanwhile is only noted;
    /// the drop (after the new group is registered, or the spawn failed) ends kensho by it.
    pub(crate) struct Spawning(());

    /// Installs the handler (once) and starts a spawn.
    pub(crate) fn spawning() -> Spawning {
        INSTALL.call_once(install);
        SPAWNING.fetch_add(1, Ordering::SeqCst);
        Spawning(())
    }

    impl Drop for Spawning {
        fn drop(&mut self) {
            // Only the last spawn to end acts: another one under way may have started its
            // engine and not yet registered it.
            if SPAWNING.fetch_sub(1, Ordering::SeqCst) != 1 {
                return;
            }
            // The handler notes the signal before it looks whether a spawn is under way, and
            // this looks for a note after the last spawn is over: one of the two ends kensho.
            let sig = PENDING.swap(0, Ordering::SeqCst);
            if sig != 0 {
                end_by(sig);
            }
        }
    }

    pub(crate) fn register(pgid: u32) -> Option<usize> {
        INSTALL.call_once(install);
        let pgid = i32::try_from(pgid).ok().filter(|p| *p > 0)?;
        GROUPS.iter().position(|g| g.compare_exchange(0, pgid, Ordering::SeqCst, Ordering::SeqCst).is_ok())
    }

    pub(crate) fn unregister(slot: Option<usize>) {
        if let Some(i) = slot {
            GROUPS[i].store(0, Ordering::SeqCst);
        }
    }

    fn install() {
        for sig in SIGNALS {
            // SAFETY: sigaction with valid pointers; the handler only calls async-signal-safe
            // functions (kill, sigemptyset, sigaction, raise) and uses atomics.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(sig, std::ptr::null(), &mut old) != 0 || old.sa_sigaction != libc::SIG_DFL {
                    continue;
                }
                let mut new: libc::sigaction = std::mem::zeroed();
                new.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                new.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut new.sa_mask);
                libc::sigaction(sig, &new, std::ptr::null_mut());
            }
        }
    }

    extern "C" fn on_signal(sig: libc::c_int) {
        PENDING.store(sig, Ordering::SeqCst);
        if SPAWNING.load(Ordering::SeqCst) == 0 {
            end_by(sig);
        }
    }

    /// Kills every registered engine group, then ends kensho by `sig` as it would have ended
    /// without the handler.
    fn end_by(sig: libc::c_int) {
        for g in &GROUPS {
            let pgid = g.load(Ordering::SeqCst);
            if pgid > 0 {
                // SAFETY: async-signal-safe.
                unsafe {
                    libc::kill(-pgid, libc::SIGKILL);
                }
            }
        }
        // SAFETY: async-signal-safe. The default action back, then the signal again: in the
        // handler it is blocked until the handler returns, then it ends the process; after a
        // spawn it ends the process at once.
        unsafe {
            let mut default: libc::sigaction = std::mem::zeroed();
            default.sa_sigaction = libc::SIG_DFL;
            libc::sigemptyset(&mut default.sa_mask);
            libc::sigaction(sig, &default, std::ptr::null_mut());
            libc::raise(sig);
        }
    }
}

#[cfg(not(unix))]
mod signals {
    pub(crate) struct Spawning;
    pub(crate) fn spawning() -> Spawning {
        Spawning
    }
    pub(crate) fn register(_pgid: u32) -> Option<usize> {
        None
    }
    pub(crate) fn unregister(_slot: Option<usize>) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn printable_escapes_control_characters_and_caps_the_length() {
        assert_eq!(printable("Fairy-Stockfish 14", 100), "Fairy-Stockfish 14");
        assert_eq!(printable("a\u{1b}[31mb\0c\nd\u{202e}e", 100), "a\\u{1b}[31mb\\u{0}c\\nd\\u{202e}e");
        assert_eq!(printable(&"x".repeat(1000), 10), format!("{}... (990 more bytes)", "x".repeat(10)));
        assert_eq!(printable("日本語", 2), "日本... (3 more bytes)");
    }

    #[test]
    fn lines_are_read_up_to_the_limit_and_no_further() {
        let exact = format!("{}\n{}", "a".repeat(MAX_LINE), "b".repeat(MAX_LINE + 1));
        let mut r = BufReader::new(exact.as_bytes());
        assert_eq!(read_line(&mut r).unwrap().map(|l| l.len()), Some(MAX_LINE));
        let err = read_line(&mut r).unwrap_err();
        assert!(err.contains("longer than 4194304 bytes") && err.contains("starting: bbbb"), "{}", &err[..100]);
        assert!(err.len() < 400, "the error quotes only the start: {} bytes", err.len());
        let mut r = BufReader::new(&b"ok\xff\n"[..]);
        assert!(read_line(&mut r).unwrap_err().contains("not UTF-8 (byte 2"));
        assert_eq!(read_line(&mut BufReader::new(&b""[..])).unwrap(), None);
    }

    /// An engine that never reads its input: a request larger than the pipe holds used to block
    /// kensho in the write, before the answer's timeout could start. Now the request times out
    /// like any unanswered one.
    #[test]
    fn a_request_to_an_engine_that_never_reads_times_out() {
        let (done, result) = channel();
        std::thread::spawn(move || {
            let mut engine = EngineProcess::start("sleep 30", Duration::from_millis(500)).unwrap();
            let big = json!({ "request": "x".repeat(4 << 20) });
            let _ = done.send(engine.request(&big));
        });
        let answer = result.recv_timeout(Duration::from_secs(20)).expect("the request returned");
        let err = answer.expect_err("no answer");
        assert!(err.contains("gave no answer within 0.5 s"), "{err}");
    }

    /// Whether process `pid` still runs (a zombie, killed and waiting to be reaped, does not).
    fn alive(pid: u32) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            // The state follows the command name, which is in parentheses.
            Ok(stat) => !matches!(stat.rsplit(')').next().and_then(|s| s.trim_start().chars().next()), Some('Z' | 'X')),
            Err(_) => false,
        }
    }

    fn read_pid(path: &Path) -> u32 {
        for _ in 0..500 {
            if let Some(pid) = std::fs::read_to_string(path).ok().and_then(|t| t.trim().parse().ok()) {
                return pid;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the engine never wrote {}", path.display())
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_panic_while_the_engine_runs_kills_it_and_what_it_started() {
        let dir = std::env::temp_dir().join(format!("kensho-protocol-panic-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // An engine that never answers and has started a helper (as an adapter starts the real
        // engine); neither reads its input, so closing it does not end them.
        let d = dir.display();
        let command = format!("echo $$ > {d}/engine.pid; sleep 1000 & echo $! > {d}/helper.pid; wait");
        let engine = EngineProcess::start(&command, Duration::from_secs(1)).unwrap();
        let (shell, helper) = (read_pid(&dir.join("engine.pid")), read_pid(&dir.join("helper.pid")));
        assert!(alive(shell) && alive(helper));
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
            let _owned = engine;
            panic!("a bug while the engine runs");
        }));
        assert!(unwound.is_err());
        for _ in 0..200 {
            if !alive(shell) && !alive(helper) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let (shell_alive, helper_alive) = (alive(shell), alive(helper));
        for pid in [shell, helper].into_iter().filter(|p| alive(*p)) {
            // SAFETY: kill has no memory preconditions; these are the test's own processes.
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGKILL);
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!shell_alive && !helper_alive, "engine alive: {shell_alive}, its helper alive: {helper_alive}");
    }

    /// What the child of `a_signal_during_a_spawn_ends_kensho_once_the_engine_group_can_be_killed`
    /// does: a SIGTERM while a spawn is under way, then the engine's spawn and registration,
    /// then the spawn's end. It prints "noted" if the signal did not end it at once, then the
    /// engine's pid; it must never print "survived".
    #[cfg(target_os = "linux")]
    // This process ends by the signal with the engine still its child: the spawn's end kills
    // the engine's group, and init reaps it.
    #[allow(clippy::zombie_processes)]
    fn signal_during_spawn_child() {
        use std::io::Write;
        // The handler is installed only over the default action: the default, whatever this
        // process inherited.
        // SAFETY: signal with a valid signal number and the default action.
        unsafe {
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
        }
        let spawn = signals::spawning();
        // SAFETY: raise has no memory preconditions; the handler runs in this thread now.
        unsafe {
            libc::raise(libc::SIGTERM);
        }
        println!("noted");
        // Its streams go nowhere: holding the test's pipes open, a surviving engine would make
        // the test wait for it instead of failing.
        let mut cmd = Command::new("sleep");
        cmd.arg("1000").stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let engine = cmd.spawn().expect("sleep starts");
        signals::register(engine.id());
        println!("engine {}", engine.id());
        std::io::stdout().flush().unwrap();
        drop(spawn);
        println!("survived");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_signal_during_a_spawn_ends_kensho_once_the_engine_group_can_be_killed() {
        use std::os::unix::process::ExitStatusExt;
        if std::env::var_os("KENSHO_SIGNAL_CHILD").is_some() {
            signal_during_spawn_child();
            return;
        }
        // The scenario runs in a child process (this test binary, this test alone), since it
        // ends the process by the signal.
        let this =
            "crosscheck::protocol::tests::a_signal_during_a_spawn_ends_kensho_once_the_engine_group_can_be_killed";
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", this, "--nocapture", "--test-threads", "1"])
            .env("KENSHO_SIGNAL_CHILD", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.signal(), Some(libc::SIGTERM), "ended by the signal: {:?}\n{stdout}", out.status);
        assert!(stdout.contains("noted") && !stdout.contains("survived"), "{stdout}");
        let engine: u32 = stdout
            .lines()
            .find_map(|l| l.strip_prefix("engine "))
            .and_then(|p| p.trim().parse().ok())
            .expect("the engine's pid");
        for _ in 0..200 {
            if !alive(engine) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let engine_alive = alive(engine);
        if engine_alive {
            // SAFETY: kill has no memory preconditions; this is the test's own process.
            unsafe {
                libc::kill(engine as libc::pid_t, libc::SIGKILL);
            }
        }
        assert!(!engine_alive, "the engine registered after the signal outlived kensho");
    }
}
