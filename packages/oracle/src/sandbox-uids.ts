import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { OracleError } from './errors.js';

/**
 * How many uids below the highest one a lease looks at before it gives up (1,024: room for many
 * oracles of many servers on one host).
 */
const DEFAULT_SANDBOX_UID_SPAN = 1024;

/** Sandbox uids taken for as long as an oracle (or a JavaScript runner) lives. @internal */
export interface SandboxUidLease {
  /** The uids, highest first, one per server or engine slot. */
  readonly uids: readonly number[];
  /** Gives the uids back (idempotent). Call it once no process of them is left. */
  release(): void;
}

/** What {@link leaseSandboxUids} needs; everything but `highest` has a default. @internal */
export interface LeaseSandboxUidsOptions {
  /** The highest uid the lease may take; it looks downwards from here. */
  highest: number;
  /** How many uids it looks at (default {@link DEFAULT_SANDBOX_UID_SPAN}). */
  span?: number;
  /** uids some process runs as now (default: read from `/proc`); a tests' seam. */
  uidsInUse?: () => ReadonlySet<number>;
  /** Who asks, for messages (`createOracle`, `createJsRunner`). */
  component: string;
}

/** The name of the host-wide lock of one uid: an abstract Unix socket (no file, gone with its holder). */
function lockName(uid: number): string {
  return `\0execret-sandbox-uid-${uid}`;
}

/**
 * Every uid some process of this host (as far as `/proc` shows it) runs as: real, effective, saved and
 * filesystem uids of every process.
 */
export function uidsInUse(): Set<number> {
  const uids = new Set<number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return uids;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    let status: string;
    try {
      status = readFileSync(`/proc/${name}/status`, 'latin1');
    } catch {
      continue; // exited while we looked
    }
    const line = /^Uid:\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/m.exec(status);
    if (line) for (let i = 1; i <= 4; i++) uids.add(Number(line[i]));
  }
  return uids;
}

/** Listens on the abstract socket of `uid`: the lock is held while the server is open. */
function tryLock(uid: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen({ path: lockName(uid), exclusive: true }, () => {
      server.unref(); // holding a lock does not keep the process alive
      resolve(server);
    });
  });
}

/**
 * Takes `count` sandbox uids for the caller, unique on this host among every execret oracle and
 * JavaScript runner alive: from `highest` downwards, each uid that no process runs as and whose
 * host-wide lock (an abstract Unix socket named after the uid, so nothing on disk and nothing stale: the
 * kernel drops it with the process that holds it, however that process ends) this process can take. Two
 * runs on one host (two terminals, two shards of an array job on one node) therefore never share a uid:
 * not their `RLIMIT_NPROC` count, not the right to signal or trace each other's job processes. Abstract
 * sockets belong to a network namespace: runs in different network namespaces that share the host's
 * uids (containers without user namespaces) are told apart only by the in-use check.
 *
 * @throws {OracleError} `server-start-failed` when fewer than `count` uids are free in the span
 * @internal
 */
export async function leaseSandboxUids(count: number, options: LeaseSandboxUidsOptions): Promise<SandboxUidLease> {
  const span = options.span ?? DEFAULT_SANDBOX_UID_SPAN;
  const lowest = Math.max(1, options.highest - span + 1);
  const busy = (options.uidsInUse ?? uidsInUse)();
  const held: { uid: number; server: Server }[] = [];
  for (let uid = options.highest; uid >= lowest && held.length < count; uid--) {
    if (busy.has(uid)) continue;
    const server = await tryLock(uid);
    if (server) held.push({ uid, server });
  }
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    for (const { server } of held) server.close();
  };
  if (held.length < count) {
    release();
    throw new OracleError(
      'server-start-failed',
      `@execret/oracle ${options.component}: needs ${count} sandbox uids, found ${held.length} free in ${lowest}–${options.highest} (each uid is taken by one oracle at a time, and skipped while any process runs as it); pass a different sandboxUid`,
    );
  }
  return { uids: held.map((h) => h.uid), release };
}
