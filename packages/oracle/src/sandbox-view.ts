import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';

/**
 * The filesystem a bubblewrap sandbox shows: instead of the whole host read-only, an empty root with
 * read-only binds of what the interpreter and the standard library need, and nothing else (no /home,
 * /root, /work, /var, /srv, /mnt, /opt, no working or cache directory). Internal to the package: the
 * interpreter probe of `createOracle` (`python/probe.py`) also reports what the interpreter uses,
 * {@link sandboxView} turns that into mounts and `fork-server.ts` turns the mounts into bwrap flags.
 *
 * @internal
 */

/**
 * Host paths shown in every bwrap sandbox when they exist: the system's programs and libraries (a
 * symlink such as `/bin -> usr/bin` is reproduced as a symlink), the dynamic loader's cache, and the
 * local time zone (its zone files are under /usr/share/zoneinfo). Deliberately absent: /etc/passwd and
 * /etc/group (no snippet of the benchmark needs a user name; `getpass.getuser()` raises), /etc/hosts,
 * /etc/ssl (no network), /sys.
 */
export const SANDBOX_SYSTEM_PATHS: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc/ld.so.cache',
  '/etc/localtime',
];

/**
 * Directories inside shown trees that are hidden under an empty read-only tmpfs: configuration that no
 * snippet needs and that may hold credentials (a global `npmrc` or `pip.conf` of a tool installed under
 * /usr/local).
 */
export const SANDBOX_MASKED_PATHS: readonly string[] = ['/usr/local/etc'];

/** Paths the sandbox mounts itself (a private tmpfs, a fresh proc, a minimal dev): never bound from the host. */
const SANDBOX_RESERVED_PATHS: readonly string[] = ['/tmp', '/proc', '/dev'];

/** One step of building the sandbox's root, applied in order. */
export type SandboxMount =
  /** An empty directory (an ancestor of something shown), with the host directory's permissions (at most 0755). */
  | { kind: 'dir'; path: string; mode: number }
  /** A host file or directory, read-only, at the same path. */
  | { kind: 'bind'; path: string }
  /** A symlink as it is on the host (its target is shown too). */
  | { kind: 'symlink'; path: string; target: string }
  /** A directory inside a bind hidden under an empty read-only tmpfs (see {@link SANDBOX_MASKED_PATHS}). */
  | { kind: 'mask'; path: string };

/** What the interpreter uses, as it reports itself when started with `-I` like a fork server. */
export interface InterpreterFootprint {
  /** `sys.executable`. */
  executable: string;
  /** `sys.prefix`, `sys.base_prefix`, `sys.exec_prefix`, `sys.base_exec_prefix`. */
  prefixes: string[];
  /** `sys.path`. */
  path: string[];
  /** `site.getsitepackages()`. */
  site: string[];
  /** `zoneinfo.TZPATH` (where zone files are looked up). */
  tzpath: string[];
  /** Files mapped into the interpreter's memory after `import ctypes` (`/proc/self/maps`): shared libraries. */
  libraries: string[];
}

/** The sandbox's filesystem. */
export interface SandboxView {
  /** Mounts in bwrap order: directories (shallowest first), binds, masks, symlinks. */
  mounts: SandboxMount[];
  /** The host paths bound read-only (each with everything below it), sorted. */
  visible: string[];
  /** Existing `sys.path` entries outside the interpreter's installation, which are *not* shown. */
  leftOut: string[];
}

/** What {@link sandboxView} needs of the host filesystem (node:fs by default; a fake in tests). */
export interface ViewFs {
  /** Kind and permission bits of the path itself (not following a final symlink), or undefined when absent. */
  lstat(path: string): { kind: 'dir' | 'file' | 'symlink' | 'other'; mode: number } | undefined;
  readlink(path: string): string;
  /** The canonical path, or undefined when it does not exist. */
  realpath(path: string): string | undefined;
}

/** {@link ViewFs} over node:fs. */
const NODE_VIEW_FS: ViewFs = {
  lstat(path) {
    try {
      const st = lstatSync(path);
      const kind = st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
      return { kind, mode: st.mode & 0o7777 };
    } catch {
      return undefined;
    }
  },
  readlink: (path) => readlinkSync(path),
  realpath(path) {
    try {
      return realpathSync(path);
    } catch {
      return undefined;
    }
  },
};

