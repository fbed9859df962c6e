/** The pieces of a `downloadHubDataset` result. */

import { join } from 'node:path';
import type { HubFileRecord } from './commit-record.js';
import type { HubDownloadSession } from './download-session.js';
import type { HubPart } from './parts.js';
import type { RefusedRemoteFile } from './safe-path.js';
import type { HubFileResult } from './types.js';

/** The result for one file, from its record; a `cached` file also gets its `cached` progress event now. */
export function fileResult(
  s: Pick<HubDownloadSession, 'onProgress'>,
  file: string,
  status: 'downloaded' | 'cached',
  rec: HubFileRecord,
  extra: Partial<HubFileResult> = {},
): HubFileResult {
  const result: HubFileResult = {
    file,
    status,
    bytes: rec.bytes,
    verified: rec.integrity === 'sha256sums',
    integrity: rec.integrity,
    ...extra,
  };
  if (status === 'cached') s.onProgress?.({ file, phase: 'cached', receivedBytes: rec.bytes, totalBytes: rec.bytes });
  return result;
}

/** Each requested optional folder → its folder in the snapshot. */
export function partDirs(s: Pick<HubDownloadSession, 'parts' | 'dir'>): Partial<Record<HubPart, string>> {
  return Object.fromEntries(s.parts.map((p) => [p, join(s.dir, p)]));
}

/** The refusals without repeats (same reason and path), first occurrence kept. */
export function dedupe(refused: readonly RefusedRemoteFile[]): RefusedRemoteFile[] {
  const seen = new Set<string>();
  return refused.filter((r) => {
    const key = `${r.reason}\0${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
