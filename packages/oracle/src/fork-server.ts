import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { isJudged, isOutcome, type Judged } from '@execret/formats';
import { bwrapArgs } from './bwrap-args.js';
import type { OracleJudging } from './judging.js';
import { killUidProcesses } from './kill-uid.js';
import { PYTHON_DIR, SERVER_DIR_FD, SERVER_SCRIPT } from './python-files.js';
import type { SandboxMount } from './sandbox-view.js';
import { type CgroupSetup, createServerCgroup, type ServerCgroup } from './server-cgroup.js';

/**
 * One long-lived Python fork server and the line protocol to it. Internal to the package: the pool in
 * `oracle.ts` owns these, replaces dead ones and decides what each reply means for the caller.
 *
 * @internal
 */

/** Sandbox backend of a server. */
export type ServerIsolation = 'bwrap' | 'rlimit';

/** Fixed search path for a bare `bwrap` command (libraries never read `process.env`). */
const BWRAP_SEARCH_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Everything a server needs; all sizes already in bytes. @internal */
export interface ServerConfig {
  /** Absolute path of the real interpreter. */
  python: string;
  isolation: ServerIsolation;
  /** bubblewrap command or path (used when `isolation` is `bwrap`). */
  bwrap: string;
  /** uid and gid the child drops to when the server runs as root; `null` to never drop. */
  uid: number | null;
  gid: number | null;
  /** Whether the Node process runs as root (decides the bwrap flags). */
  root: boolean;
  /** Under bwrap, the only host files the sandbox shows (see `sandbox-view.ts`); unused under rlimit. */
  view: readonly SandboxMount[];
  memoryBytes: number;
  maxProcesses: number;
  maxFileBytes: number;
  maxOpenFiles: number;
  maxMessageBytes: number;
  tmpfsBytes: number;
  preloadModules: readonly string[];
  /** How long the server may take to say hello. */
  startTimeoutMs: number;
  /** Where the server's own control groups are made (memory and processes of all its jobs together), if anywhere. */
  cgroup?: CgroupSetup;
  /** Extra time over a job's `timeoutMs` before an unresponsive server is killed. */
  watchdogGraceMs: number;
  /**
   * How long the cleaner may take after a job before the server gives up on it and retires (default
   * {@link DEFAULT_CLEANER_TIMEOUT_MS}); a tests' seam.
   */
  cleanerTimeoutMs?: number;
}

/** How long a server's cleaner may take after a job (see `python/execret_fork_server/cleaner.py`). @internal */
const DEFAULT_CLEANER_TIMEOUT_MS = 30_000;

/** First line a server writes. @internal */
interface ServerHello {
  python: string;
  executable: string;
  /** The judge (the spawned interpreter) and its zygote, which forks the job children. */
  pid: number;
  zygote_pid: number;
  euid: number;
  drop_uid: boolean;
  subreaper: boolean;
  pidfd: boolean;
  nproc: number;
  path_fds: number;
  litter_dirs: string[];
  /** Directories every job child covers with a private tmpfs of its own (rlimit as root). */
  scratch_dirs: string[];
  preload_failed: string[];
  vm_bytes: number;
}

/** One job as the server sees it. @internal */
export interface ServerJob {
  code: string;
  tests: readonly string[];
  timeoutMs: number;
  /** `split`/`split-strict`: comparison asserts are judged by the server from reported values; `child`: all in the child. */
  judging: OracleJudging;
  /** Line events the job may execute (0: no limit and no count; see `OracleJob.workLimit`). */
  workLimit: number;
}

/**
 * What became of a submitted job:
 * - `result`: the server answered;
 * - `lost`: the server died, or stopped answering, after it acknowledged reading this job (the job is
 *   blamed);
 * - `requeue`: the server died before acknowledging this job (submit it elsewhere).
 * @internal
 */
