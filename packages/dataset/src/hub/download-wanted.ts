/** Which files `downloadHubDataset` brings into the snapshot: the data files, then the optional folders' files. */
import { RELEASE_DATA_FILES } from '@execret/formats';
import type { HubListedFile } from './listing.js';
import type { HubPart } from './parts.js';
import { checkRemotePath, type RefusedRemoteFile } from './safe-path.js';

const DATA_FILES = [
  RELEASE_DATA_FILES.corpus,
  RELEASE_DATA_FILES.queries,
  RELEASE_DATA_FILES.distractorMetadata,
  RELEASE_DATA_FILES.executionCache,
];

/** One file to bring into the snapshot, with the optional folder it belongs to. */
export interface Wanted {
  file: string;
  part?: HubPart;
}

/**
 * The four data files, then for each part (in the given order) the listed files under `<part>/` whose names pass
 * `checkRemotePath`, sorted by path. With no listing, the parts contribute no file.
 */
export function wantedFiles(parts: readonly HubPart[], listing: readonly HubListedFile[] | null): Wanted[] {
  const wanted: Wanted[] = DATA_FILES.map((file) => ({ file }));
  for (const part of parts) {
    const inPart = (listing ?? [])
      .filter((f) => f.path.startsWith(`${part}/`) && checkRemotePath(f.path).ok)
      .map((f) => f.path)
      .sort();
    for (const file of inPart) wanted.push({ file, part });
  }
  return wanted;
}

/** The listed names that `checkRemotePath` refuses, in listing order. */
export function refusedNames(listing: readonly HubListedFile[]): RefusedRemoteFile[] {
  const out: RefusedRemoteFile[] = [];
  for (const f of listing) {
    const check = checkRemotePath(f.path);
    if (!check.ok) out.push({ path: f.path, reason: check.reason, message: check.message });
  }
  return out;
}
