/**
 * Options of `generateDataset`, their defaults, the progress events it emits, and the settings resolved from the
 * options once, at the public boundary.
 */

import { DEFAULT_TEST_SUITE_SIZE } from '@execret/dataset';
import { DEFAULT_MAX_DISTRACTORS, DEFAULT_MIN_DISTRACTORS, type ExecutionOracle } from '@execret/generate';
import type { OpenAICompatibleClient } from '@execret/http';
import { redactUrl } from '@execret/http';
import type { EndpointOptions } from './client.js';
import type { TokenPrice } from './cost.js';
import { promptHash } from './prompt.js';
import {
  DEFAULT_FREE_FORM_REWRITES,
  DEFAULT_GENERATION_MODE,
  GENERATION_MODES,
  type GenerationMode,
} from './reply-schema.js';

/** Default attempts per entry (the first plus two retries with feedback). */
export const DEFAULT_MAX_ATTEMPTS = 3;
/** Default number of entries generated at the same time. */
export const DEFAULT_ENTRY_CONCURRENCY = 4;
/** Progress file name inside `outDir` when `progressFile` is not given. */
export const DEFAULT_PROGRESS_FILE = 'generation-progress.jsonl';
/** Report file name inside `outDir`. */
export const REPORT_FILE = 'generation-report.json';
/**
 * How replies are asked to be JSON: `json_schema` (strict structured outputs), `json_object` (JSON mode) or `none`
 * (the prompt only, for servers that support neither).
 */
export const RESPONSE_FORMATS = ['json_schema', 'json_object', 'none'] as const;
/** One of {@link RESPONSE_FORMATS}. */
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];
/** The response format of `generateDataset` when none is given. */
export const DEFAULT_RESPONSE_FORMAT: ResponseFormat = 'json_schema';

/** Options of the Batch API path. */
export interface BatchModeOptions {
  /** Wait between polls (default `DEFAULT_BATCH_POLL_INTERVAL_MS`, 30 s). */
  pollIntervalMs?: number;
  /** Replaces the timer between polls (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** `metadata` of the created batch. */
  metadata?: Record<string, string>;
}

/** Progress events of `generateDataset`, told apart by `kind`. */
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

/** Options of `generateDataset`. */
export interface GenerateOptions {
  /** Model id sent with every request (and part of the progress key). */
  model: string;
  /** A ready client (an `OpenAI` instance or anything {@link OpenAICompatibleClient}). Give this or `endpoint`. */
  client?: OpenAICompatibleClient;
  /** Creates an `OpenAI` client of the official SDK for this endpoint (`createOpenAIClient`). */
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
  /** Entries in flight at once (default {@link DEFAULT_ENTRY_CONCURRENCY}). */
  concurrency?: number;
  /** Send every entry's first attempt through the Batch API (retries use chat calls). `true` = default settings. */
  batch?: boolean | BatchModeOptions;
  /** USD per 1M tokens by model id, for the cost estimate. */
  prices?: Record<string, TokenPrice>;
  /** Extra request-body parameters (e.g. `{ temperature: 0, max_completion_tokens: 8000, reasoning_effort: 'high', seed: 1 }`). */
  requestOptions?: Record<string, unknown>;
  /** `json_schema` (default, strict structured outputs), `json_object` (JSON mode) or `none` (prompt only). */
  responseFormat?: ResponseFormat;
  /** Single-edit thresholds of the `edit` gate (defaults 3 lines and 120 characters). */
  maxEditLines?: number;
  maxEditChars?: number;
  /**
   * Free-form: test-failing rewrites needed (default `DEFAULT_MIN_DISTRACTORS` of `@execret/generate`, 1) and
   * kept at most (default `DEFAULT_MAX_DISTRACTORS`, 4).
   */
  minDistractors?: number;
  maxDistractors?: number;
  /**
   * Asserts per test suite, at least and at most (integers, 1 ≤ `minTests` ≤ `maxTests`; defaults
   * `DEFAULT_TEST_SUITE_SIZE.min` and `.max` of `@execret/dataset`, 7 and 10). They go into the system prompt,
   * the reply schemas (and the JSON schema sent as `response_format`), the schema gate and the dataset check, so
   * they change the prompt hash; queries' metadata records them as `min_tests`/`max_tests` when they are not
   * the defaults.
   */
  minTests?: number;
  maxTests?: number;
  /** Written as `metadata.generated_at` (the clock is never read). */
  generatedAt?: string;
  /** Load the written dataset with `@execret/dataset` and run `validationReport` on it (default true). */
  checkDataset?: boolean;
  onProgress?: (event: GenerateProgressEvent) => void;
  signal?: AbortSignal;
}

