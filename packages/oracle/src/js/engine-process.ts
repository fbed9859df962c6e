import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { EngineCommand } from './sandbox-command.js';

/** How an engine process ended. */
interface EngineExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last 8 KiB of its stderr. */
  stderr: string;
  /** Whether the runner killed it (and why). */
  killedBecause: string | null;
}

/** A running engine process and its line channel (JSON objects in on stdin, out on descriptor 3). */
export interface EngineProcess {
  readonly pid: number;
  readonly alive: boolean;
  /** Writes one JSON line to its stdin. */
  send(message: unknown): void;
  /** SIGKILL of its whole process group (under bwrap: the sandbox, all of its pid namespace). */
  kill(reason: string): void;
  /** Ends stdin, so that a host finishes its queue and exits. */
  end(): void;
  /** Whether it keeps Node's event loop alive (only while it has work). */
  hold(on: boolean): void;
  readonly exited: Promise<EngineExit>;
}

/** How long an exited process's channel may take to deliver what is still in it, in ms. */
const CHANNEL_DRAIN_MS = 1000;
/** Longest line accepted from an engine process (a job's reports for 1,000 tests fit easily). */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

/**
 * Spawns an engine process in its own process group, with stdout ignored, stderr kept (last 8 KiB) and
 * descriptor 3 as the report channel. `onMessage` gets each JSON object it writes; a line that is not a
 * JSON object, or longer than 64 MiB, kills it (`onMessage` is then not called again).
 *
 * @throws {Error} when the command cannot be spawned at all
 * @example
 * const proc = startEngineProcess(engineCommand(config), (message) => console.log(message));
 * proc.send({ id: 1, code: '…', tests: […] });
 */
export function startEngineProcess(
  command: EngineCommand,
  onMessage: (message: Record<string, unknown>) => void,
): EngineProcess {
  const child: ChildProcess = spawn(command.command, command.args, {
    stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
    env: command.env,
    cwd: command.cwd,
    detached: true,
  });
  const stdin = child.stdin as Writable;
  const stderrStream = child.stderr as Readable;
  const channel = child.stdio[3] as Readable;
  let alive = true;
  let killedBecause: string | null = null;
  let stderr = '';
  let buffered = '';
  stdin.on('error', () => {});
  stderrStream.setEncoding('utf8');
  stderrStream.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8192);
  });
  channel.setEncoding('utf8');
  channel.on('data', (chunk: string) => {
    if (!alive) return;
    buffered += chunk;
    if (buffered.length > MAX_LINE_CHARS) {
      proc.kill('it wrote a line longer than 64 MiB');
      return;
    }
    let newline = buffered.indexOf('\n');
    while (newline >= 0 && alive) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line !== '') {
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          proc.kill(`it wrote a line that is not JSON: ${line.slice(0, 120)}`);
          return;
        }
        if (typeof message !== 'object' || message === null || Array.isArray(message)) {
          proc.kill('it wrote a line that is not a JSON object');
          return;
        }
        onMessage(message as Record<string, unknown>);
      }
      newline = buffered.indexOf('\n');
    }
  });
  const exited = new Promise<EngineExit>((resolve) => {
    let done = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
      if (done) return;
      done = true;
      alive = false;
      // The group may still hold processes (under rlimit, what a job started): kill them too.
      signalGroup();
      resolve({ code, signal, stderr, killedBecause });
    };
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
      finish(null, null);
    });
    // 'exit' can come before the last lines the process wrote have been read (a job process writes its
    // `done` and exits at once): the exit counts once the channel has ended too, or after a short cap (a
    // leftover holder of the pipe is killed with the group first).
    child.on('exit', (code, signal) => {
      signalGroup();
      let settled = false;
      const settle = (): void => {
        if (settled) return;
        settled = true;
        clearTimeout(cap);
        finish(code, signal);
      };
      const cap = setTimeout(settle, CHANNEL_DRAIN_MS);
      if (channel.readableEnded || channel.destroyed) settle();
      else {
        channel.once('end', settle);
        channel.once('close', settle);
      }
    });
  });
  const signalGroup = (): void => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const proc: EngineProcess = {
    get pid() {
      return child.pid ?? -1;
    },
    get alive() {
      return alive;
    },
    send(message) {
      if (alive) stdin.write(`${JSON.stringify(message)}\n`);
    },
    kill(reason) {
      if (killedBecause === null) killedBecause = reason;
      // Whoever kills it waits for its exit: keep Node alive until then.
      if (alive) proc.hold(true);
      signalGroup();
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    },
    end() {
      stdin.end();
    },
    hold(on) {
      for (const handle of [child, stdin, stderrStream, channel] as { ref?: () => void; unref?: () => void }[]) {
        if (on) handle.ref?.();
        else handle.unref?.();
      }
    },
    exited,
  };
  return proc;
}
