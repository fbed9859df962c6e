/**
 * The Hub download's public records, beneath every phase of it: the options of `downloadHubDataset`, what it did per
 * file and in all, and what the listing phase hands to the fetch phase. The phases (session → listing → fetch → file
 * → cache) import these types from here and never from the orchestrator (`download.ts`), so the folder has no
 * import circle.
 */
import type { HubCommitResolution } from './commit.js';
import type { HubIntegrity } from './commit-record.js';
import type { DEFAULT_PROGRESS_INTERVAL_BYTES, DownloadProgressEvent } from './download-file.js';
import type { HubListedFile } from './listing.js';
import type { HubPart } from './parts.js';
import type { HubReference } from './reference.js';
import type { RefusedRemoteFile } from './safe-path.js';
import type { DEFAULT_HUB_ENDPOINT } from './urls.js';

/** Options of `downloadHubDataset`. */
export interface HubDownloadOptions {
  /** Hub endpoint (default {@link DEFAULT_HUB_ENDPOINT}). */
  endpoint?: string;
  /** Cache root (default `<home>/.cache/execret/hub`). */
  cacheDir?: string;
  /** Access token, sent as `Authorization: Bearer <token>` to the endpoint (never to a storage host it redirects to). */
  token?: string;
  /** Use only the cache; never touch the network (default `false`). */
  offline?: boolean;
  /** Download again even when a verified cached copy exists (default `false`). */
  force?: boolean;
  /** Optional folders of the release to download as well (default none). */
  with?: readonly HubPart[];
  /** `fetch` implementation (default the global one); every request goes through it. */
  fetch?: typeof globalThis.fetch;
  /** Abort the download (an interrupted file is kept and resumed by the next call). */
  signal?: AbortSignal;
  /** Progress callback. */
  onProgress?: (event: DownloadProgressEvent) => void;
  /** Minimum bytes between two `progress` events (default {@link DEFAULT_PROGRESS_INTERVAL_BYTES}). */
  progressIntervalBytes?: number;
}

/** What `downloadHubDataset` did for one file. */
export interface HubFileResult {
  file: string;
  /** `downloaded` now, or `cached` (reused). */
  status: 'downloaded' | 'cached';
  bytes: number;
  /** Whether the file was checked against `SHA256SUMS` (false when the repository has none or does not list it). */
  verified: boolean;
  /** What the file was checked against. */
  integrity: HubIntegrity;
  /** For a cached file taken over from an earlier commit's snapshot: that commit. */
  reusedFrom?: string;
  /** For a download that resumed an interrupted one: the bytes that were kept. */
  resumedFromBytes?: number;
  /** The optional folder the file belongs to. */
  part?: HubPart;
}

/** Result of `downloadHubDataset`. */
export interface HubDownloadResult {
  /** The local release directory of the commit (pass it to `readReleaseDirectory`). */
  dir: string;
  ref: HubReference;
  /** The commit the files are from (40 hex digits). */
  commit: string;
  /** How the commit was found (see `HubCommitResolution`). */
  resolution: HubCommitResolution;
  /** The data files, then the files of the optional folders (by path). */
  files: HubFileResult[];
  /** Whether a `SHA256SUMS` was available (remote or cached). */
  checksums: boolean;
  /** `true` when the network was not used (offline option, or the Hub unreachable and the cache complete). */
  offline: boolean;
  /** Why the network was not used, when `offline` is true. */
  offlineReason?: string;
  /** Each requested optional folder → its local directory. */
  parts: Partial<Record<HubPart, string>>;
  /** Listed names that were refused (path traversal, absolute, control characters, links out of the cache). */
  refused: RefusedRemoteFile[];
}

/** What the download of the commit's files works with. */
export interface HubCommitFiles {
  /** Writes the session's record to its file. */
  persist: () => Promise<void>;
  /** The commit's listing, `null` when the Hub has no tree API. */
  listing: HubListedFile[] | null;
  /** The listed files whose names pass `checkRemotePath`, by path. */
  listed: Map<string, HubListedFile>;
  /** The reference pinned to the commit (for the `resolve/<commit>/` URLs). */
  commitRef: HubReference;
  /** The other commits with a record in the cache. */
  others: string[];
}
