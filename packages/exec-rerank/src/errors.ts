/**
 * The one error class of `@execret/exec-rerank`.
 *
 * An {@link ExecRerankError} means a reranking could not be produced at all: an unknown reranker id, a chat
 * endpoint that failed after its retries, a cache file that cannot be read or appended to, a cancelled call.
 * What candidate code does in the sandbox (failing, crashing, hanging) and what a chat model answers
 * (refusals, malformed replies, useless tests) are recorded in the audit, never errors. Programmer misuse (a
 * non-string candidate, a bad option) throws `TypeError`/`RangeError` at once.
 */

import { defineExecretError } from '@execret/formats';

/** The codes an {@link ExecRerankError} can carry. */
export type ExecRerankErrorCode =
  /** The id is not one of `exec/consensus`, `exec/random-clone`, `exec/tests@<chat model>`, `exec/probe@<chat model>`. */
  | 'unknown-reranker'
  /** A reranker that executes code was created without `options.oracle`. */
  | 'oracle-missing'
  /** A chat model was needed (cache miss) but no `client` nor `apiKey` (and `baseURL`) was given. */
  | 'chat-unavailable'
  /** The optional peer dependency `openai` could not be loaded. */
  | 'sdk-missing'
  /** The chat endpoint failed after the SDK's retries (429, 5xx, network) or refused the request (4xx). */
  | 'chat-request'
  /** The artifact cache file could not be read, created or appended to. */
  | 'cache-io'
  /** The caller's `AbortSignal` fired; `cause` is the signal's reason. */
  | 'aborted';

/** Every {@link ExecRerankErrorCode}, in a stable order. */
export const EXEC_RERANK_ERROR_CODES: readonly ExecRerankErrorCode[] = [
  'unknown-reranker',
  'oracle-missing',
  'chat-unavailable',
  'sdk-missing',
  'chat-request',
  'cache-io',
  'aborted',
];

/** What an {@link ExecRerankError} carries besides code and message. */
export interface ExecRerankErrorDetails {
  /**
   * The underlying error; for `chat-request`, `@execret/http`'s `HttpError` with the HTTP `status` of the chat
   * endpoint's last answer, `retryAfterMs` and `attempts` (`httpFailure(error)` finds it).
   */
  cause?: unknown;
}

/**
 * A reranking could not be produced (see {@link ExecRerankErrorCode}). `message` starts with
 * `@execret/exec-rerank <component>:` and never contains an API key. Use {@link ExecRerankError.is} rather than
 * `instanceof`, which fails between the ESM and CommonJS builds loaded side by side.
 *
 * @example
 * try {
 *   await reranker.rerank(query, snippets);
 * } catch (error) {
 *   if (ExecRerankError.is(error) && error.code === 'chat-request') console.error(httpFailure(error)?.status, error.message);
 *   else throw error;
 * }
 */
export class ExecRerankError extends defineExecretError<ExecRerankErrorCode>(
  '@execret/exec-rerank',
  'ExecRerankError',
) {}
