import { existsSync } from 'node:fs';
import {
  DEFAULT_LANGUAGE,
  EXECUTION_CACHE_FIELDS,
  type ExecutionCacheRecord,
  formatExecutionCacheLine,
  isJudged,
  isLanguage,
  isOutcome,
  type JsonlAppender,
  type JsonlLineContext,
  type JsonlLogIssue,
  LANGUAGES,
  type Language,
  openJsonlAppender,
  type ParsedJsonlLog,
  parseJsonlLog,
  readJsonlLog,
  SUITE_STATUSES,
  type SuiteStatus,
  suiteStatus,
} from '@execret/formats';
import { abortError, OracleError } from './errors.js';

/**
 * One execution of one snippet against one suite, as read from `execution_cache.jsonl` (the record type and its
 * writer, `formatExecutionCacheLine`, are `@execret/formats`'s): every field of the line the record does not
 * name is kept in `extra`. A line without `judged` reads as `child` for every test.
 */
export interface ExecutionCacheEntry extends ExecutionCacheRecord {
  /** Every other field of the line, kept as read (writers may add fields). */
  extra: Record<string, unknown>;
}

/** What a reader did not understand in a cache file. Lines are 1-based. */
export interface ExecutionCacheIssue {
  /** 1-based line number. */
  line: number;
  /**
   * - `torn-line`: the last line does not end in `\n` (a killed writer); ignored.
   * - `invalid-json`: the line is not JSON; ignored.
   * - `invalid-entry`: JSON, but without valid hashes or outcome list; ignored.
   * - `inconsistent`: `passes_all_tests` or `status` disagree with `test_results` (the entry is kept
   *   with both recomputed from `test_results`), or `judged` is not one `split`/`child`/`fallback` per
   *   outcome, or `work` not a non-negative integer, or `work_limit` not a positive integer (the entry is kept
   *   without it).
   */
  kind: 'torn-line' | 'invalid-json' | 'invalid-entry' | 'inconsistent';
  /** Human-readable detail. */
  message: string;
}

/** Result of {@link parseExecutionCache}. */
export interface ParsedExecutionCache {
  /** Valid entries in file order (duplicates included; the last one of a key wins on lookup). */
  entries: ExecutionCacheEntry[];
  /** Everything that was skipped or corrected, with its line. */
  issues: ExecutionCacheIssue[];
  /** Number of complete lines (ending in `\n`), blank ones included. */
  lines: number;
}

