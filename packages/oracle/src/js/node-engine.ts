import { killUidProcesses } from '../kill-uid.js';
import { closedError, type Engine, type EngineJob, type EngineOutcome, firstPhase, trackJob } from './engine-job.js';
import { type EngineProcess, startEngineProcess } from './engine-process.js';
import type { EngineCommand } from './sandbox-command.js';

/** How long a job process may take to exit by itself after reporting `done` before it is killed, in ms. */
const EXIT_GRACE_MS = 200;
/** Consecutive job processes that may die before saying hello before queued jobs are given up (`lost`). */
const MAX_START_FAILURES = 3;

/** Configuration of a node-per-job engine pool. */
export interface NodeEngineConfig {
  /** Jobs running at once; as many processes are kept started ahead. */
  concurrency: number;
  /** The command line of a job process running as sandbox uid slot `slot` (0 ≤ slot < 2 × concurrency). */
  command: (slot: number) => EngineCommand;
  startTimeoutMs: number;
  graceMs: number;
  /** uid of slot `slot` to sweep after its process ends (rlimit isolation as root), or `null`. */
  sweepUid: (slot: number) => number | null;
}

interface Spare {
  slot: number;
  proc: EngineProcess;
  ready: boolean;
  startTimer: NodeJS.Timeout;
}

interface Pending {
  id: number;
  job: EngineJob;
  resolve: (outcome: EngineOutcome) => void;
  reject: (error: Error) => void;
}

/**
 * A pool of one-shot node job processes (js/node-job.mjs): `concurrency` are kept started and waiting (node
 * takes ~100 ms to start), each runs exactly one job and is killed, with everything it started, as soon as
 * the job is reported or overruns its budget plus `graceMs`.
 *
 * @example
 * const engine = startNodeEngine({ concurrency: 2, command, startTimeoutMs: 30000, graceMs: 1000, sweepUid: () => null });
 */
