import type { Judged } from '@execret/formats';
import { OracleError } from './errors.js';
import { type ForkServer, type ServerConfig, type ServerJob, startForkServer } from './fork-server.js';
import type { OracleStats } from './types.js';

/** What a server said about one job, before it becomes an `OracleResult`. @internal */
export interface Execution {
  tests: string[];
  judged: Judged[];
  durationMs: number;
  /** The isolation of the server that ran it. */
  isolation: ServerConfig['isolation'];
  /** CPU milliseconds of every process of the job, measured outside it (absent when the server was lost). */
  cpuMs?: number;
  /** Outcomes written by the oracle (the machinery failed, or the server was lost): never cached. */
  infrastructure?: true;
  /** Line events the job counted itself, when it had a work limit (a claim). */
  work?: number;
  /** The job spent its work limit. */
  workLimited?: true;
}

interface Task {
  key: string;
  job: ServerJob;
  /** Called once with the execution before it is handed out (the oracle records it); a throw rejects it. */
  onExecuted: (execution: Execution) => void;
  waiters: number;
  started: boolean;
  promise: Promise<Execution>;
  resolve: (execution: Execution) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  index: number;
  config: ServerConfig;
  server: ForkServer | undefined;
  starting: Promise<void> | undefined;
  failures: number;
}

/** One caller's claim on a job in the pool. @internal */
interface PoolTicket {
  /** The job's execution (shared by every caller that submitted the same key while it was in flight). */
  promise: Promise<Execution>;
  /** This caller no longer waits: the job is dropped when nobody else waits and no server has it yet. */
  cancel(): void;
}

/** The pool of fork servers behind an oracle. @internal */
export interface Pool {
  /**
   * Queues a job, or joins the identical one (same key) in flight. `onExecuted` (of the caller that queued
   * it) is called once with its execution before any caller gets it.
   */
  submit(key: string, job: ServerJob, onExecuted: (execution: Execution) => void): PoolTicket;
  /** Counters, updated in place. */
  readonly stats: OracleStats;
  /** Set once no server could be restarted: every later job is rejected with it. */
  readonly fatal: OracleError | undefined;
  readonly closed: boolean;
  /** Rejects queued jobs with `OracleError('closed')`, lets running ones finish, stops the servers. */
  close(): Promise<void>;
}

/** Jobs sent ahead to one fork server, so that it never waits for Node between jobs. @internal */
export const PIPELINE_DEPTH = 2;

const MAX_RESTART_FAILURES = 3;

/**
 * A pool of fork servers, one per slot, each with up to `PIPELINE_DEPTH` jobs submitted; a server that
 * dies is replaced (with backoff; after `MAX_RESTART_FAILURES` failed starts of every slot the pool is
 * fatal). Identical jobs in flight share one execution, handed to the submitter's `onExecuted` once (where
 * the oracle records it, see `run.ts`). The servers are started first (see `startServers`), with
 * `onServerExit` as their exit callback, and then handed over with `attach`.
 *
 * @param closeGraceMs - how long `close` lets a server finish its jobs before killing it
 * @internal
 */