/** The options of one run with defaults filled in and checked. */
export interface GenerateSettings {
  model: string;
  mode: GenerationMode;
  rewrites: number;
  maxAttempts: number;
  concurrency: number;
  minDistractors: number;
  maxDistractors: number;
  /** Test-suite size bounds, inclusive. */
  minTests: number;
  maxTests: number;
  responseFormat: ResponseFormat;
  /** The prompt hash of the mode, rewrites and test bounds (part of every progress key and query's metadata). */
  promptSha256: string;
  /** The endpoint's URL without credentials, or `null` for an injected client. */
  endpointLabel: string | null;
}

/**
 * Checks the options of `generateDataset` (misuse throws `TypeError`/`RangeError`) and fills in the defaults.
 *
 * @example
 * resolveGenerateSettings({ model: 'gpt-5-mini', client }).maxAttempts; // 3
 */
export function resolveGenerateSettings(options: GenerateOptions): GenerateSettings {
  if (typeof options?.model !== 'string' || options.model === '')
    throw new TypeError('@execret/llm-generate generateDataset: options.model must be a non-empty string');
  if ((options.client === undefined) === (options.endpoint === undefined))
    throw new TypeError(
      '@execret/llm-generate generateDataset: give exactly one of options.client and options.endpoint',
    );
  const mode = options.mode ?? DEFAULT_GENERATION_MODE;
  if (!(GENERATION_MODES as readonly string[]).includes(mode))
    throw new RangeError(
      `@execret/llm-generate generateDataset: mode must be one of ${GENERATION_MODES.join(', ')}, received ${String(mode)}`,
    );
  const rewrites = options.rewrites ?? DEFAULT_FREE_FORM_REWRITES;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const concurrency = options.concurrency ?? DEFAULT_ENTRY_CONCURRENCY;
  const minDistractors = options.minDistractors ?? DEFAULT_MIN_DISTRACTORS;
  const maxDistractors = options.maxDistractors ?? DEFAULT_MAX_DISTRACTORS;
  const minTests = options.minTests ?? DEFAULT_TEST_SUITE_SIZE.min;
  const maxTests = options.maxTests ?? DEFAULT_TEST_SUITE_SIZE.max;
  checkInt('rewrites', rewrites, 1);
  checkInt('maxAttempts', maxAttempts, 1);
  checkInt('concurrency', concurrency, 1);
  checkInt('minDistractors', minDistractors, 1);
  checkInt('maxDistractors', maxDistractors, minDistractors);
  checkInt('minTests', minTests, 1);
  checkInt('maxTests', maxTests, minTests);
  return {
    model: options.model,
    mode,
    rewrites,
    maxAttempts,
    concurrency,
    minDistractors,
    maxDistractors,
    minTests,
    maxTests,
    responseFormat: options.responseFormat ?? DEFAULT_RESPONSE_FORMAT,
    promptSha256: promptHash(mode, { rewrites, minTests, maxTests }),
    endpointLabel: options.endpoint ? redactUrl(options.endpoint.baseURL) : null,
  };
}

function checkInt(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(
      `@execret/llm-generate generateDataset: ${name} must be an integer ≥ ${min}, received ${value}`,
    );
}