export function startNodeEngine(config: NodeEngineConfig): Engine & { ready: Promise<void> } {
  const queue: Pending[] = [];
  const spares: Spare[] = [];
  const freeSlots: number[] = Array.from({ length: config.concurrency * 2 }, (_, i) => i);
  let running = 0;
  let nextId = 1;
  let closing = false;
  let started = 0;
  let killed = 0;
  let startFailures = 0;
  /** CPU the job processes reported when done (processes killed before reporting are not included). */
  let cpuMs = 0;
  let everReady = false;
  const live = new Set<EngineProcess>();
  const inflight = new Set<Pending>();
  // A job process's messages go to the job it runs (set in `run`); before that only its hello counts.
  const messageHandlers = new Map<EngineProcess, (message: Record<string, unknown>) => void>();
  let readyResolve: () => void = () => {};
  let readyReject: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  ready.catch(() => {});

  /** The slot is free again once every process of its uid is gone (rlimit as root: see kill-uid.ts). */
  const release = (slot: number): void => {
    const uid = config.sweepUid(slot);
    if (uid === null) {
      freeSlots.push(slot);
      return;
    }
    void killUidProcesses(uid, uid).then(() => {
      freeSlots.push(slot);
      fill();
      dispatch();
    });
  };

  const fill = (): void => {
    if (closing || startFailures >= MAX_START_FAILURES) return;
    while (spares.length < config.concurrency && freeSlots.length > 0) {
      const slot = freeSlots.shift() as number;
      started++;
      let proc: EngineProcess;
      const spare = { slot, ready: false } as Spare;
      try {
        proc = startEngineProcess(config.command(slot), (message) => {
          const handler = messageHandlers.get(proc);
          if (handler) {
            handler(message);
          } else if (message.t === 'hello' && !spare.ready) {
            clearTimeout(spare.startTimer);
            spare.ready = true;
            proc.hold(false);
            startFailures = 0;
            if (!everReady) {
              everReady = true;
              readyResolve();
            }
            dispatch();
          } else {
            proc.kill('it wrote before being given a job');
          }
        });
      } catch (error) {
        freeSlots.push(slot);
        startFailed(new Error(`could not spawn a job process: ${(error as Error).message}`));
        return;
      }
      spare.proc = proc;
      spare.startTimer = setTimeout(
        () => proc.kill(`it did not say hello within ${config.startTimeoutMs} ms`),
        config.startTimeoutMs,
      );
      spare.startTimer.unref();
      // Starting, it keeps Node alive (a job may be waiting for it); ready and idle, it does not.
      proc.hold(true);
      live.add(proc);
      spares.push(spare);
      void proc.exited.then((exit) => {
        live.delete(proc);
        clearTimeout(spare.startTimer);
        const index = spares.indexOf(spare);
        if (index >= 0) {
          // It died waiting: a start failure when it never said hello.
          spares.splice(index, 1);
          release(slot);
          if (!spare.ready && !closing) {
            startFailed(
              new Error(
                `a job process exited before saying hello (${exit.killedBecause ?? `exit status ${exit.code ?? exit.signal}`}): ${exit.stderr.trim().slice(-2000)}`,
              ),
            );
          }
          fill();
        }
      });
    }
  };

  const startFailed = (error: Error): void => {
    startFailures++;
    if (!everReady) readyReject(error);
    if (startFailures >= MAX_START_FAILURES) {
      for (const pending of queue.splice(0)) {
        pending.resolve({ reports: [], end: { kind: 'lost', detail: error.message }, durationMs: 0 });
      }
    }
  };

  const dispatch = (): void => {
    while (queue.length > 0 && running < config.concurrency) {
      const index = spares.findIndex((s) => s.ready);
      if (index < 0) break;
      const [spare] = spares.splice(index, 1) as [Spare];
      const pending = queue.shift() as Pending;
      run(spare, pending);
    }
    fill();
  };

  const run = (spare: Spare, pending: Pending): void => {
    running++;
    inflight.add(pending);
    const { proc } = spare;
    const tracker = trackJob(pending.id, pending.job.tests, pending.job.withheld);
    let acked: number | null = null;
    let finished = false;
    let watchdog: NodeJS.Timeout | undefined;
    const complete = (outcome: EngineOutcome): void => {
      if (finished) return;
      finished = true;
      clearTimeout(watchdog);
      inflight.delete(pending);
      running--;
      pending.resolve(outcome);
    };
    proc.hold(true);
    const handle = (message: Record<string, unknown>): void => {
      if (finished) return;
      if (message.t === 'ack' && message.id === pending.id && acked === null) {
        acked = performance.now();
        return;
      }
      const verdict = tracker.accept(message);
      if (verdict === 'more') return;
      if (verdict === 'sealed') {
        // Every split value has left the process: now, and only now, the expected side's code goes in.
        proc.send({ id: pending.id, phase2: pending.job.withheld });
        return;
      }
      if (verdict === 'done') {
        if (typeof message.cpuMs === 'number' && Number.isFinite(message.cpuMs)) cpuMs += message.cpuMs;
        complete({ reports: tracker.reports, end: { kind: 'done' }, durationMs: performance.now() - (acked ?? 0) });
        // It exits by itself right after `done` (so that its sandbox reaps it); whatever keeps it alive is killed.
        setTimeout(() => proc.kill('done'), EXIT_GRACE_MS).unref();
      } else {
        killed++;
        complete({ reports: tracker.reports, end: { kind: 'tampered', detail: verdict.violation }, durationMs: 0 });
        proc.kill('tampered');
      }
    };
    messageHandlers.set(proc, handle);
    const sent = performance.now();
    watchdog = setTimeout(() => {
      killed++;
      proc.kill('timeout');
    }, pending.job.budgetMs + config.graceMs);
    void proc.exited.then((exit) => {
      messageHandlers.delete(proc);
      release(spare.slot);
      const durationMs = performance.now() - (acked ?? sent);
      if (exit.killedBecause === 'timeout')
        complete({ reports: tracker.reports, end: { kind: 'timeout' }, durationMs });
      else
        complete({
          reports: tracker.reports,
          end: { kind: 'crashed', signal: exit.signal, code: exit.code },
          durationMs,
        });
      dispatch();
    });
    proc.send(firstPhase(pending.id, pending.job));
  };

  fill();

  return {
    ready,
    submit(job) {
      if (closing) return Promise.reject(closedError());
      return new Promise<EngineOutcome>((resolve, reject) => {
        const id = nextId++;
        queue.push({ id, job, resolve, reject });
        if (startFailures >= MAX_START_FAILURES) {
          startFailures = MAX_START_FAILURES - 1;
        }
        dispatch();
      });
    },
    async close() {
      closing = true;
      for (const pending of queue.splice(0)) pending.reject(closedError());
      for (const pending of inflight) pending.reject(closedError());
      const exits = [...live].map((proc) => {
        proc.kill('closed');
        return proc.exited;
      });
      await Promise.all(exits);
    },
    stats: () => ({ started, killed, cpuMs }),
  };
}