/** Whether `path` is `base` or below it (both normalized and absolute). */
function isWithin(path: string, base: string): boolean {
  return base === '/' || path === base || path.startsWith(`${base}/`);
}

/** Whether `path` is one the sandbox mounts itself (see {@link SANDBOX_RESERVED_PATHS}), or the root. */
export function isReservedPath(path: string): boolean {
  return path === '/' || SANDBOX_RESERVED_PATHS.some((r) => isWithin(path, r));
}

const SHARED_LIBRARY = /\.so(\.[\w.-]+)?$/;
const MAX_SYMLINK_HOPS = 40;

/**
 * The mounts that show, read-only and at their own paths: {@link SANDBOX_SYSTEM_PATHS}; of the
 * interpreter, its executable (following symlinks), the `pyvenv.cfg` of a virtual environment, the
 * `sys.path` entries under a prefix's `lib`/`lib64` or a site-packages directory, the zone-file
 * directories and the directories of its shared libraries; and `extraPaths`; minus
 * {@link SANDBOX_MASKED_PATHS}. Every path is shown so
 * that it resolves inside the sandbox as on the host: symlinks along it are reproduced and their
 * targets shown, ancestors are created as empty directories with the host's permissions (so a 0700
 * `/root` stays unreadable by the sandbox uid). A `sys.path` entry elsewhere (added by a `.pth` file,
 * e.g. an editable install in a source tree) is not shown and is listed in `leftOut`.
 *
 * @throws {Error} when something the interpreter needs lies under /tmp, /proc or /dev (the sandbox
 *   mounts its own there)
 * @example
 * sandboxView((await probePython('python3')).footprint, []).visible;
 * // ['/etc/ld.so.cache', '/root/.pyenv/versions/3.11.7/bin/python3.11', '/root/.pyenv/versions/3.11.7/lib', '/usr']
 */
