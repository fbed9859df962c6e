/**
 * Phase 3 of `downloadHubDataset` (online): the commit's file listing (fetched once and kept in the record), the
 * names it holds that are refused, and the earlier commits whose copies may be taken over.
 */
import { DatasetError } from '../errors.js';
import { recordedCommits, writeCommitRecord } from './commit-record.js';
import type { HubDownloadSession } from './download-session.js';
import { refusedNames } from './download-wanted.js';
import { listHubFiles } from './listing.js';
import { checkRemotePath, safeCachePath } from './safe-path.js';
import type { HubCommitFiles } from './types.js';

/**
 * Checks the record's path, fetches the listing when the record has none (and writes the record when one came),
 * adds the listing's refused names to `s.refused` when parts are wanted, and lists the other recorded commits.
 *
 * @throws {DatasetError} `download` when parts are wanted and the Hub gave no listing; from `listHubFiles`.
 */
export async function listCommitFiles(s: HubDownloadSession): Promise<HubCommitFiles> {
  const { record, parts } = s;
  const persist = await recordWriter(s);
  if (record.listing === null) {
    record.listing = await listHubFiles(s.ref, s.commit, { endpoint: s.endpoint, http: s.http });
    if (record.listing !== null) await persist();
  }
  const listing = record.listing;
  if (listing === null && parts.length > 0) {
    throw new DatasetError(
      'download',
      `${s.label}: the Hub did not list the files of commit ${s.commit} (no tree API), so ${parts.map((p) => `${p}/`).join(', ')} cannot be downloaded`,
    );
  }
  // The listing picks the files of the parts: report what it held that can never be used.
  if (parts.length > 0) s.refused.push(...refusedNames(listing ?? []));
  const listed = new Map((listing ?? []).filter((f) => checkRemotePath(f.path).ok).map((f) => [f.path, f]));
  const commitRef = { ...s.ref, revision: s.commit };
  const others = (await recordedCommits(s.repoDir)).filter((c) => c !== s.commit);
  return { persist, listing, listed, commitRef, others };
}

/**
 * Checks the record's cache path now and returns the function that writes the record there.
 * The function throws `DatasetError` `io` when the path was refused or the write failed.
 */
async function recordWriter(s: HubDownloadSession): Promise<() => Promise<void>> {
  const recordCheck = await safeCachePath(s.cacheRoot, s.repoDir, `files/${s.commit}.json`);
  return async () => {
    if (!recordCheck.ok)
      throw new DatasetError('io', `refused to write the record of ${s.label}: ${recordCheck.message}`);
    try {
      await writeCommitRecord(s.recordPath, s.record);
    } catch (error) {
      throw new DatasetError('io', `could not write ${s.recordPath}: ${(error as Error).message}`, { cause: error });
    }
  };
}
