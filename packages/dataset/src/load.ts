/**
 * `loadExecRetrieval`: one entry point for the three kinds of source.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Benchmark } from './benchmark.js';
import { DatasetError } from './errors.js';
import { downloadHubDataset, type HubDownloadOptions, parseHubReference } from './hub.js';
import { miniDatasetDirectory } from './mini.js';
import { type ReadReleaseOptions, readReleaseDirectory } from './read-release.js';

/** Options of {@link loadExecRetrieval}: those of the Hub download and of the directory reader. */
export interface LoadExecRetrievalOptions extends HubDownloadOptions, Omit<ReadReleaseOptions, 'source'> {}

/**
 * Loads an ExecRetrieval release into a {@link Benchmark}. `source` is one of:
 * - `'mini'`: the small dataset bundled with this package;
 * - `'hf:owner/name'` or `'hf:owner/name@revision'`: a Hugging Face dataset repository, downloaded into
 *   `options.cacheDir` (see `downloadHubDataset`) and read from there;
 * - anything else: a local release directory (holding `data/corpus.jsonl`, ...).
 *
 * Loading fails on any malformed line or schema violation and lists every problem (file, line, field); warnings
 * and unknown fields are reported on `benchmark.loadReport`. Integrity across files is checked separately by
 * `validateBenchmark`.
 *
 * @throws {DatasetError} `source`, `not-found`, `parse`, `schema`, `checksum`, `download`,
 *   `aborted`, `io`.
 * @example
 * const mini = await loadExecRetrieval('mini');
 * const full = await loadExecRetrieval('hf:anonpapersubmission01/execretrieval', { cacheDir: '/tmp/hub' });
 * const local = await loadExecRetrieval('./release', { executionCache: false });
 */
export async function loadExecRetrieval(source: string, options: LoadExecRetrievalOptions = {}): Promise<Benchmark> {
  if (typeof source !== 'string')
    throw new TypeError(`@execret/dataset: loadExecRetrieval expects a string source, received ${typeof source}`);
  if (source.trim() === '') {
    throw new DatasetError(
      'source',
      "expected a source: a release directory, 'hf:owner/name[@revision]' or 'mini'; received an empty string",
    );
  }
  const readOptions: ReadReleaseOptions = {};
  if (options.maxIssues !== undefined) readOptions.maxIssues = options.maxIssues;
  if (options.verifyChecksums !== undefined) readOptions.verifyChecksums = options.verifyChecksums;
  if (options.distractorMetadata !== undefined) readOptions.distractorMetadata = options.distractorMetadata;
  if (options.executionCache !== undefined) readOptions.executionCache = options.executionCache;
  if (options.signal !== undefined) readOptions.signal = options.signal;

  if (source === 'mini') {
    const dir = miniDatasetDirectory();
    return readReleaseDirectory(dir, { ...readOptions, source: { kind: 'mini', location: dir } });
  }
  if (source.startsWith('hf:')) {
    const ref = parseHubReference(source);
    const download = await downloadHubDataset(ref, options);
    // The download verified every file against SHA256SUMS already; do not hash them twice.
    const benchmark = await readReleaseDirectory(download.dir, {
      ...readOptions,
      verifyChecksums: false,
      source: { kind: 'hub', location: `hf:${ref.owner}/${ref.name}`, revision: ref.revision },
    });
    for (const info of benchmark.loadReport.files) {
      const downloaded = download.files.find((f) => f.file === info.file);
      if (downloaded !== undefined) info.checksum = downloaded.verified ? 'verified' : 'no-sums';
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
      `release directory not found: ${dir}${hint}; expected a directory, 'hf:owner/name[@revision]' or 'mini'`,
    );
  }
  return readReleaseDirectory(dir, { ...readOptions, source: { kind: 'local', location: dir } });
}
