//! The kensho side of the crosscheck protocol (docs/crosscheck-protocol.md): the other engine
//! runs as a child process spoken to in JSON lines. Every answer is awaited with a timeout, so
//! a hung engine ends the run with a message instead of hanging it.

use crate::engine::Engine;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

pub struct EngineProcess {
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
}

/// The engine's answer to the hello.
#[derive(Clone, Debug)]
pub struct Hello {
    pub engine: String,
    pub variant: String,
    pub readings: Vec<(String, String)>,
}

/// The engine's legal moves for one position, and the moves it filtered out with the reason.
#[derive(Clone, Debug)]
pub struct Moves {
    pub moves: Vec<String>,
    pub filtered: Vec<(String, String)>,
}

impl EngineProcess {
    /// Starts `command` through `sh -c`.
    pub fn start(command: &str, timeout: Duration) -> Result<EngineProcess, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start engine '{command}': {e}"))?;
        let stdout = child.stdout.take().ok_or("engine has no standard output")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(EngineProcess { command: command.into(), child, stdin, lines, timeout })
    }

    fn request(&mut self, message: &Value) -> Result<Value, String> {
        let stdin = self.stdin.as_mut().ok_or("engine input already closed")?;
        writeln!(stdin, "{message}")
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("engine '{}' stopped reading: {e}", self.command))?;
        loop {
            let line = match self.lines.recv_timeout(self.timeout) {
                Ok(line) => line,
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
            let value: Value = serde_json::from_str(&line)
                .map_err(|e| format!("engine answered something that is not JSON ({e}): {line}"))?;
            if let Some(err) = value.get("error").and_then(Value::as_str) {
                return Err(format!("engine error: {err}"));
            }
            return Ok(value);
        }
    }

    /// The hello: the game and its pieces; the answer names the engine and the readings it plays.
    pub fn hello(&mut self, engine: &Engine) -> Result<Hello, String> {
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
        let reply = self.request(&json!({
            "hello": "kensho-crosscheck/1",
            "game": engine.game.id,
            "files": engine.game.board.files,
            "ranks": engine.game.board.ranks,
            "pieces": pieces,
        }))?;
        let text = |k: &str| reply.get(k).and_then(Value::as_str).unwrap_or("?").to_string();
        let readings = match reply.get("readings") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Object(map)) => map
                .iter()
                .map(|(k, v)| {
                    v.as_str()
                        .map(|v| (k.clone(), v.to_string()))
                        .ok_or_else(|| format!("hello reply: reading {k} is not a string"))
                })
                .collect::<Result<_, _>>()?,
            Some(other) => return Err(format!("hello reply: 'readings' must be an object, found {other}")),
        };
        Ok(Hello { engine: text("engine"), variant: text("variant"), readings })
    }

    /// The engine's legal moves in `position` (a kensho position string).
    pub fn legal_moves(&mut self, id: u64, position: &str) -> Result<Moves, String> {
        let reply = self.request(&json!({"id": id, "position": position}))?;
        if reply.get("id").and_then(Value::as_u64) != Some(id) {
            return Err(format!("engine answered request {id} with id {}", reply.get("id").unwrap_or(&Value::Null)));
        }
        let strings = |v: &Value| -> Result<Vec<String>, String> {
            v.as_array()
                .ok_or("'moves' must be a list")?
                .iter()
                .map(|m| {
                    m.as_str().map(str::to_string).ok_or_else(|| format!("a move key must be a string, found {m}"))
                })
                .collect()
        };
        let moves = strings(reply.get("moves").ok_or("the reply has no 'moves'")?)?;
        let filtered = match reply.get("filtered") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .map(|f| {
                    let s = |k: &str| f.get(k).and_then(Value::as_str).map(str::to_string);
                    s("move").zip(s("why")).ok_or_else(|| format!("a filtered entry needs 'move' and 'why': {f}"))
                })
                .collect::<Result<_, _>>()?,
            Some(other) => return Err(format!("'filtered' must be a list, found {other}")),
        };
        Ok(Moves { moves, filtered })
    }
}

impl Drop for EngineProcess {
    /// Closes the engine's input (the protocol's end) and waits briefly for it to exit.
    fn drop(&mut self) {
        self.stdin.take();
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
