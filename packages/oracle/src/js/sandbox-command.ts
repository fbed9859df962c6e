import { lstatSync, readlinkSync } from 'node:fs';
import { bwrapArgs } from '../bwrap-args.js';
import { SANDBOX_MASKED_PATHS, SANDBOX_SYSTEM_PATHS, type SandboxMount } from '../sandbox-view.js';
import type { JsIsolation } from './types.js';

/**
 * Fixed search path for `prlimit`, `setpriv` and a bare `bwrap` (libraries never read `process.env`); the
 * same directories as the Python oracle's.
 */
const ENGINE_SEARCH_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** What {@link systemMounts} needs of the host filesystem (node:fs by default; a fake in tests). */
export interface MountFs {
  /** Kind of the path itself (not following a final symlink), or undefined when absent. */
  kind(path: string): 'dir' | 'file' | 'symlink' | 'other' | undefined;
  readlink(path: string): string;
}

const NODE_MOUNT_FS: MountFs = {
  kind(path) {
    try {
      const st = lstatSync(path);
      return st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
    } catch {
      return undefined;
    }
  },
  readlink: (path) => readlinkSync(path),
};

/** Where the runner's own files appear inside a bubblewrap sandbox. */
export const SANDBOX_ROOT = '/execret';
/** The node binary inside a bubblewrap sandbox (bound from wherever it is on the host). */
export const SANDBOX_NODE = `${SANDBOX_ROOT}/bin/node`;

/** Resource limits of one engine process (all in bytes or counts; `null`: not set). */
interface EngineLimits {
  /** `RLIMIT_DATA`: private writable memory (V8 heap, WebAssembly memory, malloc). Not `RLIMIT_AS`: V8 reserves ~10 GB of address space for WebAssembly. */
  dataBytes: number;
  openFiles: number;
  fileBytes: number;
  /** `RLIMIT_NPROC` of the (unprivileged) uid; `null` when there is no uid of its own. */
  processes: number | null;
  /** `RLIMIT_CPU` in seconds; `null` for long-lived processes. */
  cpuSeconds: number | null;
  /** `RLIMIT_STACK`; `null` to keep the default. */
  stackBytes: number | null;
}

/** One engine process to start. */
export interface EngineCommandConfig {
  isolation: JsIsolation;
  /** bubblewrap command or path. */
  bwrap: string;
  /** Real path of the node binary on the host. */
  node: string;
  nodeArgs: readonly string[];
  /** The script node runs: its path inside the sandbox under bwrap, on the host under rlimit. */
  script: string;
  scriptArgs: readonly string[];
  /** Read-only binds of host paths to sandbox paths (bwrap only): the runner's js/ folder, packages. */
  binds: readonly { source: string; dest: string }[];
  /** uid and gid to drop to before anything else runs (when the runner is root), or `null`. */
  uid: number | null;
  limits: EngineLimits;
  tmpfsBytes: number;
  /** The system's part of the sandbox's root (see {@link systemMounts}). */
  system: readonly SandboxMount[];
}

/** A command line ready for `spawn`, with the whole environment it gets. */
export interface EngineCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/**
 * The system's files every sandbox shows read-only: `SANDBOX_SYSTEM_PATHS` that exist (a symlink such as
 * `/lib64 -> usr/lib64` reproduced as one), with `SANDBOX_MASKED_PATHS` hidden under an empty tmpfs.
 *
 * @example
 * systemMounts().map((m) => `${m.kind} ${m.path}`);
 * // ['bind /usr', 'bind /etc/ld.so.cache', 'bind /etc/localtime', 'mask /usr/local/etc', 'symlink /bin', 'symlink /lib', …]
 */
export function systemMounts(fs: MountFs = NODE_MOUNT_FS): SandboxMount[] {
  const binds: SandboxMount[] = [];
  const symlinks: SandboxMount[] = [];
  const dirs = new Set<string>();
  for (const path of SANDBOX_SYSTEM_PATHS) {
    const kind = fs.kind(path);
    if (!kind) continue;
    if (kind === 'symlink') {
      const target = fs.readlink(path);
      // Shown only when it stays inside what is shown (`/bin -> usr/bin`).
      if (!target.startsWith('/') || SANDBOX_SYSTEM_PATHS.some((p) => target === p || target.startsWith(`${p}/`))) {
        symlinks.push({ kind: 'symlink', path, target });
      }
      continue;
    }
    const parent = path.slice(0, path.lastIndexOf('/'));
    if (parent !== '' && !dirs.has(parent)) {
      dirs.add(parent);
      binds.push({ kind: 'dir', path: parent, mode: 0o755 });
    }
    binds.push({ kind: 'bind', path });
  }
  const masks: SandboxMount[] = SANDBOX_MASKED_PATHS.filter((p) => fs.kind(p) === 'dir').map((path) => ({
    kind: 'mask',
    path,
  }));
  const order = { dir: 0, bind: 1, mask: 2, symlink: 3 } as const;
  return [...binds, ...masks, ...symlinks].sort((a, b) => order[a.kind] - order[b.kind]);
}

/**
 * The command line of one engine process: `prlimit` sets the limits, `setpriv` drops to the sandbox uid
 * (when one is given) with no capabilities, no supplementary groups and `no_new_privs`, then bubblewrap
 * (under `bwrap`) and node. Under `rlimit` node runs directly after `setpriv`, in `/`, with only `TZ=UTC`
 * in its environment. Nothing of the caller's environment reaches it.
 *
 * @example
 * engineCommand(config).command; // 'prlimit'
 */
export function engineCommand(config: EngineCommandConfig): EngineCommand {
  const { limits } = config;
  const prlimit = [
    `--data=${limits.dataBytes}`,
    `--nofile=${limits.openFiles}`,
    `--fsize=${limits.fileBytes}`,
    '--core=0',
  ];
  if (limits.processes !== null) prlimit.push(`--nproc=${limits.processes}`);
  if (limits.cpuSeconds !== null) prlimit.push(`--cpu=${limits.cpuSeconds}`);
  if (limits.stackBytes !== null) prlimit.push(`--stack=${limits.stackBytes}`);
  const args = [...prlimit, '--'];
  if (config.uid !== null) {
    args.push(
      'setpriv',
      `--reuid=${config.uid}`,
      `--regid=${config.uid}`,
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--no-new-privs',
      '--',
    );
  }
  const node =
    config.isolation === 'bwrap'
      ? [
          config.bwrap,
          // A user namespace of its own (setpriv has already dropped to the slot's uid); the system's files,
          // the node binary and the engine files, read-only; only TZ=UTC in the environment.
          ...bwrapArgs({
            identity: { kind: 'user-namespace' },
            mounts: config.system,
            binds: [{ source: config.node, dest: SANDBOX_NODE }, ...config.binds],
            tmpfsBytes: config.tmpfsBytes,
            env: { TZ: 'UTC' },
          }),
          '--',
          SANDBOX_NODE,
        ]
      : [config.node];
  args.push(...node, ...config.nodeArgs, config.script, ...config.scriptArgs);
  return {
    command: 'prlimit',
    args,
    env: { PATH: ENGINE_SEARCH_PATH, TZ: 'UTC' },
    cwd: '/',
  };
}
