/**
 * Digests of local files, streamed: SHA-256 of the bytes, and the git blob id (SHA-1 of `blob <size>\0<bytes>`).
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/**
 * Feeds the first `bytes` bytes of a file into each hash.
 *
 * @example
 * const h = createHash('sha256');
 * await hashFilePrefix('/tmp/x.part', 1024, [h]);
 */
export async function hashFilePrefix(path: string, bytes: number, hashes: readonly Hash[]): Promise<void> {
  if (bytes === 0) return;
  const stream = createReadStream(path, { start: 0, end: bytes - 1 });
  for await (const chunk of stream as AsyncIterable<Buffer>) for (const h of hashes) h.update(chunk);
}

/** Size, SHA-256 and (when asked for) git blob id of a local file. */
export interface FileDigests {
  bytes: number;
  sha256: string;
  gitOid: string | null;
}

/**
 * Hashes a whole file; `null` when it is not a readable regular file.
 *
 * @example
 * await fileDigests('/c/…/data/corpus.jsonl', { gitOid: true }); // { bytes: 1234, sha256: '…', gitOid: '…' }
 */
export async function fileDigests(path: string, options: { gitOid?: boolean } = {}): Promise<FileDigests | null> {
  try {
    const s = await stat(path);
    if (!s.isFile()) return null;
    const sha256 = createHash('sha256');
    const git = options.gitOid ? createHash('sha1').update(`blob ${s.size}\0`) : null;
    await hashFilePrefix(path, s.size, git === null ? [sha256] : [sha256, git]);
    return { bytes: s.size, sha256: sha256.digest('hex'), gitOid: git === null ? null : git.digest('hex') };
  } catch {
    return null;
  }
}
