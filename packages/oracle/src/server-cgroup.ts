import { randomBytes } from 'node:crypto';
import { closeSync, constants, mkdirSync, openSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Control groups that limit a fork server as a whole: its memory (every process of every job together, not
 * `RLIMIT_AS` per process times the process count) and its process count. One per server, made by Node (which
 * can see the cgroup file systems; a server under bubblewrap cannot), joined by the server itself at start-up
 * through descriptors of the groups' `cgroup.procs` files, before it forks anything, so that every process of
 * every job is in them. Where no writable hierarchy with the memory controller exists (not root, a container
 * without cgroup access, a cgroup v2 tree whose controllers cannot be delegated) there is none, and
 * `OracleInfo.cgroup` says so.
 *
 * @internal
 */

/** Where one controller is managed: the mounted hierarchy and this process's own group in it. */
interface Hierarchy {
  /** `v1` (one hierarchy per controller) or `v2` (the unified hierarchy, controllers enabled below our group). */
  version: 'v1' | 'v2';
  /** The directory of this process's own group, under which server groups are made. */
  parent: string;
  /** The file that holds the limit (`memory.limit_in_bytes`, `memory.max`, `pids.max`). */
  limitFile: string;
}

/** The hierarchies a server's groups are made in, found once per oracle. @internal */
export interface CgroupSetup {
  memory: Hierarchy;
  /** Absent where the pids controller is not available (the process count then rests on `RLIMIT_NPROC`). */
  pids: Hierarchy | undefined;
}

/** The groups of one server. @internal */
export interface ServerCgroup {
  /** Descriptors of the groups' `cgroup.procs`, open for writing, for the server to join (closed by `handed`). */
  procsFds: number[];
  /** Closes Node's copies of the descriptors once the server holds its own. */
  handed(): void;
  /** Removes the groups (after the server and every process of it are gone; retried while they drain). */
  remove(): Promise<void>;
}

/** What `OracleInfo.cgroup` reports: the version and the limits of each server's group, or why there is none. */
export type CgroupInfo =
  | { kind: 'per-server'; version: 'v1' | 'v2'; memoryBytes: number; maxProcesses: number | null }
  | { kind: 'none'; reason: string };

/** Memory a server may use beyond its job's `memoryMb`: the judge (reports it reads and rebuilds), the zygote and the waiting children. */
export const SERVER_MEMORY_ALLOWANCE_BYTES = 128 * 1024 * 1024;
/** Processes a server has besides its job's: judge, zygote, waiting children, cleaner, killer, bwrap's two. */
export const SERVER_PROCESS_ALLOWANCE = 12;

const CGROUP_ROOT = '/sys/fs/cgroup';

/** `/proc/self/mountinfo` → the mount point of each cgroup hierarchy: v1 by controller, and the v2 one. */
function cgroupMounts(mountinfo: string): { v1: Map<string, string>; v2: string | undefined } {
  const v1 = new Map<string, string>();
  let v2: string | undefined;
  for (const line of mountinfo.split('\n')) {
    const [before, after] = line.split(' - ');
    if (!before || !after) continue;
    const mountPoint = before.split(' ')[4];
    const [fsType, , superOptions] = after.split(' ');
    if (!mountPoint) continue;
    if (fsType === 'cgroup2') v2 ??= mountPoint;
    if (fsType === 'cgroup') for (const option of (superOptions ?? '').split(',')) v1.set(option, mountPoint);
  }
  return { v1, v2 };
}

/** `/proc/self/cgroup` → this process's group path in the v1 hierarchy of each controller, and in v2 (`''`). */
function ownGroups(text: string): Map<string, string> {
  const groups = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    const [, controllers, path] = match as unknown as [string, string, string];
    if (controllers === '') groups.set('', path);
    for (const c of controllers.split(',')) if (c !== '') groups.set(c, path);
  }
  return groups;
}

/** Whether a group can be made under `parent` and `file` written in it (a probe group, removed at once). */
function writable(parent: string, file: string, value: string): boolean {
  const probe = join(parent, `execret-probe-${randomBytes(6).toString('hex')}`);
  try {
    mkdirSync(probe);
  } catch {
    return false;
  }
  try {
    writeFileSync(join(probe, file), value);
    return true;
  } catch {
    return false;
  } finally {
    try {
      rmdirSync(probe);
    } catch {
      // an empty probe group always goes; nothing to do if it did not
    }
  }
}

/**
 * The hierarchies servers' groups can be made in, or why there are none. Prefers cgroup v1's memory and pids
 * hierarchies where they are mounted (the unified hierarchy then has no controllers), else cgroup v2 with
 * `memory` (and `pids`) enabled for the groups below this process's own (possible only where that group holds
 * no process, such as the root group of a container). Needs root.
 *
 * @internal
 */