export function sandboxView(
  footprint: InterpreterFootprint,
  extraPaths: readonly string[],
  fs: ViewFs = NODE_VIEW_FS,
): SandboxView {
  const entries = new Map<string, SandboxMount>();
  const binds: string[] = [];
  const covered = (path: string): boolean => binds.some((b) => isWithin(path, b));

  const expose = (path: string, required: boolean, hops = 0): void => {
    const normal = posix.normalize(path).replace(/(.)\/+$/, '$1');
    if (!normal.startsWith('/') || hops > MAX_SYMLINK_HOPS) return;
    if (isReservedPath(normal)) {
      if (required)
        throw new Error(
          `the interpreter needs ${path}, which is under ${SANDBOX_RESERVED_PATHS.join(', ')} or the root, where the sandbox mounts its own file systems`,
        );
      return;
    }
    const parts = normal.split('/').filter(Boolean);
    let at = '';
    for (let i = 0; i < parts.length; i++) {
      at = `${at}/${parts[i] as string}`;
      if (covered(at)) return;
      const rest = parts.slice(i + 1);
      const known = entries.get(at);
      if (known?.kind === 'symlink') {
        expose(posix.join(posix.resolve(posix.dirname(at), known.target), ...rest), required, hops + 1);
        return;
      }
      const st = fs.lstat(at);
      if (!st) return;
      if (st.kind === 'symlink') {
        const target = fs.readlink(at);
        entries.set(at, { kind: 'symlink', path: at, target });
        expose(posix.join(posix.resolve(posix.dirname(at), target), ...rest), required, hops + 1);
        return;
      }
      if (i === parts.length - 1) {
        entries.set(at, { kind: 'bind', path: at });
        binds.push(at);
        return;
      }
      if (st.kind !== 'dir') return;
      if (!known) entries.set(at, { kind: 'dir', path: at, mode: st.mode & 0o755 });
    }
  };
  /** Shows a path that exists, and its canonical path (a symlink inside a bound tree may lead elsewhere). */
  const show = (path: string, required: boolean): void => {
    if (!path.startsWith('/')) return;
    const real = fs.realpath(path);
    if (real === undefined) return;
    expose(path, required);
    if (real !== path) expose(real, required);
  };

  for (const path of SANDBOX_SYSTEM_PATHS) show(path, false);

  const { executable, prefixes, path: sysPath, site, tzpath, libraries } = footprint;
  const installDirs = [...prefixes.flatMap((p) => [posix.join(p, 'lib'), posix.join(p, 'lib64')]), ...site];
  const belongs = (entry: string): boolean =>
    installDirs.some((d) => isWithin(posix.normalize(entry), posix.normalize(d)));
  // Path -> whether the interpreter cannot do without it (then it must not be under a reserved path).
  const needed = new Map<string, boolean>([[executable, true]]);
  for (const dir of [...prefixes, posix.dirname(executable), posix.dirname(posix.dirname(executable))]) {
    needed.set(posix.join(dir, 'pyvenv.cfg'), true);
  }
  const outside: string[] = [];
  for (const entry of sysPath) {
    if (!entry.startsWith('/') || fs.realpath(entry) === undefined) continue;
    if (belongs(entry)) needed.set(entry, true);
    else outside.push(entry);
  }
  for (const dir of tzpath) if (!needed.has(dir)) needed.set(dir, false);
  for (const file of libraries) {
    if (file.startsWith('/') && SHARED_LIBRARY.test(file) && !isReservedPath(file))
      needed.set(posix.dirname(file), true);
  }
  // Shallowest first, so that a directory is bound before anything below it is considered.
  const byDepth = (a: string, b: string): number =>
    a.split('/').length - b.split('/').length || (a < b ? -1 : a > b ? 1 : 0);
  for (const path of [...needed.keys()].sort(byDepth)) show(path, needed.get(path) === true);
  for (const path of [...extraPaths].sort(byDepth)) show(path, true);

  // Nothing is mounted or created inside a bind: what is below it is the host's.
  const kept = [...entries.values()].filter((m) => !binds.some((b) => m.path !== b && isWithin(m.path, b)));
  for (const path of SANDBOX_MASKED_PATHS) {
    if (fs.lstat(path)?.kind === 'dir' && binds.some((b) => b !== path && isWithin(path, b)))
      kept.push({ kind: 'mask', path });
  }
  const order = { dir: 0, bind: 1, mask: 2, symlink: 3 } as const;
  kept.sort((a, b) => order[a.kind] - order[b.kind] || byDepth(a.path, b.path));
  const visible = kept
    .filter((m) => m.kind === 'bind')
    .map((m) => m.path)
    .sort();
  return { mounts: kept, visible, leftOut: outside.filter((e) => !covered(posix.normalize(e))) };
}

/** Bubblewrap flags for the mounts of a {@link SandboxView}, in order. */
export function mountArgs(mounts: readonly SandboxMount[]): string[] {
  const args: string[] = [];
  for (const m of mounts) {
    if (m.kind === 'dir') args.push('--perms', m.mode.toString(8).padStart(4, '0'), '--dir', m.path);
    else if (m.kind === 'bind') args.push('--ro-bind', m.path, m.path);
    else if (m.kind === 'mask')
      args.push('--perms', '0555', '--size', '4096', '--tmpfs', m.path, '--remount-ro', m.path);
    else args.push('--symlink', m.target, m.path);
  }
  return args;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * Reads the footprint line `python/probe.py` printed.
 *
 * @throws {Error} when it is not a footprint
 */
export function parseFootprint(line: string): InterpreterFootprint {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch (cause) {
    throw new Error(`the interpreter answered its file probe with ${JSON.stringify(line.slice(0, 200))}, not JSON`, {
      cause,
    });
  }
  const { prefixes, path, site, tzpath, libraries } = parsed;
  if (
    typeof parsed.executable !== 'string' ||
    !isStrings(prefixes) ||
    !isStrings(path) ||
    !isStrings(site) ||
    !isStrings(tzpath) ||
    !isStrings(libraries)
  ) {
    throw new Error(`the interpreter answered its file probe with an unexpected shape: ${line.slice(0, 200)}`);
  }
  return { executable: parsed.executable, prefixes, path, site, tzpath, libraries };
}
