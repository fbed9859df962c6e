import {
  type JsonlAppender,
  type JsonlLineContext,
  type JsonlLogIssue,
  openJsonlAppender,
  type ParsedJsonlLog,
  parseJsonlLog,
  readJsonlLog,
} from '@execret/formats';
import { RerankersError } from '../errors.js';

/** One cached score: the key and the two numbers of a hit. */
export interface ScoreRecord {
  /** `info.configHash` of the reranker. */
  readonly configHash: string;
  /** SHA-256 of the query text (UTF-8). */
  readonly querySha256: string;
  /** SHA-256 of the candidate text (UTF-8). */
  readonly snippetSha256: string;
  /**
   * `null` for a pointwise reranker; for one whose scores depend on the whole list (listwise, pairwise, fusion),
   * SHA-256 of the ordered list of candidate hashes joined by `\n`.
   */
  readonly contextSha256: string | null;
  readonly score: number;
  readonly rawScore: number;
}

/** What the reader skipped. Lines are 1-based. */
export interface ScoreCacheIssue {
  readonly line: number;
  /** `torn-line`: a last line without `\n` (a killed writer); `invalid-line`: not a record of this format. */
  readonly kind: 'torn-line' | 'invalid-line';
  readonly message: string;
}

/** An open append-only score cache (see {@link openScoreCache}). */
export interface ScoreCache {
  readonly file: string;
  /** Distinct keys held. */
  readonly size: number;
  readonly issues: readonly ScoreCacheIssue[];
  /** The latest record of a key, or `undefined`. */
  get(
    configHash: string,
    querySha256: string,
    snippetSha256: string,
    contextSha256: string | null,
  ): ScoreRecord | undefined;
  /** Appends records, one `write` per line, and makes them the latest of their keys. */
  put(records: readonly ScoreRecord[]): void;
  /** The latest record of every key, in the order the keys were first seen. */
  records(): IterableIterator<ScoreRecord>;
  /** Closes the file; later `put` calls throw `cache-io`. Idempotent. */
  close(): void;
}

const HEX64 = /^[0-9a-f]{64}$/;

function key(r: Pick<ScoreRecord, 'configHash' | 'querySha256' | 'snippetSha256' | 'contextSha256'>): string {
  return `${r.configHash}:${r.querySha256}:${r.snippetSha256}:${r.contextSha256 ?? '-'}`;
}

/** A score as JSON: finite numbers as themselves, ±∞ as the strings `"Infinity"` / `"-Infinity"`. */
function encodeNumber(x: number): number | string {
  if (Number.isFinite(x)) return x;
  if (x === Number.POSITIVE_INFINITY) return 'Infinity';
  if (x === Number.NEGATIVE_INFINITY) return '-Infinity';
  throw new RangeError('@execret/rerankers score cache: NaN cannot be cached');
}

function decodeNumber(x: unknown): number | undefined {
  if (typeof x === 'number' && Number.isFinite(x)) return x;
  if (x === 'Infinity') return Number.POSITIVE_INFINITY;
  if (x === '-Infinity') return Number.NEGATIVE_INFINITY;
  return undefined;
}

/**
 * One line of the score cache: `{"config_hash","query_sha256","snippet_sha256","context_sha256","score","raw_score"}`
 * in that order, then `\n`. Hashes are 64 lowercase hex digits; `context_sha256` is `null` or a hash.
 *
 * @throws {TypeError} for a record outside the format
 * @example
 * formatScoreLine({ configHash: h, querySha256: q, snippetSha256: s, contextSha256: null, score: 0.9, rawScore: 2.2 });
 * // '{"config_hash":"…","query_sha256":"…","snippet_sha256":"…","context_sha256":null,"score":0.9,"raw_score":2.2}\n'
 */
export function formatScoreLine(record: ScoreRecord): string {
  for (const [name, value] of [
    ['configHash', record.configHash],
    ['querySha256', record.querySha256],
    ['snippetSha256', record.snippetSha256],
  ] as const) {
    if (typeof value !== 'string' || !HEX64.test(value)) {
      throw new TypeError(`@execret/rerankers score cache: ${name} must be 64 lowercase hex digits`);
    }
  }
  if (record.contextSha256 !== null && !HEX64.test(record.contextSha256)) {
    throw new TypeError('@execret/rerankers score cache: contextSha256 must be null or 64 lowercase hex digits');
  }
  return `${JSON.stringify({
    config_hash: record.configHash,
    query_sha256: record.querySha256,
    snippet_sha256: record.snippetSha256,
    context_sha256: record.contextSha256,
    score: encodeNumber(record.score),
    raw_score: encodeNumber(record.rawScore),
  })}\n`;
}

