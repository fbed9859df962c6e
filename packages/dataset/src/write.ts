/**
 * `writeExecRetrieval`: writing a {@link Benchmark} in the release format, deterministically.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RELEASE_DATA_FILES, SHA256SUMS_FILE } from '@execret/formats';
import type { Benchmark } from './benchmark.js';
import { DatasetError } from './errors.js';
import { COMPACT_JSON_STYLE, type JsonStyle, PYTHON_JSON_STYLE, serializeJson } from './json-style.js';
import type { JsonlLayout } from './jsonl.js';
import { KNOWN_FIELDS } from './schemas.js';

/** Options of {@link writeExecRetrieval}. */
export interface WriteExecRetrievalOptions {
  /**
   * `'preserve'` (default): reproduce each file's layout as it was read (BOM, line ending, blank lines, final
   * newline, JSON style, key order); files without a recorded layout are written canonically.
   * `'canonical'`: the documented layout for every file (see {@link canonicalLayout}).
   */
  layout?: 'preserve' | 'canonical';
  /** Write `distractor_metadata.jsonl` when the benchmark has it (default `true`). */
  distractorMetadata?: boolean;
  /** Write `execution_cache.jsonl` when the benchmark has it (default `true`). */
  executionCache?: boolean;
  /** Also write `SHA256SUMS` listing the files written (default `false`). */
  sha256sums?: boolean;
}

/** One file written. */
export interface WrittenFile {
  /** Path relative to the release root. */
  file: string;
  bytes: number;
  /** Lowercase hex SHA-256 of the bytes written. */
  sha256: string;
}

/** Result of {@link writeExecRetrieval}. */
export interface WriteExecRetrievalResult {
  dir: string;
  files: WrittenFile[];
}

/**
 * The canonical layout: UTF-8 without BOM, LF endings, a newline after every line, no blank lines; data files in
 * Python's default `json.dumps` style ({@link PYTHON_JSON_STYLE}: `", "`/`": "`, non-ASCII escaped), the
 * execution cache in `JSON.stringify` style ({@link COMPACT_JSON_STYLE}), as docs/formats.md fixes it.
 *
 * @example
 * canonicalLayout('data/execution_cache.jsonl').style; // COMPACT_JSON_STYLE
 */
export function canonicalLayout(file: string): JsonlLayout {
  return {
    bom: false,
    eol: '\n',
    mixedEol: false,
    finalNewline: true,
    blankLines: [],
    style: { ...(file.endsWith('execution_cache.jsonl') ? COMPACT_JSON_STYLE : PYTHON_JSON_STYLE) },
    styleExact: true,
    recordCount: 0,
  };
}

function orderKeys(row: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of known) if (Object.hasOwn(row, key)) out[key] = row[key];
  for (const key of Object.keys(row)) if (!(key in out)) out[key] = row[key];
  return out;
}

/**
 * Serialises rows as a JSONL file with a given layout. Blank lines are put back only when `rows.length` equals
 * the number of records the layout was read from.
 *
 * @example
 * serializeJsonl([{ a: 1 }, { a: 2 }], canonicalLayout('x.jsonl')); // '{"a": 1}\n{"a": 2}\n'
 */
export function serializeJsonl(rows: readonly unknown[], layout: JsonlLayout): string {
  const style: JsonStyle = layout.style;
  const lines: string[] = [];
  const blanks = rows.length === layout.recordCount ? layout.blankLines : [];
  let b = 0;
  for (let i = 0; i < rows.length; i++) {
    while (b < blanks.length && (blanks[b] as { before: number }).before <= i)
      lines.push((blanks[b++] as { text: string }).text);
    lines.push(serializeJson(rows[i], style));
  }
  while (b < blanks.length) lines.push((blanks[b++] as { text: string }).text);
  let text = lines.join(layout.eol);
  if (lines.length > 0 && layout.finalNewline) text += layout.eol;
  return layout.bom ? `\ufeff${text}` : text;
}