/** Map key of an entry: Python keeps the two hashes alone (the release's lines), other languages are prefixed. */
function cacheKey(code: string, tests: string, language: Language | undefined): string {
  return language === undefined || language === DEFAULT_LANGUAGE ? `${code}:${tests}` : `${language}:${code}:${tests}`;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;
const KNOWN_FIELDS: ReadonlySet<string> = new Set(EXECUTION_CACHE_FIELDS);

/**
 * Parses the text of an `execution_cache.jsonl` file, tolerantly (`parseJsonlLog` of `@execret/formats`): a UTF-8
 * BOM and `\r` before `\n` are accepted, blank lines are skipped, a final line without `\n` is a torn write and
 * ignored, and every line that cannot be used is reported as an issue instead of failing the whole file. Hashes are
 * lowercased. An entry needs `code_sha256` and `tests_sha256` (64 hex digits) and `test_results` (an
 * array of outcome strings, see `isOutcome`); `passes_all_tests` and `status` are recomputed from
 * `test_results` when missing or contradictory, and a `status` of another writer's rule is kept when it
 * agrees with `passes_all_tests`.
 *
 * @param text - the whole file
 * @example
 * const { entries, issues } = parseExecutionCache(
 *   '{"code_sha256":"' + 'a'.repeat(64) + '","tests_sha256":"' + 'b'.repeat(64) +
 *   '","test_results":["pass","FAIL"]}\n{"code_sha256":"tor',
 * );
 * entries[0].status;   // 'fail' (recomputed: the line has no status)
 * issues[0];           // { line: 2, kind: 'torn-line', message: '…' }
 */
export function parseExecutionCache(text: string): ParsedExecutionCache {
  return toParsedCache(parseJsonlLog(text, toEntry));
}

/** The log's issues in this cache's vocabulary: a record the parser rejected is an `invalid-entry`. */
function toParsedCache(parsed: ParsedJsonlLog<ExecutionCacheEntry, 'inconsistent'>): ParsedExecutionCache {
  const issues = parsed.issues.map(
    (issue: JsonlLogIssue<'inconsistent'>): ExecutionCacheIssue => ({
      line: issue.line,
      kind: issue.kind === 'invalid-record' ? 'invalid-entry' : issue.kind,
      message: issue.message,
    }),
  );
  return { entries: parsed.records, issues, lines: parsed.lines };
}

function toEntry(value: unknown, context: JsonlLineContext<'inconsistent'>): ExecutionCacheEntry | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return context.reject('not a JSON object');
  const record = value as Record<string, unknown>;
  const code = record.code_sha256;
  const tests = record.tests_sha256;
  const results = record.test_results;
  if (typeof code !== 'string' || !HEX64.test(code)) return context.reject('code_sha256 is not 64 hex digits');
  if (typeof tests !== 'string' || !HEX64.test(tests)) return context.reject('tests_sha256 is not 64 hex digits');
  if (!Array.isArray(results)) return context.reject('test_results is not an array');
  const bad = results.findIndex((o) => !isOutcome(o));
  if (bad >= 0) {
    return context.reject(
      `test_results[${bad}] = ${JSON.stringify(results[bad]).slice(0, 60)} is not an outcome (pass, FAIL, FAIL: <msg>, ERROR:<Type>: <msg>, TIMEOUT)`,
    );
  }
  const testResults = results as string[];
  const derived = suiteStatus(testResults);
  const passes = derived === 'pass';
  let status: SuiteStatus = derived;
  if (record.passes_all_tests !== undefined && record.passes_all_tests !== passes) {
    context.note(
      'inconsistent',
      `passes_all_tests is ${JSON.stringify(record.passes_all_tests)} but test_results say ${String(passes)}; using test_results`,
    );
  }
  const given = record.status;
  if (given !== undefined) {
    if (
      typeof given === 'string' &&
      (SUITE_STATUSES as readonly string[]).includes(given) &&
      (given === 'pass') === passes
    ) {
      status = given as SuiteStatus;
    } else {
      context.note(
        'inconsistent',
        `status ${JSON.stringify(given)} does not agree with test_results (expected one of ${SUITE_STATUSES.join(', ')}, '${derived}' by this package's rule); using '${derived}'`,
      );
    }
  }
  const extra: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) if (!KNOWN_FIELDS.has(key)) extra[key] = v;
  const entry: ExecutionCacheEntry = {
    codeSha256: code.toLowerCase(),
    testsSha256: tests.toLowerCase(),
    testResults: [...testResults],
    passesAllTests: passes,
    status,
    extra,
  };
  if (typeof record.duration_ms === 'number' && Number.isFinite(record.duration_ms))
    entry.durationMs = record.duration_ms;
  if (typeof record.isolation === 'string') entry.isolation = record.isolation;
  if (record.work_limit !== undefined) {
    if (Number.isSafeInteger(record.work_limit) && (record.work_limit as number) >= 1)
      entry.workLimit = record.work_limit as number;
    else
      context.note(
        'inconsistent',
        `work_limit ${JSON.stringify(record.work_limit).slice(0, 40)} is not a positive integer; ignored`,
      );
  }
  if (record.work !== undefined) {
    if (Number.isSafeInteger(record.work) && (record.work as number) >= 0) entry.work = record.work as number;
    else
      context.note(
        'inconsistent',
        `work ${JSON.stringify(record.work).slice(0, 40)} is not a non-negative integer; ignored`,
      );
  }
  const language = record.language;
  if (language !== undefined) {
    if (!isLanguage(language))
      return context.reject(`language ${JSON.stringify(language).slice(0, 40)} is not one of ${LANGUAGES.join(', ')}`);
    if (language !== DEFAULT_LANGUAGE) entry.language = language;
  }
  const judged = record.judged;
  if (judged !== undefined) {
    if (Array.isArray(judged) && judged.length === testResults.length && judged.every(isJudged)) {
      entry.judged = [...judged];
    } else {
      context.note(
        'inconsistent',
        `judged ${JSON.stringify(judged).slice(0, 60)} is not one of split, child, fallback per outcome (${testResults.length}); ignored`,
      );
    }
  }
  return entry;
}

/** An open, append-only execution cache (see {@link openExecutionCache}). */
export interface ExecutionCache {
  /** The file this cache reads and appends to. */
  readonly file: string;
  /** Number of distinct (`code_sha256`, `tests_sha256`) keys held. */
  readonly size: number;
  /** What was skipped or corrected when the file was loaded. */
  readonly issues: readonly ExecutionCacheIssue[];
  /**
   * The latest entry for a key, or `undefined`. Hashes are compared lowercased; `language` (default
   * `python`) is part of the key (a line without `language` is Python).
   */
  get(codeSha256: string, testsSha256: string, language?: Language): ExecutionCacheEntry | undefined;
  /** Appends one line (one `write` call) and makes it the latest entry of its key. */
  put(entry: ExecutionCacheRecord): void;
  /** The latest entry of every key, ordered by when that latest entry was loaded or put. */
  entries(): IterableIterator<ExecutionCacheEntry>;
  /** Closes the file; later `put` calls throw `OracleError('cache-io')`. Idempotent. */
  close(): void;
}