/**
 * Where a job's time went, as the server measured it (milliseconds): the zygote's fork of the job's
 * child (ahead of the job, off its critical path), the judge waiting for a spare child to be forked (on the
 * job's path, usually nothing), the wall time from the judge sending the job to the child's end or exit (its
 * last setup steps and the tests), the judge's CPU time (reading, planning, compiling, checking, deciding,
 * answering), and
 * the judge waiting for the zygote to clean up after the child. Every figure is measured by the judge or the
 * zygote, none reported by the child.
 * @internal
 */
interface ServerPhases {
  forkMs: number;
  childSetupMs: number;
  jobMs: number;
  judgingMs: number;
  cleanupMs: number;
}

type ServerReply =
  | {
      kind: 'result';
      tests: string[];
      judged: Judged[];
      durationMs: number;
      killedDescendants: number;
      removedFiles: number;
      phases: ServerPhases;
      /** CPU milliseconds of every process of the job, measured by the zygote (wait4). */
      cpuMs: number;
      /** The machinery failed (the child never said its setup was done): outcomes written by the server. */
      infrastructure?: true;
      /** Line events the job counted itself, when it had a work limit (a claim). */
      work?: number;
      /** The job spent its work limit (its unfinished tests are `TIMEOUT`). */
      workLimited?: true;
    }
  | { kind: 'lost'; reason: string }
  | { kind: 'requeue' };

/** A running fork server. @internal */
export interface ForkServer {
  readonly hello: ServerHello;
  /** Pid of the spawned process (bwrap, or the interpreter itself). */
  readonly pid: number;
  /** Jobs submitted and not yet answered. */
  readonly inFlight: number;
  /** False once the process has exited or been killed, or has said it retires after its last answer. */
  readonly alive: boolean;
  submit(job: ServerJob): Promise<ServerReply>;
  /** Ends stdin (the server finishes its queue and exits); kills it after `graceMs`. */
  close(graceMs: number): Promise<void>;
  /** SIGKILL now. Pending jobs resolve as `lost` (the running one) and `requeue` (the rest). */
  kill(): void;
}

interface Pending {
  id: number;
  /** The server acknowledged it has read the job (from then on, its death is blamed on the job). */
  started: boolean;
  job: ServerJob;
  resolve: (reply: ServerReply) => void;
}

/** Marker in the server's argv, to find its processes (tests, operators). */
export const SERVER_ROLE = 'execret-oracle-fork-server';

/**
 * The command and argv of a server for `config`: the interpreter in isolated mode (`-I`) running the
 * entry script `python/fork_server.py` through the descriptor {@link SERVER_DIR_FD} (see
 * `python-files.ts`), with the settings as its one argument; under bwrap inside the sandbox.
 * @internal
 */
export function serverCommand(
  config: ServerConfig,
  parentPid: number,
  cgroupFds: readonly number[] = [],
): { command: string; args: string[] } {
  const settings = JSON.stringify({
    role: SERVER_ROLE,
    isolation: config.isolation,
    uid: config.uid,
    gid: config.gid,
    parent_pid: parentPid,
    nproc: config.maxProcesses,
    memory_bytes: config.memoryBytes,
    fsize_bytes: config.maxFileBytes,
    nofile: config.maxOpenFiles,
    max_message_chars: config.maxMessageBytes,
    tmpfs_bytes: config.tmpfsBytes,
    cleaner_timeout_ms: config.cleanerTimeoutMs ?? DEFAULT_CLEANER_TIMEOUT_MS,
    // The judge's time for rebuilding reported values past a job's deadline: half the watchdog's grace, so
    // that a report needing more is refused as Unjudgeable well before the watchdog would kill the server.
    judge_grace_ms: Math.floor(config.watchdogGraceMs / 2),
    // Descriptors of the server's control groups' cgroup.procs: the judge joins them before it forks anything.
    cgroup_fds: cgroupFds,
    preload: config.preloadModules,
  });
  const python = [config.python, '-I', SERVER_SCRIPT, settings];
  if (config.isolation === 'rlimit') return { command: config.python, args: python.slice(1) };
  return { command: config.bwrap, args: [...serverBwrapArgs(config), '--', ...python] };
}