/** Writes `data` to a temporary name beside `path`, then renames it: a reader never sees half a file. */
export async function writeAtomic(path: string, data: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(temp, data, 'utf8');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw new DatasetError('io', `could not write ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Writes a benchmark as a release directory: `<dir>/data/corpus.jsonl` and `<dir>/data/queries.jsonl`, plus
 * `distractor_metadata.jsonl` and `execution_cache.jsonl` when the benchmark holds them (and, on request,
 * `SHA256SUMS`). Output depends only on the benchmark and the options. Rows are written as stored, unknown
 * fields included; load → write → load gives equal rows, and with the default `'preserve'` layout the bytes of a
 * loaded release are reproduced (limits: integral floats such as `1.0` lose their fraction; index-like object
 * keys move first; files mixing LF and CRLF are written with the majority ending). Each file is written to a
 * temporary name and renamed.
 *
 * @throws {DatasetError} `io` when a file cannot be written.
 * @example
 * const b = await loadExecRetrieval('./release');
 * await writeExecRetrieval('./copy', b); // ./copy/data/*.jsonl, byte-identical to ./release/data/*.jsonl
 */
export async function writeExecRetrieval(
  dir: string,
  benchmark: Benchmark,
  options: WriteExecRetrievalOptions = {},
): Promise<WriteExecRetrievalResult> {
  const preserve = (options.layout ?? 'preserve') === 'preserve';
  const layoutFor = (file: string, recorded: JsonlLayout | undefined) =>
    preserve && recorded ? recorded : canonicalLayout(file);
  const jobs: { file: string; text: string }[] = [];
  const corpusRows =
    preserve && benchmark.format.corpus
      ? benchmark.corpus
      : benchmark.corpus.map((r) => orderKeys(r, KNOWN_FIELDS.corpus));
  jobs.push({
    file: RELEASE_DATA_FILES.corpus,
    text: serializeJsonl(corpusRows, layoutFor(RELEASE_DATA_FILES.corpus, benchmark.format.corpus)),
  });
  const queryRows =
    preserve && benchmark.format.queries
      ? benchmark.queries
      : benchmark.queries.map((r) => orderKeys(r, KNOWN_FIELDS.queries));
  jobs.push({
    file: RELEASE_DATA_FILES.queries,
    text: serializeJsonl(queryRows, layoutFor(RELEASE_DATA_FILES.queries, benchmark.format.queries)),
  });
  if (options.distractorMetadata !== false && benchmark.distractorMetadata !== null) {
    const rows = benchmark.distractorMetadata.rows.map((r) => r.raw);
    jobs.push({
      file: RELEASE_DATA_FILES.distractorMetadata,
      text: serializeJsonl(rows, layoutFor(RELEASE_DATA_FILES.distractorMetadata, benchmark.format.distractorMetadata)),
    });
  }
  if (options.executionCache !== false && benchmark.executionCache !== null) {
    const rows = benchmark.executionCache.rows.map((r) => r.value);
    jobs.push({
      file: RELEASE_DATA_FILES.executionCache,
      text: serializeJsonl(rows, layoutFor(RELEASE_DATA_FILES.executionCache, benchmark.format.executionCache)),
    });
  }
  try {
    await mkdir(join(dir, 'data'), { recursive: true });
  } catch (error) {
    throw new DatasetError('io', `could not create ${join(dir, 'data')}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const files: WrittenFile[] = [];
  for (const job of jobs) {
    const bytes = Buffer.from(job.text, 'utf8');
    await writeAtomic(join(dir, job.file), job.text);
    files.push({ file: job.file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  if (options.sha256sums) {
    const text = files.map((f) => `${f.sha256}  ${f.file}\n`).join('');
    await writeAtomic(join(dir, SHA256SUMS_FILE), text);
    files.push({
      file: SHA256SUMS_FILE,
      bytes: Buffer.byteLength(text),
      sha256: createHash('sha256').update(text).digest('hex'),
    });
  }
  return { dir, files };
}
