import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadExecRetrieval, validationReport } from '@execret/dataset';
import { runConcurrently } from '@execret/formats';
import { type ExecutionOracle, validateTasks } from '@execret/generate';
import { createOracle, resolvePython } from '@execret/oracle';
import { type BatchRequest, collectBatchResults, submitBatch, waitForBatch } from './batch.js';
import {
  type BatchLike,
  type ChatCompletionRequest,
  type CompletionResult,
  createOpenAIClient,
  describeRequestError,
  type EndpointOptions,
  isAbortError,
  type OpenAICompatibleClient,
  readCompletion,
  redactUrl,
} from './client.js';
import { estimateCostUsd, type TokenPrice } from './cost.js';
import { LlmGenerateError } from './errors.js';
import {
  openProgressStore,
  type ProgressAttempt,
  type ProgressBatch,
  type ProgressEntry,
  type ProgressRecord,
  type ProgressStore,
  progressKey,
} from './progress.js';
import { buildMessages, PROMPT_VERSION, promptHash, type RejectionReason } from './prompt.js';
import { type ParsedRegistry, parseRegistry, type RegistryDuplicate, type RegistryEntry } from './registry.js';
import { type AcceptedEntry, assembleRelease, type ReleaseRecords, writeRelease } from './release.js';
import { parseReply } from './reply.js';
import { DEFAULT_FREE_FORM_REWRITES, type GenerationMode, MODES, replyJsonSchema } from './reply-schema.js';
import type { EntryOutcome, GenerateReport } from './report.js';
import { DEFAULT_MAX_EDIT_CHARS, DEFAULT_MAX_EDIT_LINES } from './single-edit.js';
import {
  DEFAULT_MAX_DISTRACTORS,
  DEFAULT_MIN_DISTRACTORS,
  type DistractorStatus,
  validateReplies,
} from './validate.js';
import { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';

/** Default attempts per entry (the first plus two retries with feedback). */
export const DEFAULT_MAX_ATTEMPTS = 3;
/** Default number of entries generated at the same time. */
export const DEFAULT_CONCURRENCY = 4;
/** Progress file name inside `outDir` when `progressFile` is not given. */
export const DEFAULT_PROGRESS_FILE = 'generation-progress.jsonl';
/** Report file name inside `outDir`. */
export const REPORT_FILE = 'generation-report.json';

/** A registry entry as input: `id` may be left out (default `<domain>_<function_name>`). */
export type RegistryEntryInput = Omit<RegistryEntry, 'id'> & { id?: string };

/** Options of the Batch API path. */
export interface BatchModeOptions {
  /** Wait between polls (default `DEFAULT_BATCH_POLL_INTERVAL_MS`, 30 s). */
  pollIntervalMs?: number;
  /** Replaces the timer between polls (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** `metadata` of the created batch. */
  metadata?: Record<string, string>;
}

/** Progress events of {@link generateDataset}, told apart by `kind`. */
export type GenerateProgressEvent =
  | { kind: 'start'; total: number; finished: number; pending: number }
  | { kind: 'batch'; batchId: string; status: string; completed: number; failed: number; total: number }
  | {
      kind: 'attempt';
      entryId: string;
      attempt: number;
      via: 'chat' | 'batch';
      ok: boolean;
      reasons: string[];
      promptTokens: number;
      completionTokens: number;
    }
  | {
      kind: 'entry';
      entryId: string;
      status: 'accepted' | 'rejected' | 'error';
      attempts: number;
      done: number;
      total: number;
      error?: string;
    }
  | { kind: 'phase'; phase: 'integrity' | 'write' | 'check' };

/** Options of {@link generateDataset}. */
export interface GenerateOptions {
  /** Model id sent with every request (and part of the progress key). */
  model: string;
  /** A ready client (an `OpenAI` instance or anything {@link OpenAICompatibleClient}). Give this or `endpoint`. */
  client?: OpenAICompatibleClient;
  /** Creates an `OpenAI` client of the official SDK for this endpoint ({@link createOpenAIClient}). */
  endpoint?: EndpointOptions;
  /** `locked` (default): four single-edit distractors of the six types; `free-form`: naturally written buggy rewrites. */
  mode?: GenerationMode;
  /** Free-form: rewrites asked for per entry (default `DEFAULT_FREE_FORM_REWRITES`, 6). */
  rewrites?: number;
  /** Where to write `data/*.jsonl`, `tasks.jsonl` and `generation-report.json`. Without it nothing is written. */
  outDir?: string;
  /** Progress file (default `<outDir>/generation-progress.jsonl`; without `outDir` progress is kept in memory only). */
  progressFile?: string;
  /** Executes snippets (default: a new `createOracle()` of `@execret/oracle`, closed at the end). */
  oracle?: ExecutionOracle;
  /** Python for the AST gates and the default oracle (default `python3`, resolved once to the real binary). */
  python?: string;
  /** Attempts per entry, at least 1 (default {@link DEFAULT_MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** Entries in flight at once (default {@link DEFAULT_CONCURRENCY}). */
  concurrency?: number;
  /** Send every entry's first attempt through the Batch API (retries use chat calls). `true` = default settings. */
  batch?: boolean | BatchModeOptions;
  /** USD per 1M tokens by model id, for the cost estimate. */
  prices?: Record<string, TokenPrice>;
  /** Extra request-body parameters (e.g. `{ temperature: 0, max_completion_tokens: 8000, reasoning_effort: 'high', seed: 1 }`). */
  requestOptions?: Record<string, unknown>;
  /** `json_schema` (default, strict structured outputs), `json_object` (JSON mode) or `none` (prompt only). */
  responseFormat?: 'json_schema' | 'json_object' | 'none';
  /** Single-edit thresholds of the `edit` gate (defaults 3 lines and 120 characters). */
  maxEditLines?: number;
  maxEditChars?: number;
  /** Free-form: test-failing rewrites needed (default 1) and kept at most (default 4). */
  minDistractors?: number;
  maxDistractors?: number;
  /** Written as `metadata.generated_at` (the clock is never read). */
  generatedAt?: string;
  /** Load the written dataset with `@execret/dataset` and run `validationReport` on it (default true). */
  checkDataset?: boolean;
  onProgress?: (event: GenerateProgressEvent) => void;
  signal?: AbortSignal;
}

/** What {@link generateDataset} returns. */
export interface GenerateResult {
  report: GenerateReport;
  /** The release rows (also written when `outDir` is given). */
  records: ReleaseRecords;
}

interface EntryState {
  entry: RegistryEntry;
  key: string;
  attempts: ProgressAttempt[];
  final: ProgressEntry | null;
  resumed: boolean;
  error: string | null;
  integrity: RejectionReason[];
}

function memoryStore(): ProgressStore {
  return { file: '(memory)', records: [], warnings: [], append: async () => undefined, close: async () => undefined };
}

function normalizeRegistry(registry: readonly RegistryEntryInput[] | ParsedRegistry): {
  entries: RegistryEntry[];
  duplicates: RegistryDuplicate[];
} {
  let parsed: ParsedRegistry;
  if (Array.isArray(registry)) {
    parsed = parseRegistry(registry.map((e) => JSON.stringify(e)).join('\n'), { file: 'registry[]' });
  } else if (typeof registry === 'object' && registry !== null && Array.isArray((registry as ParsedRegistry).entries)) {
    parsed = registry as ParsedRegistry;
  } else {
    throw new TypeError(
      '@execret/llm-generate generateDataset: registry must be an array of { function_name, query, domain, id? } or the result of parseRegistry/readRegistry',
    );
  }
  if (parsed.issues.length > 0) {
    throw new LlmGenerateError(
      'invalid-registry',
      `@execret/llm-generate generateDataset: the registry has ${parsed.issues.length} invalid record(s); fix them first:\n${parsed.issues.map((i) => i.message).join('\n')}`,
    );
  }
  return { entries: parsed.entries, duplicates: parsed.duplicates };
}

function checkInt(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(
      `@execret/llm-generate generateDataset: ${name} must be an integer ≥ ${min}, received ${value}`,
    );
}

function sumUsage(
  attempts: readonly ProgressAttempt[],
  via?: 'chat' | 'batch',
): { prompt_tokens: number; completion_tokens: number } {
  let prompt = 0;
  let completion = 0;
  for (const a of attempts) {
    if (via !== undefined && a.via !== via) continue;
    prompt += a.usage.prompt_tokens;
    completion += a.usage.completion_tokens;
  }
  return { prompt_tokens: prompt, completion_tokens: completion };
}

/**
 * Generates a benchmark from a registry with an LLM behind any OpenAI-compatible chat endpoint, and
 * validates every entry through the same gates as the mutation engine:
 * 1. the registry is checked and de-duplicated (`parseRegistry`; invalid records throw
 *    `LlmGenerateError('invalid-registry')`, duplicates are left out and reported);
 * 2. entries finished in the progress file under the same key (entry content, prompt hash, model)
 *    are reused; an entry with some recorded attempts continues with the next one;
 * 3. with `batch`, every entry without an attempt gets its first attempt through the Batch API (a
 *    batch recorded in the progress file but not finished is polled again instead of resubmitted);
 * 4. the rest go through chat completions, `concurrency` entries at a time: request
 *    ({@link buildMessages}: the locked prompt, the entry, then every earlier reply with its
 *    rejection reasons), {@link parseReply}, {@link validateReplies}; a rejected attempt is retried
 *    with the feedback until `maxAttempts`. Every answered attempt and every finished entry is
 *    appended to the progress file as it happens, so a crash loses no finished work;
 * 5. a cross-entry integrity pass (`validateTasks` of `@execret/generate`: duplicate ids, top-level
 *    name collisions, byte-identical snippets) rejects the entries involved;
 * 6. accepted entries become release rows ({@link assembleRelease}) in registry order, written to
 *    `outDir` with `tasks.jsonl` and `generation-report.json`, then loaded back and checked with
 *    `@execret/dataset`'s `validateBenchmark`.
 * A request failing with 400/401/403/404/422 stops the run (`LlmGenerateError('request-failed')`);
 * other request failures (after the SDK's retries) leave that entry for the next run and are
 * reported. `signal` stops the run with `LlmGenerateError('aborted')`; what was finished stays in the
 * progress file. The API key is never written anywhere.
 *
 * @example
 * const registry = await readRegistry('registry.jsonl')
 * const { report } = await generateDataset(registry, {
 *   endpoint: { baseURL: 'https://api.openai.com/v1', apiKey },   // the caller reads the key; the library never does
 *   model: 'gpt-5-mini',
 *   outDir: 'out/llm-benchmark',
 *   prices: { 'gpt-5-mini': { inputUsdPerMillion: 0.25, outputUsdPerMillion: 2 } },
 *   onProgress: (e) => e.kind === 'entry' && console.error(`${e.done}/${e.total} ${e.entryId} ${e.status}`),
 * })
 * console.log(formatGenerateReport(report))
 */
export async function generateDataset(
  registry: readonly RegistryEntryInput[] | ParsedRegistry,
  options: GenerateOptions,
): Promise<GenerateResult> {
  if (typeof options?.model !== 'string' || options.model === '')
    throw new TypeError('@execret/llm-generate generateDataset: options.model must be a non-empty string');
  if ((options.client === undefined) === (options.endpoint === undefined))
    throw new TypeError(
      '@execret/llm-generate generateDataset: give exactly one of options.client and options.endpoint',
    );
  const mode = options.mode ?? 'locked';
  if (!(MODES as readonly string[]).includes(mode))
    throw new RangeError(
      `@execret/llm-generate generateDataset: mode must be one of ${MODES.join(', ')}, received ${String(mode)}`,
    );
  const rewrites = options.rewrites ?? DEFAULT_FREE_FORM_REWRITES;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const minDistractors = options.minDistractors ?? DEFAULT_MIN_DISTRACTORS;
  const maxDistractors = options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS;
  checkInt('rewrites', rewrites, 1);
  checkInt('maxAttempts', maxAttempts, 1);
  checkInt('concurrency', concurrency, 1);
  checkInt('minDistractors', minDistractors, 1);
  checkInt('maxDistractors', maxDistractors, minDistractors);
  const responseFormat = options.responseFormat ?? 'json_schema';
  const { signal } = options;
  const { entries, duplicates } = normalizeRegistry(registry);
  const promptSha256 = promptHash(mode, { rewrites });
  const endpointLabel = options.endpoint ? redactUrl(options.endpoint.baseURL) : null;
  const aborted = (cause?: unknown): LlmGenerateError =>
    new LlmGenerateError(
      'aborted',
      '@execret/llm-generate generateDataset: cancelled; finished entries are kept in the progress file',
      cause === undefined ? undefined : { cause },
    );
  const emit = (event: GenerateProgressEvent): void => options.onProgress?.(event);

  const client = options.client ?? (await createOpenAIClient(options.endpoint!));
  const progressFile =
    options.progressFile ?? (options.outDir !== undefined ? join(options.outDir, DEFAULT_PROGRESS_FILE) : undefined);
  if (progressFile !== undefined && options.outDir !== undefined) {
    try {
      await mkdir(options.outDir, { recursive: true });
    } catch (cause) {
      throw new LlmGenerateError(
        'write-failed',
        `@execret/llm-generate generateDataset: could not create ${options.outDir} (${(cause as Error).message})`,
        { cause },
      );
    }
  }
  const store = progressFile !== undefined ? await openProgressStore(progressFile) : memoryStore();
  const ownOracle = options.oracle === undefined;
  let oracle: ExecutionOracle | null = options.oracle ?? null;
  const warnings: string[] = [...store.warnings];

  try {
    let python: string;
    try {
      python = (await resolvePython(options.python ?? 'python3', signal ? { signal } : {})).executable;
    } catch (cause) {
      if (signal?.aborted) throw aborted(cause);
      throw new LlmGenerateError(
        'validation-failed',
        `@execret/llm-generate generateDataset: no usable Python for the validation gates (${(cause as Error).message}); pass options.python`,
        { cause },
      );
    }
    if (oracle === null) {
      try {
        oracle = await createOracle({ python });
      } catch (cause) {
        throw new LlmGenerateError(
          'validation-failed',
          `@execret/llm-generate generateDataset: could not start the oracle (${(cause as Error).message}); pass options.oracle`,
          { cause },
        );
      }
    }
    const runOracle = oracle;

    // 2. state from the progress file
    const byKey = new Map<string, ProgressRecord[]>();
    for (const record of store.records) {
      if (record.type !== 'attempt' && record.type !== 'entry') continue;
      byKey.set(record.key, [...(byKey.get(record.key) ?? []), record]);
    }
    const states: EntryState[] = entries.map((entry) => {
      const key = progressKey(entry, promptSha256, options.model);
      const records = byKey.get(key) ?? [];
      const attempts = new Map<number, ProgressAttempt>();
      for (const r of records) if (r.type === 'attempt' && !attempts.has(r.attempt)) attempts.set(r.attempt, r);
      const final = (records.find((r) => r.type === 'entry') as ProgressEntry | undefined) ?? null;
      let sorted = [...attempts.values()].sort((a, b) => a.attempt - b.attempt);
      // Attempts are contiguous from 1; an accepted attempt without its entry record (a torn write) is redone.
      const gap = sorted.findIndex((a, i) => a.attempt !== i + 1 || (final === null && a.ok));
      if (gap >= 0) sorted = sorted.slice(0, gap);
      return { entry, key, attempts: sorted, final, resumed: final !== null, error: null, integrity: [] };
    });
    let done = states.filter((s) => s.final !== null).length;
    emit({ kind: 'start', total: states.length, finished: done, pending: states.length - done });

    const requestBody = (state: EntryState): ChatCompletionRequest => {
      const previous = state.attempts.map((a) => ({ content: a.content ?? '', reasons: a.reasons }));
      const body: ChatCompletionRequest = {
        ...(options.requestOptions ?? {}),
        model: options.model,
        messages: buildMessages(state.entry, mode, previous, { rewrites }),
      };
      if (responseFormat === 'json_schema') {
        body.response_format = {
          type: 'json_schema',
          json_schema: {
            name: mode === 'locked' ? 'execret_locked_entry' : 'execret_free_form_entry',
            strict: true,
            schema: replyJsonSchema(mode, rewrites),
          },
        };
      } else if (responseFormat === 'json_object') {
        body.response_format = { type: 'json_object' };
      }
      return body;
    };

    const finishEntry = (state: EntryState): void => {
      done += 1;
      emit({
        kind: 'entry',
        entryId: state.entry.id,
        status: state.final!.status,
        attempts: state.attempts.length,
        done,
        total: states.length,
      });
    };

    /** Records the entry as rejected; `attempt` (its last attempt, not yet stored) is written in the same append. */
    const rejectEntry = async (state: EntryState, attempt?: ProgressAttempt): Promise<void> => {
      const last = state.attempts[state.attempts.length - 1];
      const record: ProgressEntry = {
        type: 'entry',
        key: state.key,
        entry_id: state.entry.id,
        status: 'rejected',
        attempts: state.attempts.length,
        model: options.model,
        mode,
        prompt_sha256: promptSha256,
        reasons: last?.reasons ?? [],
      };
      await store.append(...(attempt ? [attempt] : []), record);
      state.final = record;
      finishEntry(state);
    };

    /** Parses, validates and records answered attempts (several at once for a batch). */
    const judge = async (
      answered: { state: EntryState; completion: CompletionResult; via: 'chat' | 'batch' }[],
    ): Promise<void> => {
      const parsed = answered.map((a) =>
        parseReply(a.completion.content, mode, {
          rewrites,
          finishReason: a.completion.finishReason,
          refusal: a.completion.refusal,
        }),
      );
      const toValidate = answered.map((a, i) => ({ a, p: parsed[i]! })).filter((x) => x.p.ok);
      const validations = await validateReplies(
        toValidate.map(({ a, p }) => ({ entry: a.state.entry, reply: (p as Extract<typeof p, { ok: true }>).reply })),
        {
          oracle: runOracle,
          python,
          ...(options.maxEditLines !== undefined ? { maxEditLines: options.maxEditLines } : {}),
          ...(options.maxEditChars !== undefined ? { maxEditChars: options.maxEditChars } : {}),
          minDistractors,
          maxDistractors,
          ...(signal ? { signal } : {}),
        },
      );
      const byAnswer = new Map(toValidate.map(({ a }, i) => [a, validations[i]!]));
      for (const [i, a] of answered.entries()) {
        const p = parsed[i]!;
        const v = byAnswer.get(a);
        const ok = v?.ok ?? false;
        const reasons = p.ok ? v!.reasons : p.reasons;
        const attempt: ProgressAttempt = {
          type: 'attempt',
          key: a.state.key,
          entry_id: a.state.entry.id,
          attempt: a.state.attempts.length + 1,
          model: options.model,
          mode,
          prompt_sha256: promptSha256,
          via: a.via,
          ok,
          content: a.completion.content,
          finish_reason: a.completion.finishReason,
          reasons,
          distractor_statuses: v ? v.distractors.map((d) => d.status) : [],
          usage: {
            prompt_tokens: a.completion.usage.promptTokens,
            completion_tokens: a.completion.usage.completionTokens,
          },
          response_model: a.completion.responseModel,
        };
        a.state.attempts.push(attempt);
        emit({
          kind: 'attempt',
          entryId: a.state.entry.id,
          attempt: attempt.attempt,
          via: a.via,
          ok,
          reasons: [...new Set(reasons.map((r) => `${r.gate}/${r.code}`))],
          promptTokens: attempt.usage.prompt_tokens,
          completionTokens: attempt.usage.completion_tokens,
        });
        if (ok && v && p.ok) {
          const record: ProgressEntry = {
            type: 'entry',
            key: a.state.key,
            entry_id: a.state.entry.id,
            status: 'accepted',
            attempts: attempt.attempt,
            model: options.model,
            mode,
            prompt_sha256: promptSha256,
            canonical: p.reply.value.canonical,
            tests: p.reply.value.tests,
            canonical_result: v.canonicalResult!,
            distractors: v.distractors,
          };
          // The accepted attempt and its entry record go into one write: a crash keeps both or neither.
          await store.append(attempt, record);
          a.state.final = record;
          finishEntry(a.state);
        } else if (attempt.attempt >= maxAttempts) {
          await rejectEntry(a.state, attempt);
        } else {
          await store.append(attempt);
        }
      }
    };

    // 3. batch
    if (options.batch) {
      const batchOptions: BatchModeOptions = options.batch === true ? {} : options.batch;
      const fresh = states.filter((s) => s.final === null && s.attempts.length === 0);
      if (fresh.length > 0) {
        const freshByKey = new Map(fresh.map((s) => [s.key, s]));
        const finishedBatches = new Set(
          store.records.filter((r) => r.type === 'batch_done').map((r) => (r as { batch_id: string }).batch_id),
        );
        const open = store.records
          .filter((r): r is ProgressBatch => r.type === 'batch' && !finishedBatches.has(r.batch_id))
          .filter((r) => r.requests.length > 0 && r.requests.every((q) => freshByKey.has(q.key) && q.attempt === 1))
          .pop();
        let batchId: string;
        let requests: ProgressBatch['requests'];
        if (open) {
          batchId = open.batch_id;
          requests = open.requests;
        } else {
          const list: BatchRequest[] = fresh.map((s) => ({
            customId: `e-${s.key.slice(0, 32)}-a1`,
            body: requestBody(s),
          }));
          const { batch, inputFileId } = await submitBatch(client, list, {
            ...(batchOptions.metadata ? { metadata: batchOptions.metadata } : {}),
            ...(signal ? { signal } : {}),
          });
          batchId = batch.id;
          requests = fresh.map((s, i) => ({ custom_id: list[i]!.customId, key: s.key, attempt: 1 }));
          await store.append({ type: 'batch', batch_id: batchId, input_file_id: inputFileId, requests });
        }
        const finished: BatchLike = await waitForBatch(client, batchId, {
          ...(batchOptions.pollIntervalMs !== undefined ? { pollIntervalMs: batchOptions.pollIntervalMs } : {}),
          ...(batchOptions.sleep ? { sleep: batchOptions.sleep } : {}),
          ...(signal ? { signal } : {}),
          onStatus: (b) =>
            emit({
              kind: 'batch',
              batchId,
              status: b.status,
              completed: b.request_counts?.completed ?? 0,
              failed: b.request_counts?.failed ?? 0,
              total: b.request_counts?.total ?? requests.length,
            }),
        });
        const collected = await collectBatchResults(client, finished, signal ? { signal } : {});
        warnings.push(...collected.issues.map((i) => `batch ${batchId} output line ${i.line}: ${i.message}`));
        const answered: { state: EntryState; completion: CompletionResult; via: 'batch' }[] = [];
        for (const request of requests) {
          const state = freshByKey.get(request.key);
          const result = collected.results.get(request.custom_id);
          if (!state || state.final !== null || state.attempts.length > 0) continue;
          if (result?.ok) answered.push({ state, completion: readCompletion(result.completion), via: 'batch' });
          else
            warnings.push(
              `batch ${batchId}: ${state.entry.id} ${result ? `failed (${result.error})` : 'has no result'}; retried with a chat call`,
            );
        }
        await judge(answered);
        await store.append({ type: 'batch_done', batch_id: batchId, status: finished.status });
      }
    }

    // 4. chat completions
    const pending = states.filter((s) => s.final === null);
    await runConcurrently(
      pending.length,
      concurrency,
      async (index) => {
        const state = pending[index]!;
        while (state.final === null) {
          if (signal?.aborted) throw aborted();
          if (state.attempts.length >= maxAttempts) {
            await rejectEntry(state);
            break;
          }
          let completion: CompletionResult;
          try {
            completion = readCompletion(
              await client.chat.completions.create(requestBody(state), signal ? { signal } : {}),
            );
          } catch (cause) {
            if (isAbortError(cause, signal)) throw aborted(cause);
            const failure = describeRequestError(cause);
            if (failure.fatal) {
              throw new LlmGenerateError(
                'request-failed',
                `@execret/llm-generate chat: the endpoint${endpointLabel ? ` ${endpointLabel}` : ''} answered ${failure.message}; expected 200. Check the model id, the API key and the endpoint's support for response_format ${responseFormat}`,
                { cause },
              );
            }
            state.error = failure.message;
            emit({
              kind: 'entry',
              entryId: state.entry.id,
              status: 'error',
              attempts: state.attempts.length,
              done,
              total: states.length,
              error: failure.message,
            });
            return;
          }
          await judge([{ state, completion, via: 'chat' }]);
        }
      },
      signal,
    );
    if (signal?.aborted) throw aborted();

    // 5. integrity across accepted entries
    emit({ kind: 'phase', phase: 'integrity' });
    const accepted = states.filter((s) => s.final?.status === 'accepted');
    const kept = (s: EntryState) => (s.final!.distractors ?? []).filter((d) => d.status === 'kept');
    if (accepted.length > 1) {
      const integrity = await validateTasks(
        accepted.map((s) => ({
          id: s.entry.id,
          domain: s.entry.domain,
          query: s.entry.query,
          function_name: s.entry.function_name,
          canonical: s.final!.canonical,
          tests: s.final!.tests,
          distractors: kept(s).map((d) => d.code),
        })),
        { python, ...(signal ? { signal } : {}) },
      ).catch((cause: unknown) => {
        throw new LlmGenerateError(
          'validation-failed',
          `@execret/llm-generate generateDataset: the integrity pass could not run (${(cause as Error).message})`,
          { cause },
        );
      });
      integrity.tasks.forEach((t, i) => {
        accepted[i]!.integrity = t.issues
          .filter((issue) => issue.gate === 'integrity')
          .map((issue) => ({ gate: 'integrity', code: issue.code, message: issue.message }));
      });
    }
    const included = accepted.filter((s) => s.integrity.length === 0);

    // 6. release
    const acceptedEntries: AcceptedEntry[] = included.map((s) => ({
      entry: s.entry,
      canonical: s.final!.canonical!,
      tests: s.final!.tests!,
      canonicalResult: s.final!.canonical_result!,
      distractors: kept(s),
      attempt: s.final!.attempts,
      usage: sumUsage(s.attempts),
    }));
    const records = assembleRelease(acceptedEntries, {
      model: options.model,
      endpoint: endpointLabel,
      mode,
      promptVersion: PROMPT_VERSION,
      promptSha256,
      ...(options.generatedAt !== undefined ? { generatedAt: options.generatedAt } : {}),
    });
    const files: string[] = [];
    let datasetCheck: GenerateReport['datasetCheck'] = null;
    if (options.outDir !== undefined) {
      emit({ kind: 'phase', phase: 'write' });
      files.push(...(await writeRelease(options.outDir, records)));
      if ((options.checkDataset ?? true) && records.queries.length > 0) {
        emit({ kind: 'phase', phase: 'check' });
        try {
          const benchmark = await loadExecRetrieval(options.outDir);
          const check = validationReport(benchmark);
          const errors = check.issues.filter((i) => i.severity === 'error');
          datasetCheck = {
            ok: check.ok,
            errors: errors.length,
            warnings: check.issues.filter((i) => i.severity === 'warning').length,
            messages: check.issues
              .filter((i) => i.severity !== 'info')
              .slice(0, 20)
              .map((i) => `${i.code}: ${i.message}`),
          };
        } catch (cause) {
          datasetCheck = {
            ok: false,
            errors: 1,
            warnings: 0,
            messages: [`could not load the written dataset: ${(cause as Error).message}`],
          };
        }
      }
    }

    const queryIds = new Map(included.map((s, i) => [s, records.queries[i]!.query_id]));
    const report = buildReport({
      states,
      queryIds,
      duplicates,
      mode,
      model: options.model,
      promptSha256,
      endpoint: endpointLabel,
      batch: Boolean(options.batch),
      settings: {
        maxAttempts,
        concurrency,
        rewrites: mode === 'free-form' ? rewrites : null,
        maxEditLines: options.maxEditLines ?? DEFAULT_MAX_EDIT_LINES,
        maxEditChars: options.maxEditChars ?? DEFAULT_MAX_EDIT_CHARS,
        minDistractors,
        maxDistractors,
        responseFormat,
        requestOptions: { ...(options.requestOptions ?? {}) },
      },
      price: options.prices?.[options.model] ?? null,
      records,
      datasetCheck,
      files,
      warnings,
    });
    if (options.outDir !== undefined) {
      const path = join(options.outDir, REPORT_FILE);
      report.files.push(path);
      try {
        await writeFile(path, `${JSON.stringify(report, null, 2)}\n`, 'utf8');
      } catch (cause) {
        throw new LlmGenerateError(
          'write-failed',
          `@execret/llm-generate generateDataset: could not write ${path} (${(cause as Error).message})`,
          { cause },
        );
      }
    }
    return { report, records };
  } finally {
    await store.close();
    if (ownOracle && oracle !== null) await (oracle as unknown as { close(): Promise<void> }).close();
  }
}

interface ReportInput {
  states: EntryState[];
  queryIds: Map<EntryState, string>;
  duplicates: RegistryDuplicate[];
  mode: GenerationMode;
  model: string;
  promptSha256: string;
  endpoint: string | null;
  batch: boolean;
  settings: GenerateReport['settings'];
  price: TokenPrice | null;
  records: ReleaseRecords;
  datasetCheck: GenerateReport['datasetCheck'];
  files: string[];
  warnings: string[];
}

function buildReport(input: ReportInput): GenerateReport {
  const { states } = input;
  const rejectionReasons: Record<string, number> = {};
  const finalRejectionReasons: Record<string, number> = {};
  const acceptedAt: Record<string, number> = {};
  const statuses: Record<DistractorStatus, number> = {
    kept: 0,
    accidentally_correct: 0,
    invalid: 0,
    not_judged: 0,
    surplus: 0,
  };
  let attempted = 0;
  let firstOk = 0;
  let totalAttempts = 0;
  const codes = (reasons: readonly RejectionReason[]): string[] => [
    ...new Set(reasons.map((r) => `${r.gate}/${r.code}`)),
  ];
  const perEntry: EntryOutcome[] = states.map((s) => {
    totalAttempts += s.attempts.length;
    if (s.attempts.length > 0) {
      attempted += 1;
      if (s.attempts[0]!.ok) firstOk += 1;
    }
    for (const a of s.attempts) {
      if (!a.ok) for (const c of codes(a.reasons)) rejectionReasons[c] = (rejectionReasons[c] ?? 0) + 1;
      for (const st of a.distractor_statuses) statuses[st] += 1;
    }
    const base = {
      id: s.entry.id,
      function_name: s.entry.function_name,
      attempts: s.attempts.length,
      firstAttemptOk: s.attempts[0]?.ok ?? null,
      resumed: s.resumed,
    };
    if (s.final === null) return { ...base, status: 'error' as const, reasons: [], error: s.error ?? 'not finished' };
    if (s.final.status === 'accepted' && s.integrity.length === 0) {
      acceptedAt[String(s.final.attempts)] = (acceptedAt[String(s.final.attempts)] ?? 0) + 1;
      return { ...base, status: 'accepted' as const, reasons: [], queryId: input.queryIds.get(s)! };
    }
    const reasons = codes(s.final.status === 'accepted' ? s.integrity : (s.final.reasons ?? []));
    for (const c of reasons) finalRejectionReasons[c] = (finalRejectionReasons[c] ?? 0) + 1;
    return { ...base, status: 'rejected' as const, reasons };
  });
  const accepted = perEntry.filter((e) => e.status === 'accepted').length;
  const rejected = perEntry.filter((e) => e.status === 'rejected').length;
  const chatUsage = sumUsage(
    states.flatMap((s) => s.attempts),
    'chat',
  );
  const batchUsage = sumUsage(
    states.flatMap((s) => s.attempts),
    'batch',
  );
  const tokens = {
    chat: { promptTokens: chatUsage.prompt_tokens, completionTokens: chatUsage.completion_tokens },
    batch: { promptTokens: batchUsage.prompt_tokens, completionTokens: batchUsage.completion_tokens },
    total:
      chatUsage.prompt_tokens + chatUsage.completion_tokens + batchUsage.prompt_tokens + batchUsage.completion_tokens,
  };
  const executed = statuses.kept + statuses.surplus + statuses.accidentally_correct;
  return {
    generator: GENERATOR_NAME,
    generatorVersion: GENERATOR_VERSION,
    model: input.model,
    mode: input.mode,
    promptVersion: PROMPT_VERSION,
    promptSha256: input.promptSha256,
    endpoint: input.endpoint,
    batch: input.batch,
    settings: input.settings,
    registry: { entries: states.length, duplicates: input.duplicates },
    entries: {
      total: states.length,
      accepted,
      rejected,
      integrityRejected: states.filter((s) => s.final?.status === 'accepted' && s.integrity.length > 0).length,
      errored: perEntry.filter((e) => e.status === 'error').length,
      resumed: states.filter((s) => s.resumed).length,
    },
    firstAttemptValidationRate: attempted === 0 ? null : firstOk / attempted,
    finalValidationRate: accepted + rejected === 0 ? null : accepted / (accepted + rejected),
    attempts: { total: totalAttempts, acceptedAt },
    rejectionReasons,
    finalRejectionReasons,
    distractors: { statuses, accidentalCorrectRate: executed === 0 ? null : statuses.accidentally_correct / executed },
    tokens,
    costUsd: input.price ? estimateCostUsd({ chat: tokens.chat, batch: tokens.batch }, input.price) : null,
    price: input.price,
    dataset: {
      queries: input.records.queries.length,
      corpus: input.records.corpus.length,
      distractors: input.records.distractorMetadata.length,
    },
    datasetCheck: input.datasetCheck,
    files: [...input.files],
    warnings: input.warnings,
    perEntry,
  };
}