/**
 * Capabilities the fork server keeps under bwrap as root: to drop its children (and its cleaner) to the
 * sandbox uid (SETUID, SETGID) and to kill whatever they leave (KILL). Nothing more: what a job wrote is
 * removed by a cleaner that has taken the job's uid (no DAC_OVERRIDE or FOWNER over names a job chose).
 * The children lose all of them at `setuid`.
 * @internal
 */
export const SERVER_CAPABILITIES = ['CAP_SETUID', 'CAP_SETGID', 'CAP_KILL'] as const;

/**
 * bubblewrap flags of a server (see `bwrap-args.ts`): as root no user namespace, so the server keeps real
 * root to drop its children to the sandbox uid, with only {@link SERVER_CAPABILITIES}; a user namespace
 * otherwise; the root holding only the read-only binds of `view` (the interpreter, the system's libraries:
 * not the host filesystem).
 * @internal
 */
export function serverBwrapArgs(config: Pick<ServerConfig, 'root' | 'tmpfsBytes' | 'view'>): string[] {
  return bwrapArgs({
    identity: config.root ? { kind: 'root', capabilities: SERVER_CAPABILITIES } : { kind: 'user-namespace' },
    mounts: config.view,
    tmpfsBytes: config.tmpfsBytes,
  });
}

/**
 * Spawns a server and waits for its hello line.
 *
 * @throws {Error} with the server's stderr when it exits, fails to spawn or does not greet in time
 * @internal
 */
