import {
  canonicalJson,
  type ExecutionCacheRecord,
  executionCacheRecord,
  formatExecutionCacheLine,
  isOutcome,
  type JsonlAppender,
  type JsonlLineContext,
  openJsonlAppender,
  parseJsonlLog,
  readJsonlLog,
  sha256Hex,
} from '@execret/formats';
import type { ArtifactRecord, ChatArtifact, ExecutionArtifact, InputsArtifact } from './artifact-record.js';
import { ExecRerankError } from './errors.js';

/** Version of the artifact line layout (`v` of every line). */
export const ARTIFACT_CACHE_VERSION = 1;

/** What the reader skipped. Lines are 1-based. */
export interface ArtifactCacheIssue {
  line: number;
  /** `torn-line` (a final line without `\n`: a killed writer), `invalid-json`, or `invalid-record` (unknown `v` or `kind`, missing fields). */
  kind: 'torn-line' | 'invalid-json' | 'invalid-record';
  message: string;
}

/** Result of {@link parseArtifactCache}. */
export interface ParsedArtifactCache {
  /** Valid records in file order (the last one of a kind and key wins on lookup). */
  records: ArtifactRecord[];
  issues: ArtifactCacheIssue[];
  /** Complete lines (ending in `\n`). */
  lines: number;
}

/**
 * The key of a chat artifact: `<model>:<promptSha256>`.
 *
 * @example
 * chatArtifactKey('gpt-5-mini', 'ab12…'); // 'gpt-5-mini:ab12…'
 */
export function chatArtifactKey(model: string, promptSha256: string): string {
  return `${model}:${promptSha256}`;
}

/**
 * The key of an inputs artifact: SHA-256 of the canonical JSON of `{ generator, seed, count, snippets }`.
 *
 * @example
 * inputsArtifactKey('type-probe/1', 1, 64, ['aa…', 'bb…']).length; // 64
 */
export function inputsArtifactKey(generator: string, seed: number, count: number, snippets: readonly string[]): string {
  return sha256Hex(canonicalJson({ generator, seed, count, snippets }));
}

/**
 * Serialises one record as a line: compact JSON `{"v":1,"kind":…,"key":…,…}` ending in `\n`. An execution's
 * fields are written by `formatExecutionCacheLine` of `@execret/formats` (the one execution-cache line writer) and
 * nested under `execution`.
 *
 * @throws {TypeError} for an execution record that `formatExecutionCacheLine` rejects, or a key that is not a non-empty string
 * @example
 * formatArtifactLine({ kind: 'inputs', key: 'k', generator: 'type-probe/1', seed: 1, count: 1, snippets: [], calls: [] });
 * // '{"v":1,"kind":"inputs","key":"k","generator":"type-probe/1","seed":1,"count":1,"snippets":[],"calls":[]}\n'
 */
export function formatArtifactLine(record: ArtifactRecord): string {
  if (typeof record.key !== 'string' || record.key === '')
    throw new TypeError('@execret/exec-rerank formatArtifactLine: key must be a non-empty string');
  if (record.kind === 'execution') {
    const execution = JSON.parse(formatExecutionCacheLine(record.execution)) as unknown;
    return `${JSON.stringify({ v: ARTIFACT_CACHE_VERSION, kind: 'execution', key: record.key, execution })}\n`;
  }
  const { kind, key, ...rest } = record;
  return `${JSON.stringify({ v: ARTIFACT_CACHE_VERSION, kind, key, ...rest })}\n`;
}

function readExecution(value: unknown): ExecutionCacheRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  const results = e.test_results;
  if (typeof e.code_sha256 !== 'string' || typeof e.tests_sha256 !== 'string' || !Array.isArray(results)) return null;
  if (!results.every(isOutcome)) return null;
  const record = executionCacheRecord(e.code_sha256, e.tests_sha256, results as string[]);
  return typeof e.duration_ms === 'number' ? { ...record, durationMs: e.duration_ms } : record;
}

function readRecord(value: unknown): ArtifactRecord | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const r = value as Record<string, unknown>;
  if (r.v !== ARTIFACT_CACHE_VERSION)
    return `unknown version ${JSON.stringify(r.v)} (expected ${ARTIFACT_CACHE_VERSION})`;
  if (typeof r.key !== 'string' || r.key === '') return 'key is not a non-empty string';
  if (r.kind === 'execution') {
    const execution = readExecution(r.execution);
    if (execution === null) return 'execution lacks hashes or valid outcomes';
    return { kind: 'execution', key: r.key, execution };
  }
  if (r.kind === 'chat') {
    const reply = r.reply as Record<string, unknown> | undefined;
    if (
      typeof r.model !== 'string' ||
      typeof r.promptSha256 !== 'string' ||
      (r.purpose !== 'tests' && r.purpose !== 'probe') ||
      !Array.isArray(r.messages) ||
      typeof reply !== 'object' ||
      reply === null
    )
      return 'chat record lacks model, promptSha256, purpose, messages or reply';
    const text = (x: unknown): string | null => (typeof x === 'string' ? x : null);
    const count = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
    return {
      kind: 'chat',
      key: r.key,
      model: r.model,
      promptSha256: r.promptSha256,
      purpose: r.purpose,
      messages: r.messages as ChatArtifact['messages'],
      reply: {
        content: text(reply.content),
        refusal: text(reply.refusal),
        finishReason: text(reply.finishReason),
        promptTokens: count(reply.promptTokens),
        completionTokens: count(reply.completionTokens),
        responseModel: text(reply.responseModel),
      },
    };
  }
  if (r.kind === 'inputs') {
    if (
      typeof r.generator !== 'string' ||
      typeof r.seed !== 'number' ||
      typeof r.count !== 'number' ||
      !Array.isArray(r.snippets) ||
      !Array.isArray(r.calls)
    )
      return 'inputs record lacks generator, seed, count, snippets or calls';
    return {
      kind: 'inputs',
      key: r.key,
      generator: r.generator,
      seed: r.seed,
      count: r.count,
      snippets: r.snippets as string[],
      calls: r.calls as InputsArtifact['calls'],
    };
  }
  return `unknown kind ${JSON.stringify(r.kind)} (expected chat, inputs or execution)`;
}

