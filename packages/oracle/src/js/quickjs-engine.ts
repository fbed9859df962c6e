import {
  closedError,
  type Engine,
  type EngineEnd,
  type EngineJob,
  type EngineOutcome,
  firstPhase,
  trackJob,
} from './engine-job.js';
import { type EngineProcess, startEngineProcess } from './engine-process.js';
import type { EngineCommand } from './sandbox-command.js';

/** Jobs handed to one engine host before it has finished the first (so it never waits for the runner). */
const PIPELINE_DEPTH = 2;
/** Consecutive hosts that may die before saying hello before queued jobs are given up (`lost`). */
const MAX_START_FAILURES = 3;
/** Hosts that may die with a job before acknowledging it before that job is given up (`lost`). */
const MAX_REQUEUES = 3;

/** How long an idle host may take to exit after its stdin is closed before it is killed, in ms. */
const EXIT_GRACE_MS = 1000;

/**
 * Ends an idle host: its stdin is closed, so it exits by itself (and its sandbox reaps it); killed when it
 * has not within {@link EXIT_GRACE_MS}.
 */
function retire(proc: EngineProcess, reason: string): Promise<unknown> {
  proc.hold(true);
  proc.end();
  const timer = setTimeout(() => proc.kill(reason), EXIT_GRACE_MS);
  return proc.exited.finally(() => clearTimeout(timer));
}

/** Configuration of a QuickJS engine pool. */
export interface QuickJsEngineConfig {
  /** Engine hosts, i.e. jobs running at once. */
  concurrency: number;
  /** The command line of the host in slot `slot`. */
  command: (slot: number) => EngineCommand;
  startTimeoutMs: number;
  /** Past a job's budget, before its host is killed. */
  graceMs: number;
  /** A host whose resident memory exceeds this after a job is replaced. */
  recycleRssBytes: number;
  /** A host whose WebAssembly memory (it never shrinks) exceeds this after a job is replaced. */
  recycleWasmBytes: number;
}

interface Pending {
  id: number;
  job: EngineJob;
  resolve: (outcome: EngineOutcome) => void;
  reject: (error: Error) => void;
  tracker: ReturnType<typeof trackJob>;
  ackedAt: number | null;
  /** Hosts that died with this job before acknowledging it (nothing of it ran). */
  requeues: number;
  watchdog: NodeJS.Timeout | undefined;
}

interface Host {
  slot: number;
  proc: EngineProcess;
  state: 'starting' | 'ready' | 'retiring' | 'dead';
  inflight: Pending[];
  startTimer: NodeJS.Timeout | undefined;
}

/**
 * A pool of QuickJS engine hosts (js/quickjs-host.mjs), each a long-lived sandboxed node process that runs
 * jobs one after another, each test in a fresh QuickJS runtime. The runner-side watchdog kills a host whose job
 * overruns its budget plus `graceMs` (the job's unfinished tests are then `TIMEOUT`), replaces hosts that
 * die or grow, and resubmits jobs a dead host had not started.
 *
 * @example
 * const engine = startQuickJsEngine({
 *   concurrency: 2, command, startTimeoutMs: 30000, graceMs: 1000, recycleRssBytes: 2 ** 30, recycleWasmBytes: 2 ** 26,
 * });
 * const outcome = await engine.submit({ code, tests, budgetMs: 5000 });
 */