export async function startForkServer(
  config: ServerConfig,
  options: { signal?: AbortSignal; onExit?: (server: ForkServer, reason: string) => void } = {},
): Promise<ForkServer> {
  let cgroup: ServerCgroup | undefined;
  if (config.cgroup) {
    try {
      cgroup = createServerCgroup(config.cgroup, {
        memoryBytes: config.memoryBytes,
        maxProcesses: config.maxProcesses,
      });
    } catch (cause) {
      throw new Error(`cannot make the server's control groups (${(cause as Error).message})`, { cause });
    }
  }
  // The control groups' descriptors follow the sources' directory in the server's descriptor table.
  const cgroupFds = (cgroup?.procsFds ?? []).map((_, i) => SERVER_DIR_FD + 1 + i);
  const { command, args } = serverCommand(config, process.pid, cgroupFds);
  let child: ChildProcessByStdio<Writable, Readable, Readable>;
  let dirFd: number;
  try {
    dirFd = openSync(PYTHON_DIR, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch (cause) {
    void cgroup?.remove();
    throw new Error(`cannot open the fork server's Python sources at ${PYTHON_DIR} (${(cause as Error).message})`, {
      cause,
    });
  }
  try {
    const stdio: ('pipe' | number)[] = ['pipe', 'pipe', 'pipe'];
    stdio[SERVER_DIR_FD] = dirFd;
    cgroup?.procsFds.forEach((fd, i) => {
      stdio[SERVER_DIR_FD + 1 + i] = fd;
    });
    child = spawn(command, args, {
      stdio: stdio as ['pipe', 'pipe', 'pipe', number],
      // The interpreter gets an empty environment; bwrap gets only a fixed PATH and clears it for the sandbox.
      env: config.isolation === 'bwrap' ? { PATH: BWRAP_SEARCH_PATH } : {},
    }) as unknown as ChildProcessByStdio<Writable, Readable, Readable>;
  } catch (cause) {
    void cgroup?.remove();
    throw new Error(`could not spawn ${command} (${(cause as Error).message})`, { cause });
  } finally {
    closeSync(dirFd);
    cgroup?.handed();
  }
  let stderr = '';
  let stdoutBuffer = '';
  let hello: ServerHello | undefined;
  let alive = true;
  /** The server said it retires after its last answer (a job left what it could not remove): no new jobs. */
  let retiring = false;
  let exitReason = '';
  let nextId = 1;
  const queue: Pending[] = [];
  let watchdog: NodeJS.Timeout | undefined;
  let helloWaiter: { resolve: () => void; reject: (e: Error) => void } | undefined;
  let closeWaiters: (() => void)[] = [];

  // An idle server must not keep Node alive (a script that forgets close() still exits, and the server
  // dies with it: bwrap --die-with-parent, or PR_SET_PDEATHSIG); one with jobs in flight must.
  const holdEventLoop = (hold: boolean): void => {
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as {
      ref?: () => void;
      unref?: () => void;
    }[]) {
      if (hold) handle.ref?.();
      else handle.unref?.();
    }
  };

  const armWatchdog = (): void => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = undefined;
    const head = queue[0];
    if (!head || !alive) return;
    const limit = head.job.timeoutMs + config.watchdogGraceMs;
    watchdog = setTimeout(() => {
      exitReason = `fork server did not answer within ${limit} ms (suite budget ${head.job.timeoutMs} ms + grace ${config.watchdogGraceMs} ms) and was killed`;
      server.kill();
    }, limit);
    watchdog.unref();
  };

  const failAll = (reason: string): void => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = undefined;
    const pending = queue.splice(0);
    pending.forEach((p) => {
      p.resolve(p.started ? { kind: 'lost', reason } : { kind: 'requeue' });
    });
  };

  const onLine = (line: string): void => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch {
      exitReason = `fork server wrote a line that is not JSON: ${line.slice(0, 200)}`;
      server.kill();
      return;
    }
    if (message.type === 'hello') {
      hello = message as unknown as ServerHello;
      helloWaiter?.resolve();
      return;
    }
    const head = queue[0];
    if (message.type === 'started' && head && message.id === head.id && !head.started) {
      head.started = true;
      return;
    }
    if (
      message.type !== 'result' ||
      !head ||
      message.id !== head.id ||
      !Array.isArray(message.tests) ||
      message.tests.length !== head.job.tests.length ||
      !message.tests.every(isOutcome) ||
      !Array.isArray(message.judged) ||
      message.judged.length !== head.job.tests.length ||
      !message.judged.every(isJudged)
    ) {
      exitReason = `fork server answered out of protocol: ${line.slice(0, 200)}`;
      server.kill();
      return;
    }
    queue.shift();
    if (message.retired === true) retiring = true;
    if (queue.length === 0) holdEventLoop(false);
    const phases = (typeof message.phases === 'object' && message.phases !== null ? message.phases : {}) as Record<
      string,
      unknown
    >;
    const ms = (key: string): number => {
      const us = phases[key];
      return typeof us === 'number' && Number.isFinite(us) && us >= 0 ? us / 1000 : 0;
    };
    head.resolve({
      kind: 'result',
      tests: message.tests as string[],
      judged: message.judged as Judged[],
      durationMs: typeof message.duration_ms === 'number' ? message.duration_ms : 0,
      killedDescendants: typeof message.killed_descendants === 'number' ? message.killed_descendants : 0,
      removedFiles: typeof message.removed_files === 'number' ? message.removed_files : 0,
      cpuMs: typeof message.cpu_us === 'number' && message.cpu_us >= 0 ? message.cpu_us / 1000 : 0,
      ...(message.infrastructure === true ? { infrastructure: true as const } : {}),
      ...(head.job.workLimit > 0 && typeof message.work === 'number' ? { work: message.work } : {}),
      ...(head.job.workLimit > 0 && message.work_limited === true ? { workLimited: true as const } : {}),
      phases: {
        forkMs: ms('fork_us'),
        childSetupMs: ms('setup_us'),
        jobMs: ms('run_us'),
        judgingMs: ms('judge_us'),
        cleanupMs: ms('cleanup_us'),
      },
    });
    armWatchdog();
  };

  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdoutBuffer += chunk;
    let nl = stdoutBuffer.indexOf('\n');
    while (nl >= 0) {
      const line = stdoutBuffer.slice(0, nl);
      stdoutBuffer = stdoutBuffer.slice(nl + 1);
      if (line !== '') onLine(line);
      if (!alive) return;
      nl = stdoutBuffer.indexOf('\n');
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8192);
  });
  // Writes to a dead server fail with EPIPE; the exit handler reports what happened.
  child.stdin.on('error', () => {});

  const server: ForkServer = {
    get hello() {
      if (!hello) throw new Error('fork server has not said hello');
      return hello;
    },
    pid: child.pid ?? -1,
    get inFlight() {
      return queue.length;
    },
    get alive() {
      return alive && !retiring;
    },
    submit(job) {
      if (!alive || retiring) return Promise.resolve({ kind: 'requeue' });
      return new Promise<ServerReply>((resolve) => {
        const id = nextId++;
        queue.push({ id, started: false, job, resolve });
        child.stdin.write(
          `${JSON.stringify({ id, code: job.code, tests: job.tests, timeout_ms: job.timeoutMs, judging: job.judging, ...(job.workLimit > 0 ? { work_limit: job.workLimit } : {}) })}\n`,
        );
        if (queue.length === 1) {
          holdEventLoop(true);
          armWatchdog();
        }
      });
    },
    close(graceMs) {
      if (!alive) return Promise.resolve();
      return new Promise<void>((resolve) => {
        closeWaiters.push(resolve);
        holdEventLoop(true);
        child.stdin.end();
        const timer = setTimeout(() => server.kill(), graceMs);
        timer.unref();
      });
    },
    kill() {
      if (!alive) return;
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    },
  };

  child.on('error', (cause) => {
    exitReason ||= `could not run ${command} (${cause.message})`;
    helloWaiter?.reject(new Error(exitReason, { cause }));
  });
  // 'close' (stdout drained) rather than 'exit': a server that exits after its last answer must not lose
  // that answer. A fallback fires if something still holds the pipes a second after the exit.
  let finished = false;
  const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
    if (finished) return;
    finished = true;
    alive = false;
    const how = signal ? `signal ${signal}` : `exit code ${String(code)}`;
    const tail = stderr.trim().split('\n').slice(-3).join(' | ');
    const reason = exitReason || `fork server exited (${how})${tail ? `; stderr: ${tail.slice(-500)}` : ''}`;
    failAll(reason);
    helloWaiter?.reject(new Error(reason));
    // As root, whatever of the server's sandbox uid outlived it (under rlimit, processes of a job that
    // left its session and kept forking) is killed at once before the server counts as gone: its
    // replacement, which takes the same uid, and `close()` find none (see kill-uid.ts).
    const swept = (
      config.root && config.uid !== null ? killUidProcesses(config.uid, config.gid ?? config.uid) : Promise.resolve()
    ).then(() => cgroup?.remove());
    void swept.then(() => {
      const waiters = closeWaiters;
      closeWaiters = [];
      waiters.forEach((w) => {
        w();
      });
      if (hello) options.onExit?.(server, reason);
    });
  };
  child.on('exit', (code, signal) => {
    alive = false;
    const timer = setTimeout(() => finish(code, signal), 1000);
    timer.unref();
  });
  child.on('close', (code, signal) => finish(code, signal));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      exitReason = `fork server did not start within ${config.startTimeoutMs} ms`;
      server.kill();
    }, config.startTimeoutMs);
    const onAbort = (): void => {
      exitReason = 'start aborted by the caller';
      server.kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    helloWaiter = {
      resolve: () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        helloWaiter = undefined;
        resolve();
      },
      reject: (error) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        helloWaiter = undefined;
        reject(error);
      },
    };
    if (options.signal?.aborted) onAbort();
  });
  holdEventLoop(queue.length > 0);
  return server;
}
