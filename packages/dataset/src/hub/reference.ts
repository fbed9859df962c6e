/**
 * `hf:owner/name[@revision]` references to Hugging Face Hub dataset repositories.
 */
import { DatasetError } from '../errors.js';
import { hasControlCharacter } from './safe-path.js';

/** Default revision when an `hf:` reference has none. */
export const DEFAULT_HUB_REVISION = 'main';
/** The public release's repository. */
export const RELEASE_HUB_REPOSITORY = 'anonpapersubmission01/execretrieval';

/** A parsed `hf:owner/name[@revision]` reference. */
export interface HubReference {
  owner: string;
  name: string;
  /** Branch, tag, commit or ref (`main` when not given). */
  revision: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const COMMIT = /^[0-9a-f]{40}$/;
// Backslash and the characters git forbids in ref names (control characters are checked separately).
const BAD_REVISION_CHARACTER = /[\\~^:?*[]/;

/**
 * Whether `revision` is a full commit sha (40 lowercase hex digits), which pins a repository's content exactly.
 *
 * @example
 * isCommitSha('0123456789abcdef0123456789abcdef01234567'); // true
 * isCommitSha('main');                                     // false
 */
export function isCommitSha(revision: string): boolean {
  return COMMIT.test(revision);
}

/**
 * Parses `hf:owner/name` or `hf:owner/name@revision` (revision defaults to `main`; it may contain `/`, as in
 * `refs/pr/3`). A revision is refused when it holds whitespace or control characters, a backslash, one of
 * `~ ^ : ? * [`, a `..`, or empty, `.` or leading/trailing `/` segments (git's own rules for ref names, which also
 * keep the revision safe as a cache file name).
 *
 * @throws {DatasetError} `source` for any other shape.
 * @example
 * parseHubReference('hf:anonpapersubmission01/execretrieval@v1.0');
 * // { owner: 'anonpapersubmission01', name: 'execretrieval', revision: 'v1.0' }
 */
export function parseHubReference(source: string): HubReference {
  const fail = () =>
    new DatasetError(
      'source',
      `expected a Hub reference of the form hf:owner/name[@revision], received ${JSON.stringify(source)}`,
    );
  if (!source.startsWith('hf:')) throw fail();
  const body = source.slice(3);
  const at = body.indexOf('@');
  const repo = at === -1 ? body : body.slice(0, at);
  const revision = at === -1 ? DEFAULT_HUB_REVISION : body.slice(at + 1);
  const parts = repo.split('/');
  if (parts.length !== 2 || !parts.every((p) => NAME.test(p)) || !validRevision(revision)) throw fail();
  return { owner: parts[0] as string, name: parts[1] as string, revision };
}

function validRevision(revision: string): boolean {
  if (
    revision === '' ||
    /\s/.test(revision) ||
    hasControlCharacter(revision) ||
    BAD_REVISION_CHARACTER.test(revision) ||
    revision.includes('..')
  )
    return false;
  return revision.split('/').every((segment) => segment !== '' && segment !== '.');
}