export function startQuickJsEngine(config: QuickJsEngineConfig): Engine & { ready: Promise<void> } {
  const queue: Pending[] = [];
  const hosts: (Host | undefined)[] = [];
  let nextId = 1;
  let closing = false;
  let started = 0;
  let killed = 0;
  let startFailures = 0;
  // CPU the hosts reported (cumulative per host): of hosts gone, and the latest figure of each live one.
  let retiredCpuMs = 0;
  const hostCpuMs = new Map<Host, number>();
  let readyResolve: () => void = () => {};
  let readyReject: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  ready.catch(() => {});
  let everReady = false;

  const finish = (pending: Pending, end: EngineEnd): void => {
    if (pending.watchdog) clearTimeout(pending.watchdog);
    const durationMs = pending.ackedAt === null ? 0 : performance.now() - pending.ackedAt;
    pending.resolve({ reports: pending.tracker.reports, end, durationMs });
  };

  const dispatch = (): void => {
    for (const host of hosts) {
      if (host?.state !== 'ready') continue;
      while (host.inflight.length < PIPELINE_DEPTH && queue.length > 0) {
        const pending = queue.shift() as Pending;
        host.inflight.push(pending);
        host.proc.hold(true);
        host.proc.send(firstPhase(pending.id, pending.job));
      }
    }
  };

  const start = (slot: number): void => {
    if (closing) return;
    started++;
    let proc: EngineProcess;
    try {
      proc = startEngineProcess(config.command(slot), (message) => onMessage(host, message));
    } catch (error) {
      startFailed(new Error(`could not spawn the engine host: ${(error as Error).message}`));
      return;
    }
    const host: Host = { slot, proc, state: 'starting', inflight: [], startTimer: undefined };
    hosts[slot] = host;
    host.startTimer = setTimeout(() => {
      if (host.state === 'starting') proc.kill(`it did not say hello within ${config.startTimeoutMs} ms`);
    }, config.startTimeoutMs);
    host.startTimer.unref();
    // A starting host keeps Node alive (someone may be waiting for it); an idle one does not.
    proc.hold(true);
    void proc.exited.then((exit) => onExit(host, exit.signal, exit.code, exit.killedBecause, exit.stderr));
  };

  const startFailed = (error: Error): void => {
    startFailures++;
    if (!everReady) readyReject(error);
    if (startFailures >= MAX_START_FAILURES) {
      for (const pending of queue.splice(0)) finish(pending, { kind: 'lost', detail: error.message });
    }
  };

  const onMessage = (host: Host, message: Record<string, unknown>): void => {
    if (message.t === 'hello') {
      if (host.state !== 'starting') return void host.proc.kill('it said hello twice');
      clearTimeout(host.startTimer);
      host.state = 'ready';
      startFailures = 0;
      if (host.inflight.length === 0 && queue.length === 0) host.proc.hold(false);
      if (!everReady) {
        everReady = true;
        readyResolve();
      }
      dispatch();
      return;
    }
    const head = host.inflight[0];
    if (!head) return void host.proc.kill('it reported with no job in flight');
    if (message.t === 'ack') {
      if (message.id !== head.id || head.ackedAt !== null) return void host.proc.kill('it acknowledged out of order');
      head.ackedAt = performance.now();
      head.watchdog = setTimeout(() => {
        killed++;
        host.proc.kill('timeout');
      }, head.job.budgetMs + config.graceMs);
      return;
    }
    if (head.ackedAt === null) return void host.proc.kill('it reported before acknowledging');
    const verdict = head.tracker.accept(message);
    if (verdict === 'more') return;
    if (verdict === 'sealed') {
      host.proc.send({ id: head.id, phase2: head.job.withheld });
      return;
    }
    if (verdict !== 'done') {
      killed++;
      host.proc.kill(`tampered: ${verdict.violation}`);
      return;
    }
    host.inflight.shift();
    finish(head, { kind: 'done' });
    if (typeof message.cpuMs === 'number' && Number.isFinite(message.cpuMs)) hostCpuMs.set(host, message.cpuMs);
    const rss = typeof message.rss === 'number' ? message.rss : 0;
    const wasmBytes = typeof message.wasmBytes === 'number' ? message.wasmBytes : 0;
    if ((rss > config.recycleRssBytes || wasmBytes > config.recycleWasmBytes) && host.state === 'ready')
      host.state = 'retiring';
    if (host.state === 'retiring' && host.inflight.length === 0) {
      void retire(host.proc, 'recycled');
    } else if (host.inflight.length === 0) {
      host.proc.hold(false);
    }
    dispatch();
  };

  const onExit = (
    host: Host,
    signal: NodeJS.Signals | null,
    code: number | null,
    because: string | null,
    stderr: string,
  ): void => {
    const wasStarting = host.state === 'starting';
    host.state = 'dead';
    retiredCpuMs += hostCpuMs.get(host) ?? 0;
    hostCpuMs.delete(host);
    clearTimeout(host.startTimer);
    if (hosts[host.slot] === host) hosts[host.slot] = undefined;
    const [head, ...rest] = host.inflight.splice(0);
    if (head) {
      if (head.ackedAt === null) {
        // Nothing of it ran: another host takes it; a job that keeps finding hosts die is given up as lost.
        head.requeues++;
        if (head.requeues >= MAX_REQUEUES) {
          finish(head, {
            kind: 'lost',
            detail: `${MAX_REQUEUES} engine hosts exited before starting it (${because ?? `exit status ${code ?? signal}`}): ${stderr.trim().slice(-300)}`,
          });
        } else queue.unshift(head);
      } else if (because === 'timeout') {
        finish(head, { kind: 'timeout' });
      } else if (because?.startsWith('tampered: ')) {
        finish(head, { kind: 'tampered', detail: because.slice('tampered: '.length) });
      } else {
        finish(head, { kind: 'crashed', signal, code });
      }
    }
    queue.unshift(...rest);
    if (closing) {
      for (const pending of queue.splice(0)) pending.reject(closedError());
      return;
    }
    if (wasStarting) {
      const detail = because ?? `exit status ${code ?? signal}`;
      startFailed(new Error(`the engine host exited before saying hello (${detail}): ${stderr.trim().slice(-2000)}`));
      if (startFailures >= MAX_START_FAILURES) return;
    }
    start(host.slot);
  };

  for (let slot = 0; slot < config.concurrency; slot++) start(slot);

  return {
    ready,
    submit(job) {
      if (closing) return Promise.reject(closedError());
      return new Promise<EngineOutcome>((resolve, reject) => {
        const id = nextId++;
        queue.push({
          id,
          job,
          resolve,
          reject,
          tracker: trackJob(id, job.tests, job.withheld),
          ackedAt: null,
          requeues: 0,
          watchdog: undefined,
        });
        if (startFailures >= MAX_START_FAILURES) {
          // Nothing can run: try once more, and give up on the queue if that fails too.
          startFailures = MAX_START_FAILURES - 1;
          for (let slot = 0; slot < config.concurrency; slot++) if (!hosts[slot]) start(slot);
        }
        dispatch();
      });
    },
    async close() {
      closing = true;
      for (const pending of queue.splice(0)) pending.reject(closedError());
      const exits: Promise<unknown>[] = [];
      for (const host of hosts) {
        if (!host) continue;
        const busy = host.inflight.length > 0;
        for (const pending of host.inflight.splice(0)) {
          if (pending.watchdog) clearTimeout(pending.watchdog);
          pending.reject(closedError());
        }
        if (busy) {
          host.proc.kill('closed');
          exits.push(host.proc.exited);
        } else {
          exits.push(retire(host.proc, 'closed'));
        }
      }
      await Promise.all(exits);
    },
    stats: () => ({ started, killed, cpuMs: retiredCpuMs + [...hostCpuMs.values()].reduce((a, b) => a + b, 0) }),
  };
}