export function probeCgroups(
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): CgroupSetup | { reason: string } {
  if (process.getuid?.() !== 0) return { reason: 'not root: cgroups cannot be made' };
  let mounts: ReturnType<typeof cgroupMounts>;
  let groups: Map<string, string>;
  try {
    mounts = cgroupMounts(read('/proc/self/mountinfo'));
    groups = ownGroups(read('/proc/self/cgroup'));
  } catch (error) {
    return { reason: `cannot read /proc/self/mountinfo or /proc/self/cgroup (${(error as Error).message})` };
  }
  const v1 = (controller: string, limitFile: string, probeValue: string): Hierarchy | undefined => {
    const mount = mounts.v1.get(controller);
    const path = groups.get(controller);
    if (mount === undefined || path === undefined) return undefined;
    const parent = join(mount, path);
    return writable(parent, limitFile, probeValue) ? { version: 'v1', parent, limitFile } : undefined;
  };
  const memoryV1 = v1('memory', 'memory.limit_in_bytes', String(1 << 30));
  if (memoryV1) return { memory: memoryV1, pids: v1('pids', 'pids.max', '1000') };
  if (mounts.v2 !== undefined && groups.has('')) {
    const parent = join(mounts.v2, groups.get('') as string);
    let enabled = '';
    try {
      enabled = read(join(parent, 'cgroup.subtree_control'));
      const available = read(join(parent, 'cgroup.controllers')).split(/\s+/);
      const wanted = ['memory', 'pids'].filter((c) => available.includes(c) && !enabled.split(/\s+/).includes(c));
      if (wanted.length > 0)
        writeFileSync(join(parent, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '));
      enabled = read(join(parent, 'cgroup.subtree_control'));
    } catch (error) {
      return {
        reason: `cgroup v2 at ${parent}: the memory controller cannot be enabled for groups below it (${(error as Error).message})`,
      };
    }
    const on = enabled.split(/\s+/);
    if (on.includes('memory') && writable(parent, 'memory.max', String(1 << 30))) {
      return {
        memory: { version: 'v2', parent, limitFile: 'memory.max' },
        pids: on.includes('pids') ? { version: 'v2', parent, limitFile: 'pids.max' } : undefined,
      };
    }
  }
  return { reason: `no writable cgroup hierarchy with the memory controller under ${CGROUP_ROOT}` };
}

/**
 * Makes the groups of one server (named after this process and a random suffix) with its limits:
 * `memoryBytes` + {@link SERVER_MEMORY_ALLOWANCE_BYTES} (swap included where the kernel accounts it) and
 * `maxProcesses` + {@link SERVER_PROCESS_ALLOWANCE}. Throws when a group cannot be made.
 *
 * @internal
 */
export function createServerCgroup(
  setup: CgroupSetup,
  limits: { memoryBytes: number; maxProcesses: number },
): ServerCgroup {
  const name = `execret-${process.pid}-${randomBytes(6).toString('hex')}`;
  const made: string[] = [];
  const fds: number[] = [];
  const memoryLimit = String(limits.memoryBytes + SERVER_MEMORY_ALLOWANCE_BYTES);
  try {
    const hierarchies: [Hierarchy, string][] = [[setup.memory, memoryLimit]];
    if (setup.pids) hierarchies.push([setup.pids, String(limits.maxProcesses + SERVER_PROCESS_ALLOWANCE)]);
    for (const [hierarchy, limit] of hierarchies) {
      const dir = join(hierarchy.parent, name);
      if (made.includes(dir)) {
        // v2: memory and pids are files of the same group.
        writeFileSync(join(dir, hierarchy.limitFile), limit);
        continue;
      }
      mkdirSync(dir);
      made.push(dir);
      writeFileSync(join(dir, hierarchy.limitFile), limit);
      if (hierarchy.limitFile === 'memory.limit_in_bytes') {
        try {
          writeFileSync(join(dir, 'memory.memsw.limit_in_bytes'), limit); // swap too, where accounted
        } catch {
          // no swap accounting: memory.limit_in_bytes is the limit
        }
      }
      if (hierarchy.limitFile === 'memory.max') {
        try {
          writeFileSync(join(dir, 'memory.swap.max'), '0');
        } catch {
          // no swap controller: nothing to limit
        }
      }
      fds.push(openSync(join(dir, 'cgroup.procs'), constants.O_WRONLY));
    }
  } catch (error) {
    for (const fd of fds) closeSync(fd);
    for (const dir of made) {
      try {
        rmdirSync(dir);
      } catch {
        // empty groups go; nothing else to do
      }
    }
    throw error;
  }
  let open = true;
  return {
    procsFds: fds,
    handed() {
      if (!open) return;
      open = false;
      for (const fd of fds) closeSync(fd);
    },
    async remove() {
      this.handed();
      for (const dir of made) {
        // Processes killed a moment ago may still be leaving their group: retry for up to ~2 s.
        for (let attempt = 0; attempt < 40; attempt++) {
          try {
            rmdirSync(dir);
            break;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') break;
            if (attempt === 0) {
              try {
                writeFileSync(join(dir, 'cgroup.kill'), '1'); // v2: end whatever is left, at once
              } catch {
                // v1 has no cgroup.kill: the uid kill before this has ended everything there
              }
            }
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      }
    },
  };
}
