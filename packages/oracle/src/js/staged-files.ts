import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { RunnerFiles } from './runner-files.js';

/** A runner's private copy of its engine files, readable by the sandbox uid. */
export interface StagedFiles {
  /** The same files as the source, in the copy (`<dir>/js`, `<dir>/node_modules/<package>`). */
  files: RunnerFiles;
  /** The copy's folder (mode 0755, owned by the runner's user). */
  dir: string;
  /** Deletes the copy (idempotent, never throws). */
  remove(): void;
}

/** The sticky bit of a folder's mode (only the owner of an entry may rename or delete it). */
const STICKY = 0o1000;
/** Files of a QuickJS package the engine host loads: its manifest (for `exports`) and its runtime code. */
const RUNTIME_FILE = /\.(?:m?js|cjs|wasm|json)$/;
const TYPES_OR_MAP = /\.(?:map|d\.m?ts|d\.cts)$/;

/**
 * Copies the engine files (`js/*.js|mjs`, and each QuickJS package's `package.json` and runtime files under
 * `dist/`, no source maps or type declarations) into a fresh private folder under `baseDir`, laid out as
 * `<dir>/js/…` and `<dir>/node_modules/<name>/…` (so that the QuickJS packages find each other by name), and
 * opens it to the sandbox uid: engine processes run as an unprivileged uid when the runner is root, and must
 * not open the checkout's files by path (a checkout in a folder of mode 0700, `mktemp -d` or `/root`, is
 * closed to them).
 *
 * Other users of the host cannot swap the files: `baseDir` is checked first (its real path: every folder from
 * `/` down is owned by root or the runner's user and is not writable by others unless sticky, and every one
 * is searchable by others); the copy's folder is made by `mkdtemp` (a fresh name, mode 0700 while files are
 * written with `O_CREAT | O_EXCL | O_NOFOLLOW`), then opened to mode 0755 (files 0644), owned by the
 * runner's user. Only the copy is ever opened by path by the engine processes.
 *
 * @param source - the runner's files where they are (see `runnerFiles`)
 * @param baseDir - an existing folder for the copy (`DEFAULT_JS_STAGING_DIR`, `/tmp`, by default)
 * @throws {Error} when `baseDir` is unsafe or closed to other users, or a file cannot be read or written
 * @example
 * const staged = stageRunnerFiles(runnerFiles(), '/tmp');
 * staged.files.jsDir; // '/tmp/execret-js-Ab12Cd/js'
 * staged.remove();
 */
export function stageRunnerFiles(source: RunnerFiles, baseDir: string): StagedFiles {
  const base = checkBaseDir(baseDir);
  const dir = mkdtempSync(join(base, 'execret-js-'));
  const remove = (): void => {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // already gone, or not ours to delete any more
    }
  };
  try {
    const jsDir = join(dir, 'js');
    copyFolder(source.jsDir, jsDir, (name) => /\.m?js$/.test(name), false);
    const place = (pkg: RunnerFiles['quickjs']['core']): RunnerFiles['quickjs']['core'] => {
      const root = join(dir, 'node_modules', ...pkg.name.split('/'));
      makeDirs(dir, root);
      copyFile(join(pkg.root, 'package.json'), join(root, 'package.json'));
      copyFolder(
        join(pkg.root, 'dist'),
        join(root, 'dist'),
        (name) => RUNTIME_FILE.test(name) && !TYPES_OR_MAP.test(name),
        true,
      );
      return { ...pkg, root };
    };
    const files: RunnerFiles = {
      jsDir,
      quickjs: {
        core: place(source.quickjs.core),
        ffiTypes: place(source.quickjs.ffiTypes),
        variant: place(source.quickjs.variant),
      },
    };
    chmodSync(dir, 0o755);
    return { files, dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * The real path of `baseDir` once checked: a folder, every folder of its real path owned by root or this
 * process's effective uid, none writable by group or others unless it has the sticky bit, and every one
 * searchable by others (the sandbox uid must reach the copy).
 */
function checkBaseDir(baseDir: string): string {
  const real = realpathSync(baseDir);
  const euid = process.geteuid?.() ?? 0;
  const parts = real.split(sep).filter((p) => p !== '');
  for (let i = 0; i <= parts.length; i++) {
    const path = sep + parts.slice(0, i).join(sep);
    const st = lstatSync(path);
    if (!st.isDirectory()) throw new Error(`the staging folder ${path} is not a folder`);
    if (st.uid !== 0 && st.uid !== euid) {
      throw new Error(`the staging folder ${path} belongs to uid ${st.uid}, neither root nor the runner's user`);
    }
    if ((st.mode & 0o022) !== 0 && (st.mode & STICKY) === 0) {
      throw new Error(
        `the staging folder ${path} is writable by other users and not sticky (mode ${(st.mode & 0o7777).toString(8)})`,
      );
    }
    if ((st.mode & 0o001) === 0) {
      throw new Error(
        `the staging folder ${path} is closed to other users (mode ${(st.mode & 0o7777).toString(8)}): the sandbox uid could not reach the copy`,
      );
    }
  }
  return real;
}

/** Makes `target` and the folders between `inside` (which exists) and it, mode 0755. */
function makeDirs(inside: string, target: string): void {
  if (target === inside) return;
  makeDirs(inside, dirname(target));
  try {
    mkdirSync(target, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  chmodSync(target, 0o755);
}

/** Copies the regular files of `from` whose name `keep` accepts into the new folder `to` (recursively when asked). */
function copyFolder(from: string, to: string, keep: (name: string) => boolean, recursive: boolean): void {
  mkdirSync(to, { mode: 0o700 });
  chmodSync(to, 0o755);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const path = join(from, entry.name);
    if (entry.isDirectory()) {
      if (recursive) copyFolder(path, join(to, entry.name), keep, true);
    } else if (keep(entry.name)) {
      copyFile(path, join(to, entry.name));
    }
  }
}

/** Writes a copy of `from` (read through symlinks) to the new file `to`, mode 0644, never following a link at `to`. */
function copyFile(from: string, to: string): void {
  const bytes = readFileSync(from);
  const fd = openSync(to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fchmodSync(fd, 0o644);
  } finally {
    closeSync(fd);
  }
}
