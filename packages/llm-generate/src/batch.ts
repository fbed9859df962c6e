import type { BatchLike, ChatCompletionLike, ChatCompletionRequest, OpenAICompatibleClient } from '@execret/http';
import { sleep } from '@execret/http';
import { LlmGenerateError } from './errors.js';

/** Default wait between two `batches.retrieve` calls. */
export const DEFAULT_BATCH_POLL_INTERVAL_MS = 30_000;
/** Batch statuses after which nothing changes any more. */
const TERMINAL_BATCH_STATUSES = ['completed', 'failed', 'expired', 'cancelled'] as const;

/** One request of a batch: its `custom_id` and the chat-completions body. */
export interface BatchRequest {
  customId: string;
  body: ChatCompletionRequest;
}

/** One line of a batch's output or error file, reduced. */
type BatchResult = { ok: true; completion: ChatCompletionLike } | { ok: false; error: string };

/** What {@link parseBatchOutput} returns. */
export interface ParsedBatchOutput {
  results: Map<string, BatchResult>;
  /** Lines that could not be understood (1-based line number and why). */
  issues: { line: number; message: string }[];
}

/** Options of {@link waitForBatch}. */
export interface WaitForBatchOptions {
  /** Default {@link DEFAULT_BATCH_POLL_INTERVAL_MS}. */
  pollIntervalMs?: number;
  /** Waits between polls (default: a timer that `signal` cancels). Tests pass an instant one. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called with every retrieved batch object. */
  onStatus?: (batch: BatchLike) => void;
  signal?: AbortSignal;
}

/**
 * Renders batch requests as the Batch API's input JSONL: one
 * `{"custom_id", "method": "POST", "url": "/v1/chat/completions", "body"}` object per line, each line
 * ending in `\n`. `custom_id`s must be unique.
 *
 * @example
 * batchInputJsonl([{ customId: 'r1', body: { model: 'm', messages: [] } }])
 * // '{"custom_id":"r1","method":"POST","url":"/v1/chat/completions","body":{"model":"m","messages":[]}}\n'
 */
export function batchInputJsonl(requests: readonly BatchRequest[]): string {
  const seen = new Set<string>();
  return requests
    .map((r) => {
      if (seen.has(r.customId))
        throw new RangeError(
          `@execret/llm-generate batchInputJsonl: custom_id ${JSON.stringify(r.customId)} is used twice; custom ids must be unique`,
        );
      seen.add(r.customId);
      return `${JSON.stringify({ custom_id: r.customId, method: 'POST', url: '/v1/chat/completions', body: r.body })}\n`;
    })
    .join('');
}

/**
 * Parses a batch output (or error) file: one `{ custom_id, response: { status_code, body }, error }`
 * object per line. A line with `status_code` 200 and a body with `choices` is a completion; any other
 * line with a `custom_id` is a failure with the error's message (or the status code). Unreadable
 * lines are listed in `issues`. A later line for the same `custom_id` replaces an earlier one.
 *
 * @example
 * parseBatchOutput('{"custom_id":"r1","response":{"status_code":200,"body":{"choices":[{"message":{"content":"{}"}}]}},"error":null}\n')
 *   .results.get('r1') // { ok: true, completion: { choices: [ … ] } }
 */
export function parseBatchOutput(text: string): ParsedBatchOutput {
  const results = new Map<string, BatchResult>();
  const issues: { line: number; message: string }[] = [];
  text.split(/\r?\n/u).forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (cause) {
      issues.push({ line: i + 1, message: `not JSON (${(cause as Error).message})` });
      return;
    }
    const row = value as {
      custom_id?: unknown;
      response?: { status_code?: unknown; body?: unknown } | null;
      error?: { message?: unknown; code?: unknown } | null;
    };
    if (typeof row?.custom_id !== 'string') {
      issues.push({ line: i + 1, message: 'no custom_id' });
      return;
    }
    const status = row.response?.status_code;
    const body = row.response?.body as ChatCompletionLike | undefined;
    if (status === 200 && body && Array.isArray(body.choices)) {
      results.set(row.custom_id, { ok: true, completion: body });
      return;
    }
    const bodyError = (row.response?.body as { error?: { message?: unknown } } | undefined)?.error?.message;
    const message =
      typeof row.error?.message === 'string'
        ? row.error.message
        : typeof bodyError === 'string'
          ? bodyError
          : `status ${String(status ?? 'missing')}`;
    results.set(row.custom_id, {
      ok: false,
      error: typeof status === 'number' ? `HTTP ${status}: ${message}` : message,
    });
  });
  return { results, issues };
}

function requireBatchApi(client: OpenAICompatibleClient): Required<Pick<OpenAICompatibleClient, 'files' | 'batches'>> {
  if (!client.files || !client.batches) {
    throw new TypeError(
      '@execret/llm-generate batch: the client has no files/batches API; use the official openai SDK client or turn the batch option off',
    );
  }
  return { files: client.files, batches: client.batches };
}

function failed(what: string, cause: unknown): LlmGenerateError {
  if (LlmGenerateError.is(cause)) return cause;
  const status =
    typeof (cause as { status?: unknown })?.status === 'number'
      ? ` (HTTP ${(cause as { status: number }).status})`
      : '';
  return new LlmGenerateError(
    'batch-failed',
    `@execret/llm-generate batch: ${what} failed${status}: ${(cause as Error)?.message ?? String(cause)}`,
    { cause },
  );
}