function toScoreRecord(value: unknown, context: JsonlLineContext): ScoreRecord | undefined {
  if (typeof value !== 'object' || value === null) return context.reject('not a record');
  const line = value as Record<string, unknown>;
  const hashes = [line.config_hash, line.query_sha256, line.snippet_sha256];
  if (!hashes.every((h) => typeof h === 'string' && HEX64.test(h))) {
    return context.reject('config_hash, query_sha256 or snippet_sha256 is not 64 lowercase hex digits');
  }
  const context256 = line.context_sha256;
  if (context256 !== null && !(typeof context256 === 'string' && HEX64.test(context256))) {
    return context.reject('context_sha256 is neither null nor a hash');
  }
  const score = decodeNumber(line.score);
  const rawScore = decodeNumber(line.raw_score);
  if (score === undefined || rawScore === undefined) return context.reject('score or raw_score is not a number');
  return {
    configHash: hashes[0] as string,
    querySha256: hashes[1] as string,
    snippetSha256: hashes[2] as string,
    contextSha256: context256 as string | null,
    score,
    rawScore,
  };
}

/** The log's records and issues in this cache's vocabulary: every unusable complete line is an `invalid-line`. */
function toParsedScores(parsed: ParsedJsonlLog<ScoreRecord>): { records: ScoreRecord[]; issues: ScoreCacheIssue[] } {
  const issues = parsed.issues.map(
    (issue: JsonlLogIssue): ScoreCacheIssue => ({
      line: issue.line,
      kind: issue.kind === 'torn-line' ? 'torn-line' : 'invalid-line',
      message: issue.message,
    }),
  );
  return { records: parsed.records, issues };
}

/**
 * Parses a score-cache file tolerantly (`parseJsonlLog` of `@execret/formats`): a last line without `\n` is a torn
 * write and ignored, lines that are not records are reported and ignored; later lines win.
 *
 * @example
 * parseScoreCache(formatScoreLine(record) + '{"config_ha').records.length; // 1 (and one torn-line issue)
 */
export function parseScoreCache(text: string): { records: ScoreRecord[]; issues: ScoreCacheIssue[] } {
  return toParsedScores(parseJsonlLog(text, toScoreRecord));
}

/**
 * Opens (creating it and its folder when missing) an append-only JSONL score cache and loads it. Each new record is
 * one line written with a single `write` call on a file opened with `O_APPEND` (`openJsonlAppender` of
 * `@execret/formats`), so concurrent writers do not interleave and a process killed at any moment leaves at most
 * one torn last line, which the next open reports, ignores and terminates with `\n`. The format is this package's
 * own (see {@link formatScoreLine}).
 *
 * @throws {RerankersError} `cache-io` when the file cannot be read, created or opened for appending
 * @example
 * const cache = await openScoreCache('.execret/rerank-scores.jsonl');
 * const cached = withScoreCache(reranker, cache); // reruns and killed runs pay only for what is missing
 */
export async function openScoreCache(file: string): Promise<ScoreCache> {
  if (typeof file !== 'string' || file === '') {
    throw new TypeError('@execret/rerankers openScoreCache: file must be a non-empty path');
  }
  let parsed: { records: ScoreRecord[]; issues: ScoreCacheIssue[] };
  try {
    parsed = toParsedScores(await readJsonlLog(file, toScoreRecord));
  } catch (cause) {
    throw new RerankersError(
      'cache-io',
      `@execret/rerankers openScoreCache: cannot read ${file} (${(cause as Error).message})`,
      { cause },
    );
  }
  const map = new Map<string, ScoreRecord>();
  for (const record of parsed.records) map.set(key(record), record);
  let log: JsonlAppender;
  try {
    log = openJsonlAppender(file);
  } catch (cause) {
    throw new RerankersError(
      'cache-io',
      `@execret/rerankers openScoreCache: cannot append to ${file} (${(cause as Error).message})`,
      { cause },
    );
  }
  return {
    file,
    issues: parsed.issues,
    get size() {
      return map.size;
    },
    get(configHash, querySha256, snippetSha256, contextSha256) {
      return map.get(key({ configHash, querySha256, snippetSha256, contextSha256 }));
    },
    put(records) {
      for (const record of records) {
        const line = formatScoreLine(record);
        if (log.closed) throw new RerankersError('cache-io', `@execret/rerankers ScoreCache.put: ${file} is closed`);
        try {
          log.append(line);
        } catch (cause) {
          throw new RerankersError('cache-io', `@execret/rerankers ScoreCache.put: cannot append to ${file}`, {
            cause,
          });
        }
        map.set(key(record), { ...record });
      }
    },
    records: () => map.values(),
    close() {
      log.close();
    },
  };
}
