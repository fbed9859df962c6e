/**
 * `loadExecRetrieval`: one entry point for the three kinds of source.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Benchmark } from './benchmark.js';
import { DatasetError } from './errors.js';
import { downloadHubDataset } from './hub/download.js';
import { type HubPart, hubParts } from './hub/parts.js';
import { parseHubReference } from './hub/reference.js';
import type { HubDownloadOptions } from './hub/types.js';
import { BUNDLED_DATASETS, type BundledDataset, bundledDatasetDirectory } from './mini.js';
import { type ReadReleaseOptions, readReleaseDirectory } from './read-release.js';

/**
 * Options of {@link loadExecRetrieval}: those of the Hub download and of the directory reader. `with` names optional
 * folders of the release (`embeddings`, `results`, `tests`): downloaded for a Hub source, required to exist for a
 * local one; either way `benchmark.source.parts` then maps each to its local directory.
 */
export interface LoadExecRetrievalOptions extends HubDownloadOptions, Omit<ReadReleaseOptions, 'source'> {}

/**
 * Loads an ExecRetrieval release into a {@link Benchmark}. `source` is one of:
 * - `'mini'` or `'mini-js'`: the small datasets bundled with this package (100 Python tasks, and the same tasks
 *   in JavaScript; `source.kind` is `'mini'` for both, `source.location` their directory);
 * - `'hf:owner/name'` or `'hf:owner/name@revision'`: a Hugging Face dataset repository, downloaded into
 *   `options.cacheDir` (see `downloadHubDataset`) and read from there; the revision is resolved to its commit,
 *   recorded in `benchmark.source.commit` and `benchmark.loadReport.hub` (`@<40-hex commit>` reproduces it);
 * - anything else: a local release directory (holding `data/corpus.jsonl`, ...).
 *
 * Loading fails on any malformed line or schema violation and lists every problem (file, line, field); warnings
 * and unknown fields are reported on `benchmark.loadReport`. Integrity across files is checked separately by
 * `validateBenchmark`.
 *
 * @throws {DatasetError} `source`, `not-found`, `parse`, `schema`, `checksum`, `download`,
 *   `aborted`, `io`.
 * @throws {TypeError} for an unknown name in `options.with`.
 * @example
 * const mini = await loadExecRetrieval('mini');
 * const miniJs = await loadExecRetrieval('mini-js'); // miniJs.queryLanguage[0] === 'javascript'
 * const full = await loadExecRetrieval('hf:anonpapersubmission01/execretrieval', {
 *   cacheDir: '/tmp/hub', with: ['embeddings'],
 * });
 * full.source.commit;           // '…40 hex digits…'
 * full.source.parts?.embeddings; // '/tmp/hub/datasets/…/snapshots/<commit>/embeddings'
 * const local = await loadExecRetrieval('./release', { executionCache: false });
 */
export async function loadExecRetrieval(source: string, options: LoadExecRetrievalOptions = {}): Promise<Benchmark> {
  if (typeof source !== 'string')
    throw new TypeError(`@execret/dataset: loadExecRetrieval expects a string source, received ${typeof source}`);
  if (source.trim() === '') {
    throw new DatasetError(
      'source',
      "expected a source: a release directory, 'hf:owner/name[@revision]', 'mini' or 'mini-js'; received an empty string",
    );
  }
  const parts = hubParts(options.with ?? []);
  const readOptions: ReadReleaseOptions = {};
  if (options.maxIssues !== undefined) readOptions.maxIssues = options.maxIssues;
  if (options.verifyChecksums !== undefined) readOptions.verifyChecksums = options.verifyChecksums;
  if (options.distractorMetadata !== undefined) readOptions.distractorMetadata = options.distractorMetadata;
  if (options.executionCache !== undefined) readOptions.executionCache = options.executionCache;
  if (options.signal !== undefined) readOptions.signal = options.signal;

  if ((BUNDLED_DATASETS as readonly string[]).includes(source)) {
    const dir = bundledDatasetDirectory(source as BundledDataset);
    const miniParts = await localPartDirectories(dir, parts);
    return readReleaseDirectory(dir, {
      ...readOptions,
      source: { kind: 'mini', location: dir, ...(parts.length > 0 ? { parts: miniParts } : {}) },
    });
  }
  if (source.startsWith('hf:')) {
    const ref = parseHubReference(source);
    const download = await downloadHubDataset(ref, { ...options, with: parts });
    // The download verified every file already; do not hash them twice.
    const benchmark = await readReleaseDirectory(download.dir, {
      ...readOptions,
      verifyChecksums: false,
      source: {
        kind: 'hub',
        location: `hf:${ref.owner}/${ref.name}`,
        revision: ref.revision,
        commit: download.commit,
        ...(parts.length > 0 ? { parts: download.parts } : {}),
      },
    });
    for (const info of benchmark.loadReport.files) {
      const downloaded = download.files.find((f) => f.file === info.file);
      if (downloaded !== undefined) info.checksum = downloaded.verified ? 'verified' : 'no-sums';
    }
    benchmark.loadReport.hub = {
      repository: `${ref.owner}/${ref.name}`,
      revision: ref.revision,
      commit: download.commit,
      resolution: download.resolution,
      offline: download.offline,
      ...(download.offlineReason !== undefined ? { offlineReason: download.offlineReason } : {}),
      checksums: download.checksums,
      files: download.files,
      parts: download.parts,
      refused: download.refused,
    };
    if (download.resolution === 'cached-ref') {
      benchmark.loadReport.issues.push({
        severity: 'warning',
        code: 'hub-cached-commit',
        message: `${source} was not resolved on the Hub (${download.offlineReason ?? 'offline'}); used commit ${download.commit}, the one it last resolved to`,
      });
    }
    for (const r of download.refused) {
      benchmark.loadReport.issues.push({
        severity: 'warning',
        code: 'hub-refused-name',
        message: `${r.message} (${r.reason})`,
      });
    }
    return benchmark;
  }
  const dir = resolve(source);
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) {
    const hint = /^[\w.-]+\/[\w.-]+(@\S+)?$/.test(source) ? ` (did you mean 'hf:${source}'?)` : '';
    throw new DatasetError(
      'not-found',
      `release directory not found: ${dir}${hint}; expected a directory, 'hf:owner/name[@revision]', 'mini' or 'mini-js'`,
    );
  }
  const localParts = await localPartDirectories(dir, parts);
  return readReleaseDirectory(dir, {
    ...readOptions,
    source: { kind: 'local', location: dir, ...(parts.length > 0 ? { parts: localParts } : {}) },
  });
}

async function localPartDirectories(dir: string, parts: readonly HubPart[]): Promise<Partial<Record<HubPart, string>>> {
  const out: Partial<Record<HubPart, string>> = {};
  for (const part of parts) {
    const path = join(dir, part);
    const isDir = await stat(path).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isDir) throw new DatasetError('not-found', `the release directory ${dir} has no ${part}/ folder`);
    out[part] = path;
  }
  return out;
}