function toArtifactRecord(value: unknown, context: JsonlLineContext): ArtifactRecord | undefined {
  const record = readRecord(value);
  return typeof record === 'string' ? context.reject(record) : record;
}

/**
 * Parses an artifact cache tolerantly (`parseJsonlLog` of `@execret/formats`): blank lines skipped, a final line
 * without `\n` is a torn write and ignored, every unusable line reported as an issue (never thrown).
 *
 * @example
 * parseArtifactCache('{"v":1,"kind":"inputs","key":"k","generator":"g","seed":1,"count":0,"snippets":[],"calls":[]}\n{"v":1,"ki');
 * // { records: [{ kind: 'inputs', … }], issues: [{ line: 2, kind: 'torn-line', … }], lines: 1 }
 */
export function parseArtifactCache(text: string): ParsedArtifactCache {
  return parseJsonlLog(text, toArtifactRecord);
}

/** An open, append-only artifact cache (see {@link openArtifactCache}). */
export interface ArtifactCache {
  readonly file: string;
  /** What was skipped when the file was loaded. */
  readonly issues: readonly ArtifactCacheIssue[];
  /** Distinct (kind, key) pairs held. */
  readonly size: number;
  chat(key: string): ChatArtifact | undefined;
  inputs(key: string): InputsArtifact | undefined;
  execution(codeSha256: string, testsSha256: string): ExecutionArtifact | undefined;
  /** Appends one line (one `write` call) and makes it the latest record of its kind and key. */
  put(record: ArtifactRecord): void;
  /** The latest record of every (kind, key), oldest first (a record moves to the end when it is put again). */
  records(): IterableIterator<ArtifactRecord>;
  /** Closes the file; later `put` calls throw `ExecRerankError('cache-io')`. Idempotent. */
  close(): void;
}

/**
 * Opens (creating it and its directory when absent) a crash-safe, append-only JSONL file of generated tests, chat
 * replies, generated inputs and executions, so every reranked decision can be audited and rerun without a model
 * (and without executing anything, when every execution is cached). Each record is appended with one `write`
 * call on an `O_APPEND` descriptor (`openJsonlAppender` of `@execret/formats`); a torn last line left by a killed
 * writer is ignored on reading and terminated before the first append.
 *
 * @throws {ExecRerankError} `cache-io` when the file cannot be read, created or opened for appending
 * @example
 * const cache = await openArtifactCache('out/rerank/exec-artifacts.jsonl');
 * const reranker = createExecReranker('exec/consensus', { oracle, cache });
 * // … rerank …
 * cache.close();
 */
export async function openArtifactCache(file: string): Promise<ArtifactCache> {
  let parsed: ParsedArtifactCache;
  try {
    parsed = await readJsonlLog(file, toArtifactRecord);
  } catch (cause) {
    throw new ExecRerankError(
      'cache-io',
      `@execret/exec-rerank artifact cache: cannot read ${file}: ${(cause as Error).message}`,
      { cause },
    );
  }
  const map = new Map<string, ArtifactRecord>();
  for (const r of parsed.records) map.set(`${r.kind}\n${r.key}`, r);
  let log: JsonlAppender;
  try {
    log = openJsonlAppender(file);
  } catch (cause) {
    throw new ExecRerankError(
      'cache-io',
      `@execret/exec-rerank artifact cache: cannot open ${file} for appending: ${(cause as Error).message}`,
      { cause },
    );
  }
  const get = (kind: ArtifactRecord['kind'], key: string) => map.get(`${kind}\n${key}`);
  return {
    file,
    issues: parsed.issues,
    get size() {
      return map.size;
    },
    chat: (key) => get('chat', key) as ChatArtifact | undefined,
    inputs: (key) => get('inputs', key) as InputsArtifact | undefined,
    execution: (code, tests) => get('execution', `${code}:${tests}`) as ExecutionArtifact | undefined,
    put(record) {
      if (log.closed) throw new ExecRerankError('cache-io', `@execret/exec-rerank artifact cache: ${file} is closed`);
      const line = formatArtifactLine(record);
      try {
        log.append(line);
      } catch (cause) {
        throw new ExecRerankError(
          'cache-io',
          `@execret/exec-rerank artifact cache: cannot append to ${file}: ${(cause as Error).message}`,
          { cause },
        );
      }
      const k = `${record.kind}\n${record.key}`;
      map.delete(k);
      map.set(k, record);
    },
    records: () => map.values(),
    close() {
      log.close();
    },
  };
}