/** Options of {@link openExecutionCache}. */
export interface OpenExecutionCacheOptions {
  signal?: AbortSignal;
}

/**
 * Opens (creating it and its directory when missing) an append-only `execution_cache.jsonl` and loads it
 * into memory. Lookups are a `Map` keyed by both hashes; duplicates are allowed in the file and the last
 * line of a key wins. Every new entry is appended as one line with a single `write` call on a file opened
 * with `O_APPEND` (`openJsonlAppender` of `@execret/formats`), so concurrent writers do not interleave and a process killed at any moment leaves at
 * most one torn final line. A torn final line found at open is reported in `issues` and then terminated
 * with a `\n` (so the next append starts a fresh line and the fragment stays an ignored invalid line).
 *
 * @param file - path of the JSONL file
 * @param options - `signal` to abort while reading
 * @throws {OracleError} `cache-io` when the file cannot be read, created or opened for appending
 * @example
 * const cache = await openExecutionCache('out/execution_cache.jsonl');
 * cache.get(codeSha256(code), testsSha256(tests))?.testResults; // ['pass', 'FAIL', …] or undefined
 * cache.close();
 */
export async function openExecutionCache(
  file: string,
  options: OpenExecutionCacheOptions = {},
): Promise<ExecutionCache> {
  if (typeof file !== 'string' || file === '') {
    throw new TypeError(
      `@execret/oracle openExecutionCache: expected file to be a non-empty path, received ${JSON.stringify(file)}`,
    );
  }
  const { signal } = options;
  if (signal?.aborted) throw abortError('openExecutionCache', signal);
  let parsed: ParsedExecutionCache;
  try {
    parsed = toParsedCache(await readJsonlLog(file, toEntry, signal ? { signal } : {}));
  } catch (cause) {
    if (signal?.aborted) throw abortError('openExecutionCache', signal);
    throw new OracleError(
      'cache-io',
      `@execret/oracle openExecutionCache: cannot read ${file} (${(cause as Error).message})`,
      { cause },
    );
  }
  const map = new Map<string, ExecutionCacheEntry>();
  for (const entry of parsed.entries) {
    const key = cacheKey(entry.codeSha256, entry.testsSha256, entry.language);
    map.delete(key);
    map.set(key, entry);
  }
  let log: JsonlAppender;
  try {
    log = openJsonlAppender(file);
  } catch (cause) {
    throw new OracleError(
      'cache-io',
      `@execret/oracle openExecutionCache: cannot open ${file} for appending (${(cause as Error).message})`,
      { cause },
    );
  }
  return {
    file,
    issues: parsed.issues,
    get size() {
      return map.size;
    },
    get(code, tests, language) {
      return map.get(cacheKey(code.toLowerCase(), tests.toLowerCase(), language));
    },
    put(entry) {
      const line = formatExecutionCacheLine(entry);
      if (log.closed) {
        throw new OracleError('cache-io', `@execret/oracle ExecutionCache.put: the cache ${file} is closed`);
      }
      try {
        log.append(line);
      } catch (cause) {
        throw new OracleError(
          'cache-io',
          `@execret/oracle ExecutionCache.put: cannot append to ${file} (${(cause as Error).message})`,
          { cause },
        );
      }
      const stored: ExecutionCacheEntry = {
        ...entry,
        testResults: [...entry.testResults],
        ...(entry.judged !== undefined ? { judged: [...entry.judged] } : {}),
        extra: { ...(entry.extra ?? {}) },
      };
      const key = cacheKey(stored.codeSha256, stored.testsSha256, stored.language);
      map.delete(key);
      map.set(key, stored);
    },
    entries() {
      return map.values();
    },
    close() {
      log.close();
    },
  };
}

/**
 * Appends to `cache` every entry of the execution cache file `source` whose key (hashes and language) `cache`
 * lacks, so that `cache` then answers every lookup `source` could (merging the caches of sharded runs). A
 * missing `source` adds nothing.
 *
 * @returns how many entries were added
 * @throws {OracleError} `cache-io` when `source` cannot be read
 */
export async function mergeExecutionCache(cache: ExecutionCache, source: string): Promise<number> {
  if (!existsSync(source)) return 0;
  const other = await openExecutionCache(source);
  let added = 0;
  try {
    for (const entry of other.entries()) {
      if (cache.get(entry.codeSha256, entry.testsSha256, entry.language) !== undefined) continue;
      cache.put(entry);
      added++;
    }
  } finally {
    other.close();
  }
  return added;
}