/**
 * Uploads the requests as a JSONL file (`files.create`, purpose `batch`) and creates a batch on
 * `/v1/chat/completions` with a 24 h completion window (`batches.create`). Returns the batch and the
 * input file id. Rejects with `LlmGenerateError('batch-failed')`.
 *
 * @example
 * const { batch } = await submitBatch(client, requests, { metadata: { run: 'execret' } })
 * batch.status // 'validating'
 */
export async function submitBatch(
  client: OpenAICompatibleClient,
  requests: readonly BatchRequest[],
  options: { metadata?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ batch: BatchLike; inputFileId: string }> {
  const api = requireBatchApi(client);
  if (requests.length === 0) throw new RangeError('@execret/llm-generate submitBatch: expected at least one request');
  const file = new File([batchInputJsonl(requests)], 'execret-llm-generate-requests.jsonl', {
    type: 'application/jsonl',
  });
  const call = options.signal ? { signal: options.signal } : undefined;
  let inputFileId: string;
  try {
    inputFileId = (await api.files.create({ file, purpose: 'batch' }, call)).id;
  } catch (cause) {
    throw failed('uploading the request file', cause);
  }
  try {
    const batch = await api.batches.create(
      {
        input_file_id: inputFileId,
        endpoint: '/v1/chat/completions',
        completion_window: '24h',
        ...(options.metadata ? { metadata: options.metadata } : {}),
      },
      call,
    );
    return { batch, inputFileId };
  } catch (cause) {
    throw failed('creating the batch', cause);
  }
}

/** `@execret/http`'s `sleep`, rejecting with `LlmGenerateError('aborted')` when `signal` fires. */
async function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (cause) {
    throw new LlmGenerateError('aborted', '@execret/llm-generate batch: cancelled while waiting for the batch', {
      cause,
    });
  }
}

/**
 * Polls `batches.retrieve` every `pollIntervalMs` until the batch reaches a terminal status
 * (`completed`, `failed`, `expired`, `cancelled`) and returns it. A batch that is already terminal
 * is returned after one retrieve. Rejects with `LlmGenerateError('aborted')` on `signal` and
 * `LlmGenerateError('batch-failed')` when a retrieve fails after the SDK's retries.
 *
 * @example
 * const done = await waitForBatch(client, batch.id, { pollIntervalMs: 60_000, onStatus: (b) => console.error(b.status) })
 */
export async function waitForBatch(
  client: OpenAICompatibleClient,
  batchId: string,
  options: WaitForBatchOptions = {},
): Promise<BatchLike> {
  const api = requireBatchApi(client);
  const interval = options.pollIntervalMs ?? DEFAULT_BATCH_POLL_INTERVAL_MS;
  if (!Number.isFinite(interval) || interval < 0)
    throw new RangeError(
      `@execret/llm-generate waitForBatch: pollIntervalMs must be a non-negative number, received ${interval}`,
    );
  const sleep = options.sleep ?? defaultSleep;
  for (;;) {
    if (options.signal?.aborted)
      throw new LlmGenerateError('aborted', '@execret/llm-generate batch: cancelled while waiting for the batch');
    let batch: BatchLike;
    try {
      batch = await api.batches.retrieve(batchId, options.signal ? { signal: options.signal } : undefined);
    } catch (cause) {
      if (options.signal?.aborted)
        throw new LlmGenerateError('aborted', '@execret/llm-generate batch: cancelled while waiting for the batch', {
          cause,
        });
      throw failed(`retrieving batch ${batchId}`, cause);
    }
    options.onStatus?.(batch);
    if ((TERMINAL_BATCH_STATUSES as readonly string[]).includes(batch.status)) return batch;
    await sleep(interval, options.signal);
  }
}

/**
 * Downloads and parses a terminal batch's output file and error file (`files.content`). A `failed`
 * batch (its input was rejected) throws `LlmGenerateError('batch-failed')` with the batch's error
 * messages; `expired` and `cancelled` batches give whatever results they have. Requests absent from
 * both files are simply not in the map (the caller retries them another way).
 *
 * @example
 * const { results } = await collectBatchResults(client, done)
 * results.get('r1') // { ok: true, completion } | { ok: false, error: 'HTTP 500: …' } | undefined
 */
export async function collectBatchResults(
  client: OpenAICompatibleClient,
  batch: BatchLike,
  options: { signal?: AbortSignal } = {},
): Promise<ParsedBatchOutput> {
  const api = requireBatchApi(client);
  if (batch.status === 'failed') {
    const errors = (batch.errors?.data ?? [])
      .map((e) => `${e.code ?? 'error'}${e.line != null ? ` (line ${e.line})` : ''}: ${e.message ?? ''}`)
      .join('; ');
    throw new LlmGenerateError(
      'batch-failed',
      `@execret/llm-generate batch: batch ${batch.id} failed; expected status completed. ${errors || 'The endpoint gave no reason.'}`,
    );
  }
  const merged: ParsedBatchOutput = { results: new Map(), issues: [] };
  const call = options.signal ? { signal: options.signal } : undefined;
  for (const fileId of [batch.error_file_id, batch.output_file_id]) {
    if (typeof fileId !== 'string' || fileId === '') continue;
    let text: string;
    try {
      text = await (await api.files.content(fileId, call)).text();
    } catch (cause) {
      throw failed(`downloading file ${fileId}`, cause);
    }
    const parsed = parseBatchOutput(text);
    for (const [id, result] of parsed.results) merged.results.set(id, result);
    merged.issues.push(...parsed.issues.map((issue) => ({ ...issue, message: `${fileId}: ${issue.message}` })));
  }
  return merged;
}
