// Linux process inspection for the integration tests: which fork servers this test process runs (each a
// judge, the spawned interpreter, with one zygote child that forks the job children, one of them kept
// ready ahead of the next job: the spare), and whether anything a job started is still alive.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';
import { SERVER_ROLE } from '../src/fork-server.js';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  uid: number;
  exe: string;
  cmdline: string;
  /** Process name (`/proc/<pid>/comm`). */
  comm: string;
}

export function listProcesses(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const uidLine =
        readFileSync(`/proc/${name}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith('Uid:')) ?? '';
      const uid = Number(uidLine.split(/\s+/)[1]);
      let exe = '';
      try {
        exe = readlinkSync(`/proc/${name}/exe`);
      } catch {
        // kernel thread, zombie or not ours
      }
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const comm = readFileSync(`/proc/${name}/comm`, 'utf8').trim();
      out.push({ pid: Number(name), ppid, uid, exe, cmdline, comm });
    } catch {
      // exited while we looked
    }
  }
  return out;
}

/** Every process below `root` in the parent tree. */
export function descendantsOf(root: number, all = listProcesses()): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop() as number;
    for (const p of all) {
      if (p.ppid === parent) {
        found.push(p);
        frontier.push(p.pid);
      }
    }
  }
  return found;
}

/** A fork server's interpreter or a fork of it (the exe link is unreadable for a non-dumpable process). */
function isServerish(p: ProcessInfo): boolean {
  return p.cmdline.includes(SERVER_ROLE) && basename(p.exe || (p.cmdline.split(' ')[0] ?? '')).startsWith('python');
}

/** The Python fork servers (judges) started by this test process (not bwrap, not their zygotes). */
export function serverPythons(all = listProcesses()): ProcessInfo[] {
  const mine = descendantsOf(process.pid, all);
  const pids = new Set(mine.filter(isServerish).map((p) => p.pid));
  return mine.filter((p) => isServerish(p) && !pids.has(p.ppid));
}

/** The zygotes of those servers: forks of a server that fork the job children. */
export function serverZygotes(all = listProcesses()): ProcessInfo[] {
  const servers = new Set(serverPythons(all).map((p) => p.pid));
  return all.filter((p) => servers.has(p.ppid) && isServerish(p));
}

/**
 * The spare of each zygote: the job child forked ahead, still waiting for its job as the zygote's uid
 * (a job child drops to the sandbox uid when it gets its job, so a leftover of a job cannot pass for one).
 */
export function serverSpares(all = listProcesses()): ProcessInfo[] {
  const zygotes = new Map(serverZygotes(all).map((p) => [p.pid, p]));
  return all.filter((p) => p.comm === 'execret-spare' && zygotes.get(p.ppid)?.uid === p.uid);
}

/** Job children (and orphans re-parented to a zygote) that are alive now, spares excepted. */
export function jobProcesses(all = listProcesses()): ProcessInfo[] {
  const zygotes = new Set(serverZygotes(all).map((p) => p.pid));
  const spares = new Set(serverSpares(all).map((p) => p.pid));
  return all.filter((p) => zygotes.has(p.ppid) && !spares.has(p.pid));
}

/**
 * What is still alive that a job started: every child of a zygote of this process but its spare (the
 * servers are idle when this is called, so they have no job child), every child of a server but its
 * zygote, and every process of the sandbox uids.
 */
export function leftovers(sandboxUids: readonly number[] | null): string[] {
  const all = listProcesses();
  const servers = new Set(serverPythons(all).map((p) => p.pid));
  const zygotes = new Set(serverZygotes(all).map((p) => p.pid));
  const spares = new Set(serverSpares(all).map((p) => p.pid));
  const uids = new Set(sandboxUids ?? []);
  return all
    .filter((p) => !spares.has(p.pid))
    .filter((p) => (servers.has(p.ppid) && !zygotes.has(p.pid)) || zygotes.has(p.ppid) || uids.has(p.uid))
    .map((p) => `pid ${p.pid} uid ${p.uid} ppid ${p.ppid}: ${p.cmdline.slice(0, 80)}`);
}
