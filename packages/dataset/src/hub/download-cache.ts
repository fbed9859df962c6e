/**
 * Phase 2 of `downloadHubDataset`: answering from the cache alone, when every wanted file of the commit is there and
 * still matches its record. This is the only answer offline.
 */
import { SHA256SUMS_FILE } from '@execret/formats';
import { DatasetError } from '../errors.js';
import type { HubFileRecord } from './commit-record.js';
import { dedupe, fileResult, partDirs } from './download-result.js';
import { type HubDownloadSession, requireSafe, snapshotPath } from './download-session.js';
import { refusedNames, type Wanted, wantedFiles } from './download-wanted.js';
import { fileDigests } from './file-digest.js';
import type { HubPart } from './parts.js';
import type { HubDownloadResult } from './types.js';

/**
 * The result from the cache, when the record knows whether the commit has a `SHA256SUMS` (and its listing, when
 * parts are wanted) and every wanted file (and `SHA256SUMS`, when there is one) matches its record, hashed now;
 * `null` when the network is needed. Skipped (`null`) with `force` online. Writes nothing.
 *
 * @throws {DatasetError} `not-found` offline when the cache does not hold everything; `io` for a refused cache path.
 */
export async function answerFromCache(s: HubDownloadSession): Promise<HubDownloadResult | null> {
  if (s.force && !s.offline) return null;
  const { record, parts } = s;
  const knowsParts = parts.length === 0 || record.listing !== null;
  if (record.sha256sums !== null && knowsParts) {
    const wanted = wantedFiles(parts, record.listing);
    const missing: string[] = [];
    const found: [Wanted, HubFileRecord][] = [];
    if (record.sha256sums && (await cachedCopy(s, SHA256SUMS_FILE)) === null) missing.push(SHA256SUMS_FILE);
    for (const w of wanted) {
      const rec = await cachedCopy(s, w.file);
      if (rec === null) missing.push(w.file);
      else found.push([w, rec]);
    }
    const emptyParts = parts.filter((p) => !wanted.some((w) => w.part === p));
    if (missing.length === 0 && emptyParts.length === 0) {
      if (parts.length > 0) s.refused.push(...refusedNames(record.listing ?? []));
      const files = found.map(([w, rec]) => fileResult(s, w.file, 'cached', rec, w.part ? { part: w.part } : {}));
      return {
        ...s.base,
        files,
        checksums: record.sha256sums,
        ...s.offlineFields,
        parts: partDirs(s),
        refused: dedupe(s.refused),
      };
    }
    if (s.offline) throw notCached(s, missing, emptyParts);
  }
  if (s.offline) {
    const what =
      record.sha256sums === null ? ['(no verified files of this commit)'] : ['(the file listing of this commit)'];
    throw notCached(s, what, []);
  }
  return null;
}

/** The record of `file` when the snapshot's copy matches it (bytes hashed now), else `null`. */
async function cachedCopy(s: HubDownloadSession, file: string): Promise<HubFileRecord | null> {
  const rec = s.record.files.get(file);
  if (rec === undefined) return null;
  const path = await requireSafe(s, file, await snapshotPath(s, file));
  const digests = await fileDigests(path);
  return digests !== null && digests.bytes === rec.bytes && digests.sha256 === rec.sha256 ? rec : null;
}

/** The `not-found` error for an incomplete cache offline, naming what is missing and why the network was not used. */
function notCached(s: HubDownloadSession, missing: readonly string[], emptyParts: readonly HubPart[]): DatasetError {
  const reason = s.offlineFields.offlineReason;
  const what = [...missing, ...emptyParts.map((p) => `${p}/`)].join(', ');
  return new DatasetError(
    'not-found',
    `${s.label} is not fully cached in ${s.dir} (missing ${what})${reason ? `; ${reason}` : ''}`,
  );
}
