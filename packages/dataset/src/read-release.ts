/**
 * Reading a release directory (`data/*.jsonl`, optional `SHA256SUMS`) into a {@link Benchmark}.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RELEASE_DATA_FILES, SHA256SUMS_FILE } from '@execret/formats';
import {
  type Benchmark,
  type BenchmarkSource,
  createBenchmark,
  type LoadedFileInfo,
  type ReleaseFormat,
} from './benchmark.js';
import { type DistractorMetadata, readDistractorMetadataRecords } from './distractor-metadata.js';
import { DatasetError, type DatasetIssue, IssueCollector } from './errors.js';
import { type ReleaseExecutionCache, readExecutionCacheRecords } from './execution-cache.js';
import { DEFAULT_MAX_ISSUES, DEFAULT_READ_CHUNK_BYTES, type JsonlReadResult, readJsonl } from './jsonl.js';
import {
  type CorpusRow,
  corpusRowSchema,
  countUnknownFields,
  KNOWN_FIELDS,
  normalizeBugType,
  type QueryRow,
  queryRowSchema,
  zodIssuesToDatasetIssues,
} from './schemas.js';
import { parseSha256Sums } from './sha256sums.js';

/** Options of {@link readReleaseDirectory}. */
export interface ReadReleaseOptions {
  /** Maximum number of issues collected before the rest are only counted (default {@link DEFAULT_MAX_ISSUES}). */
  maxIssues?: number;
  /** Verify files listed in `SHA256SUMS` when it exists (default `true`). */
  verifyChecksums?: boolean;
  /** Read `distractor_metadata.jsonl` when it exists (default `true`). */
  distractorMetadata?: boolean;
  /** Read `execution_cache.jsonl` when it exists (default `true`). */
  executionCache?: boolean;
  /** Abort reading. */
  signal?: AbortSignal;
  /** Recorded as the benchmark's source (default: `{ kind: 'local', location: dir }`). */
  source?: BenchmarkSource;
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function readHashed(
  path: string,
  file: string,
  options: { maxIssues: number; tornFinalLine?: 'error' | 'drop'; signal?: AbortSignal },
) {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = createReadStream(path, { highWaterMark: DEFAULT_READ_CHUNK_BYTES });
  async function* tee(): AsyncGenerator<Uint8Array> {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
  }
  try {
    const result = await readJsonl(tee(), {
      file,
      maxIssues: options.maxIssues,
      ...(options.tornFinalLine ? { tornFinalLine: options.tornFinalLine } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { result, bytes, sha256: hash.digest('hex') };
  } catch (error) {
    if (DatasetError.is(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DatasetError('not-found', `file not found: ${path}`, { cause: error });
    throw new DatasetError('io', `could not read ${path}: ${(error as Error).message}`, { cause: error });
  } finally {
    stream.destroy();
  }
}

/**
 * Reads a release directory: `<dir>/data/{corpus,queries,distractor_metadata,execution_cache}.jsonl` (or the same
 * files directly in `<dir>`), verifying them against `<dir>/SHA256SUMS` when it exists. `corpus.jsonl` and
 * `queries.jsonl` are required; the other two are read when present.
 *
 * @throws {DatasetError} `not-found` (missing directory or required file), `checksum` (a listed file's
 *   digest differs), `parse` (malformed JSON/UTF-8 or a truncated line, with every bad line listed),
 *   `schema` (rows of the wrong shape, with file, line and field of each), `io`, `aborted`.
 * @example
 * const benchmark = await readReleaseDirectory('/data/execretrieval');
 * console.log(benchmark.queries.length, benchmark.corpus.length); // 939 4694
 */
export async function readReleaseDirectory(dir: string, options: ReadReleaseOptions = {}): Promise<Benchmark> {
  const maxIssues = options.maxIssues ?? DEFAULT_MAX_ISSUES;
  const signal = options.signal;
  const checkAbort = () => {
    if (signal?.aborted) throw new DatasetError('aborted', `reading ${dir} was aborted`, { cause: signal.reason });
  };
  let dirStat: Awaited<ReturnType<typeof stat>>;
  try {
    dirStat = await stat(dir);
  } catch (error) {
    throw new DatasetError('not-found', `release directory not found: ${dir}`, { cause: error });
  }
  if (!dirStat.isDirectory())
    throw new DatasetError('not-found', `expected a release directory, received a file: ${dir}`);
  let prefix = 'data/';
  if (!(await exists(join(dir, RELEASE_DATA_FILES.corpus)))) {
    if (await exists(join(dir, 'corpus.jsonl'))) prefix = '';
    else {
      throw new DatasetError(
        'not-found',
        `no ${RELEASE_DATA_FILES.corpus} (nor corpus.jsonl) in ${dir}; a release directory holds data/corpus.jsonl, data/queries.jsonl, data/distractor_metadata.jsonl and data/execution_cache.jsonl`,
      );
    }
  }
  const name = (base: string) => `${prefix}${base}`;
  // checksums
  let sums: Map<string, string> | null = null;
  const reportIssues: DatasetIssue[] = [];
  if (options.verifyChecksums !== false && (await exists(join(dir, SHA256SUMS_FILE)))) {
    const parsed = parseSha256Sums(await readFile(join(dir, SHA256SUMS_FILE), 'utf8'));
    sums = parsed.sums;
    reportIssues.push(...parsed.issues);
  }
  const files: LoadedFileInfo[] = [];
  const collector = new IssueCollector(maxIssues);
  const format: ReleaseFormat = {};
  const unknownFields: Record<string, Record<string, number>> = {};

  const readOne = async (base: string, tornFinalLine?: 'drop'): Promise<JsonlReadResult> => {
    checkAbort();
    const file = name(base);
    const { result, bytes, sha256 } = await readHashed(join(dir, file), file, {
      maxIssues,
      ...(tornFinalLine ? { tornFinalLine } : {}),
      ...(signal ? { signal } : {}),
    });
    let checksum: LoadedFileInfo['checksum'] = options.verifyChecksums === false ? 'skipped' : 'no-sums';
    if (sums !== null) {
      const expected = sums.get(file);
      if (expected === undefined) checksum = 'not-listed';
      else if (expected !== sha256) {
        throw new DatasetError(
          'checksum',
          `${file} in ${dir} does not match ${SHA256SUMS_FILE}: expected sha256 ${expected}, computed ${sha256}`,
        );
      } else checksum = 'verified';
    }
    files.push({ file, lines: result.lineCount, records: result.records.length, bytes, sha256, checksum });
    for (const issue of result.issues) {
      if (issue.severity === 'error') collector.add(issue);
      else reportIssues.push(issue);
    }
    collector.omitted += result.omittedIssues;
    if (result.omittedIssues > 0) collector.omittedErrors += result.omittedIssues;
    return result;
  };

  const corpusResult = await readOne('corpus.jsonl');
  format.corpus = corpusResult.layout;
  const queriesResult = await readOne('queries.jsonl');
  format.queries = queriesResult.layout;

  const corpus: CorpusRow[] = [];
  const corpusLine = new Int32Array(corpusResult.records.length);
  const corpusUnknown = new Map<string, number>();
  for (const record of corpusResult.records) {
    const parsed = corpusRowSchema.safeParse(record.value);
    if (!parsed.success) {
      for (const issue of zodIssuesToDatasetIssues(parsed.error.issues, record.value, {
        file: name('corpus.jsonl'),
        line: record.line,
      }))
        collector.add(issue);
      continue;
    }
    const row = record.value as CorpusRow;
    countUnknownFields(row, KNOWN_FIELDS.corpus, corpusUnknown);
    corpusLine[corpus.length] = record.line;
    corpus.push(row);
  }
  const queries: QueryRow[] = [];
  const queryLine = new Int32Array(queriesResult.records.length);
  const queryUnknown = new Map<string, number>();
  for (const record of queriesResult.records) {
    const parsed = queryRowSchema.safeParse(record.value);
    if (!parsed.success) {
      for (const issue of zodIssuesToDatasetIssues(parsed.error.issues, record.value, {
        file: name('queries.jsonl'),
        line: record.line,
      }))
        collector.add(issue);
      continue;
    }
    const row = record.value as QueryRow;
    countUnknownFields(row, KNOWN_FIELDS.queries, queryUnknown);
    if (row.metadata !== null && typeof row.metadata === 'object')
      countUnknownFields(row.metadata, KNOWN_FIELDS.queryMetadata, queryUnknown, 'metadata.');
    queryLine[queries.length] = record.line;
    queries.push(row);
  }
  unknownFields[name('corpus.jsonl')] = Object.fromEntries(corpusUnknown);
  unknownFields[name('queries.jsonl')] = Object.fromEntries(queryUnknown);

  let distractorMetadata: DistractorMetadata | null = null;
  if (options.distractorMetadata !== false) {
    if (await exists(join(dir, name('distractor_metadata.jsonl')))) {
      const result = await readOne('distractor_metadata.jsonl');
      format.distractorMetadata = result.layout;
      const labels = new Map<string, 'correct' | 'incorrect'>();
      for (const row of corpus) if (!labels.has(row.corpus_id)) labels.set(row.corpus_id, row.label);
      const queryIds = new Set(queries.map((q) => q.query_id));
      distractorMetadata = readDistractorMetadataRecords(result.records, {
        file: name('distractor_metadata.jsonl'),
        maxIssues,
        corpusLabel: (id) => labels.get(id),
        isQueryId: (id) => queryIds.has(id),
        bugTypes: corpus.map((r) => normalizeBugType(r.bug_type)).filter((b): b is string => b !== null),
      });
      distractorMetadata.layout = result.layout;
      reportIssues.push(...distractorMetadata.issues);
    } else {
      reportIssues.push({
        severity: 'info',
        code: 'file-absent',
        message: 'no distractor metadata in this release',
        file: name('distractor_metadata.jsonl'),
      });
    }
  }
  let executionCache: ReleaseExecutionCache | null = null;
  if (options.executionCache !== false) {
    if (await exists(join(dir, name('execution_cache.jsonl')))) {
      const result = await readOne('execution_cache.jsonl', 'drop');
      format.executionCache = result.layout;
      executionCache = readExecutionCacheRecords(result.records, { file: name('execution_cache.jsonl'), maxIssues });
      executionCache.layout = result.layout;
      reportIssues.push(...executionCache.issues);
    } else {
      reportIssues.push({
        severity: 'info',
        code: 'file-absent',
        message: 'no execution cache in this release',
        file: name('execution_cache.jsonl'),
      });
    }
  }
  if (collector.errorCount > 0 || collector.omittedErrors > 0) {
    const total = collector.errorCount + collector.omittedErrors;
    const kind = collector.issues.some((i) => i.severity === 'error' && !i.code.startsWith('schema-'))
      ? 'parse'
      : 'schema';
    throw new DatasetError(kind, `${total} problem${total === 1 ? '' : 's'} in the release at ${dir}:`, {
      issues: collector.issues.filter((i) => i.severity === 'error'),
      omittedIssues: collector.omitted,
    });
  }
  for (const [file, counts] of Object.entries(unknownFields)) {
    for (const [field, count] of Object.entries(counts)) {
      reportIssues.push({
        severity: 'info',
        code: 'unknown-field',
        message: `field "${field}" is not part of the documented format; kept on ${count} row${count === 1 ? '' : 's'}`,
        file,
      });
    }
  }
  return createBenchmark({
    corpus,
    queries,
    distractorMetadata,
    executionCache,
    format,
    source: options.source ?? { kind: 'local', location: dir },
    loadReport: { files, unknownFields, issues: reportIssues },
    corpusLine,
    queryLine,
  });
}
