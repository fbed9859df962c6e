/**
 * Remote file names are data from the network: before one becomes a local path it must be a plain relative POSIX
 * path, and the local path must stay inside the cache, also when the cache holds symbolic links.
 */
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Why a remote file name or its local path was refused. */
export type RefusedPathReason =
  | 'empty'
  | 'absolute'
  | 'backslash'
  | 'control-character'
  | 'empty-segment'
  | 'dot-segment'
  | 'parent-segment'
  | 'outside-cache'
  | 'symlink-outside-cache';

/** A remote file that was not written, with the reason. */
export interface RefusedRemoteFile {
  /** The name as the server listed it. */
  path: string;
  reason: RefusedPathReason;
  /** One sentence saying what is wrong. */
  message: string;
}

/** The outcome of a path check. */
export type PathCheck = { ok: true; path: string } | { ok: false; reason: RefusedPathReason; message: string };

/**
 * Whether `text` holds a C0 control (NUL included), DEL or a C1 control.
 *
 * @example
 * hasControlCharacter('a\u0000b'); // true
 */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/**
 * Checks a remote file name: it must be a non-empty relative POSIX path without a leading `/`, backslashes, NUL or
 * other control characters, and without empty, `.` or `..` segments. On success `path` is the name unchanged.
 *
 * @example
 * checkRemotePath('embeddings/bm25.npz'); // { ok: true, path: 'embeddings/bm25.npz' }
 * checkRemotePath('a/../../b');          // { ok: false, reason: 'parent-segment', message: '…' }
 */
export function checkRemotePath(name: string): PathCheck {
  const shown = JSON.stringify(name);
  const refuse = (reason: RefusedPathReason, what: string): PathCheck => ({
    ok: false,
    reason,
    message: `remote file name ${shown} ${what}; it was skipped`,
  });
  if (name === '') return refuse('empty', 'is empty');
  if (hasControlCharacter(name)) return refuse('control-character', 'holds a NUL or another control character');
  if (name.includes('\\')) return refuse('backslash', 'holds a backslash');
  if (name.startsWith('/') || isAbsolute(name)) return refuse('absolute', 'is an absolute path');
  const segments = name.split('/');
  if (segments.includes('..')) return refuse('parent-segment', 'has a ".." segment');
  if (segments.includes('.')) return refuse('dot-segment', 'has a "." segment');
  if (segments.includes('')) return refuse('empty-segment', 'has an empty segment (a doubled or trailing "/")');
  return { ok: true, path: name };
}

/**
 * The local path of `name` below `dir`, which lies inside `cacheRoot`: `name` must pass {@link checkRemotePath},
 * the resolved path must stay inside `dir`, and no existing component between `cacheRoot` and the file (the file
 * included) may be a symbolic link that points outside the cache (each is `lstat`ed; a link's target is compared
 * after `realpath`). Checked before every read and write; a link planted between the check and the use is not
 * caught.
 *
 * @example
 * await safeCachePath('/c', '/c/datasets/o/n/snapshots/ab…', 'data/corpus.jsonl');
 * // { ok: true, path: '/c/datasets/o/n/snapshots/ab…/data/corpus.jsonl' }
 */
export async function safeCachePath(cacheRoot: string, dir: string, name: string): Promise<PathCheck> {
  const checked = checkRemotePath(name);
  if (!checked.ok) return checked;
  const root = resolve(cacheRoot);
  const target = resolve(dir, ...name.split('/'));
  if (!inside(resolve(dir), target) || !inside(root, target)) {
    return {
      ok: false,
      reason: 'outside-cache',
      message: `remote file name ${JSON.stringify(name)} resolves outside the cache (${target}); it was skipped`,
    };
  }
  await mkdir(root, { recursive: true });
  const realRoot = await realpath(root);
  const steps = relative(root, target).split(sep);
  let current = root;
  for (const step of steps) {
    current = resolve(current, step);
    let isLink: boolean;
    try {
      isLink = (await lstat(current)).isSymbolicLink();
    } catch {
      break; // absent: nothing below it exists either
    }
    if (!isLink) continue;
    const real = await realpath(current).catch(() => null);
    if (real === null || !inside(realRoot, real)) {
      return {
        ok: false,
        reason: 'symlink-outside-cache',
        message: `${current} is a symbolic link to ${real ?? 'a missing target'}, outside the cache ${realRoot}; ${JSON.stringify(name)} was neither read nor written`,
      };
    }
  }
  return { ok: true, path: target };
}

function inside(root: string, path: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}