export function createPool(closeGraceMs: number): {
  pool: Pool;
  /**
   * Attaches the started servers (index = slot, one configuration per slot, the same it was started
   * with); servers already dead are replaced.
   */
  attach(configs: readonly ServerConfig[], servers: readonly ForkServer[]): void;
  /** The exit callback the pool's servers must be started with. */
  onServerExit(server: ForkServer): void;
} {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  const inflight = new Map<string, Task>();
  const stats: OracleStats = {
    executed: 0,
    cacheHits: 0,
    serverRestarts: 0,
    killedDescendants: 0,
    removedFiles: 0,
    phaseMs: { fork: 0, childSetup: 0, job: 0, judging: 0, cleanup: 0, server: 0 },
  };
  let closed = false;
  let closing: Promise<void> | undefined;
  let fatal: OracleError | undefined;

  const onServerExit = (server: ForkServer): void => {
    const slot = slots.find((s) => s.server === server);
    if (!slot) return;
    slot.server = undefined;
    if (closed) return;
    stats.serverRestarts++;
    restart(slot);
  };

  const restart = (slot: Slot): void => {
    if (slot.starting || closed) return;
    slot.starting = startForkServer(slot.config, { onExit: onServerExit })
      .then((server) => {
        slot.starting = undefined;
        if (closed) {
          server.kill();
          return;
        }
        slot.server = server;
        slot.failures = 0;
        pump();
      })
      .catch((error: unknown) => {
        slot.starting = undefined;
        slot.failures++;
        if (slot.failures >= MAX_RESTART_FAILURES) {
          if (slots.every((s) => !s.server && !s.starting)) {
            fatal = new OracleError(
              'server-start-failed',
              `@execret/oracle: no fork server could be restarted (${MAX_RESTART_FAILURES} attempts each; last: ${(error as Error).message})`,
              { cause: error },
            );
            for (const task of queue.splice(0)) {
              inflight.delete(task.key);
              task.reject(fatal);
            }
          }
          return;
        }
        setTimeout(() => restart(slot), 100 * 2 ** slot.failures);
      });
  };

  const settle = (slot: Slot, task: Task, reply: Awaited<ReturnType<ForkServer['submit']>>): void => {
    if (reply.kind === 'requeue') {
      task.started = false;
      queue.unshift(task);
      return;
    }
    let execution: Execution;
    if (reply.kind === 'lost') {
      const outcome = `ERROR:OracleServerLost: ${reply.reason}`.slice(0, 600);
      execution = {
        tests: task.job.tests.map(() => outcome),
        judged: task.job.tests.map(() => 'child' as const),
        durationMs: 0,
        isolation: slot.config.isolation,
        infrastructure: true,
      };
    } else {
      execution = {
        tests: reply.tests,
        judged: reply.judged,
        durationMs: reply.durationMs,
        isolation: slot.config.isolation,
        cpuMs: reply.cpuMs,
        ...(reply.infrastructure ? { infrastructure: true as const } : {}),
        ...(reply.work !== undefined ? { work: reply.work } : {}),
        ...(reply.workLimited ? { workLimited: true as const } : {}),
      };
      stats.killedDescendants += reply.killedDescendants;
      stats.removedFiles += reply.removedFiles;
      const phases = stats.phaseMs;
      phases.fork += reply.phases.forkMs;
      phases.childSetup += reply.phases.childSetupMs;
      phases.job += reply.phases.jobMs;
      phases.judging += reply.phases.judgingMs;
      phases.cleanup += reply.phases.cleanupMs;
      phases.server += reply.durationMs;
    }
    stats.executed++;
    inflight.delete(task.key);
    try {
      task.onExecuted(execution);
    } catch (error) {
      task.reject(error);
      return;
    }
    task.resolve(execution);
  };

  const pump = (): void => {
    for (const slot of slots) {
      const server = slot.server;
      while (server?.alive && server.inFlight < PIPELINE_DEPTH && queue.length > 0) {
        const task = queue.shift() as Task;
        task.started = true;
        void server.submit(task.job).then((reply) => {
          try {
            settle(slot, task, reply);
          } catch (error) {
            inflight.delete(task.key);
            task.reject(error);
          }
          pump();
        });
      }
    }
  };

  const submit = (key: string, job: ServerJob, onExecuted: (execution: Execution) => void): PoolTicket => {
    let task = inflight.get(key);
    if (!task) {
      let resolve!: (execution: Execution) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<Execution>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      promise.catch(() => {});
      task = { key, job, onExecuted, waiters: 0, started: false, promise, resolve, reject };
      inflight.set(key, task);
      queue.push(task);
      pump();
    }
    const current = task;
    current.waiters++;
    return {
      promise: current.promise,
      cancel: () => {
        current.waiters--;
        if (current.waiters === 0 && !current.started) {
          const at = queue.indexOf(current);
          if (at >= 0) queue.splice(at, 1);
          inflight.delete(current.key);
        }
      },
    };
  };

  const close = (): Promise<void> => {
    if (closing) return closing;
    closed = true;
    for (const task of queue.splice(0)) {
      inflight.delete(task.key);
      task.reject(
        new OracleError('closed', '@execret/oracle oracle.close: the oracle was closed before this job started'),
      );
    }
    closing = (async () => {
      await Promise.allSettled(slots.map((s) => s.starting));
      await Promise.all(slots.map((s) => s.server?.close(closeGraceMs) ?? Promise.resolve()));
    })();
    return closing;
  };

  const attach = (configs: readonly ServerConfig[], servers: readonly ForkServer[]): void => {
    configs.forEach((config, index) => {
      slots.push({ index, config, server: servers[index], starting: undefined, failures: 0 });
    });
    // A server that died between its start and now is replaced like any other.
    for (const slot of slots) {
      if (slot.server && !slot.server.alive) {
        slot.server = undefined;
        restart(slot);
      }
    }
  };

  const pool: Pool = {
    submit,
    stats,
    get fatal() {
      return fatal;
    },
    get closed() {
      return closed;
    },
    close,
  };
  return { pool, attach, onServerExit };
}
