import {
  assembleReleaseRows,
  type CorpusRecord,
  DatasetError,
  DEFAULT_TEST_SUITE_SIZE,
  type DistractorMetadataRecord,
  type QueryRecord,
  serializeReleaseRows,
  writeReleaseFiles,
} from '@execret/dataset';
import type { ExecutionCacheRecord } from '@execret/formats';
import type { ExecutionResult, Task } from '@execret/generate';
import { LlmGenerateError } from './errors.js';
import type { RegistryEntry } from './registry.js';
import type { GenerationMode } from './reply-schema.js';
import { editBetween } from './single-edit.js';
import type { DistractorVerdict } from './validate.js';
import { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';

/** The validated-tasks file written next to `data/` (docs/formats.md "Test-task input"). */
export const TASKS_FILE = 'tasks.jsonl';

/** An accepted entry, ready to become one query of the dataset. */
export interface AcceptedEntry {
  entry: RegistryEntry;
  canonical: string;
  tests: string[];
  canonicalResult: ExecutionResult;
  /** The distractors to include (status `kept`), in the reply's order. */
  distractors: DistractorVerdict[];
  /** The attempt that was accepted (1-based). */
  attempt: number;
  /** Tokens of all attempts of this entry. */
  usage: { prompt_tokens: number; completion_tokens: number };
}

/** Run-wide facts written into every query's metadata and every distractor's metadata. */
export interface ReleaseOptions {
  model: string;
  /** Redacted base URL of the endpoint, or null for an injected client. */
  endpoint: string | null;
  mode: GenerationMode;
  promptVersion: string;
  promptSha256: string;
  /** Written as `generated_at` when given (the clock is never read, so reruns are byte-identical). */
  generatedAt?: string;
  /**
   * The run's test-suite size bounds (defaults `DEFAULT_TEST_SUITE_SIZE.min`/`.max` of `@execret/dataset`);
   * written as `min_tests`/`max_tests` only when either differs from its default.
   */
  minTests?: number;
  maxTests?: number;
}

/** `metadata` of a generated query. */
export interface LlmQueryMetadata {
  model: string;
  endpoint: string | null;
  generated_at?: string;
  /** Tokens of every attempt of this entry. */
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  generator: string;
  generator_version: string;
  mode: GenerationMode;
  prompt_version: string;
  prompt_sha256: string;
  task_id: string;
  domain: string;
  function_name: string;
  /** The accepted attempt (1-based). */
  attempt: number;
  /** The test-suite size bounds of the run, present only when they are not 7 and 10 (`DEFAULT_TEST_SUITE_SIZE`). */
  min_tests?: number;
  max_tests?: number;
}

/** A line of `data/queries.jsonl` written by this package (`@execret/dataset`'s `QueryRecord`). */
export type LlmQueryRecord = QueryRecord<LlmQueryMetadata>;

/** A line of `data/distractor_metadata.jsonl`: `@execret/generate`'s fields plus the LLM provenance. */
export interface LlmDistractorMetadataRecord extends DistractorMetadataRecord {
  /** Always `llm`. */
  origin: 'llm';
  mode: GenerationMode;
  model: string;
  prompt_sha256: string;
  /** The attempt whose reply this distractor comes from. */
  attempt: number;
  /** The model's one-sentence description of the change. */
  description: string;
  /** Size of the change ({@link measureEdit}): lines of the differing block and changed characters. */
  edit_lines: number;
  edit_chars: number;
}

/** The four release files' rows plus the validated tasks. */
export interface ReleaseRecords {
  corpus: CorpusRecord[];
  queries: LlmQueryRecord[];
  distractorMetadata: LlmDistractorMetadataRecord[];
  executionCache: ExecutionCacheRecord[];
  /** The accepted entries as `execret build --tasks` input (so the mutation engine can add its own distractors). */
  tasks: Task[];
}

/**
 * Turns accepted entries into release rows (SPEC section 2), in the given order: query `q_NNNN`
 * (1-based, at least four digits), the canonical as `c_NNNN` first in its group (lowest id), then its
 * distractors in reply order; `entry_id` = `exec_<domain>_<n>` with n counting the domain's entries
 * from 1; corpus `bug_type` = the distractor's bug type (free-form: `free_form`). Distractor metadata
 * records the single edit from canonical to distractor (`editBetween`, operator `llm_edit` in locked
 * mode, `llm_rewrite` in free-form mode: one span covering the whole change) with `origin: 'llm'`,
 * model, prompt hash, attempt and description. Query metadata gets `min_tests`/`max_tests` only when
 * the run's test bounds are not the defaults (as `buildBenchmark` of `@execret/generate` does), so
 * default runs keep their bytes. The execution cache holds each snippet's run against its own query's
 * tests (docs/formats.md). Pure: same input → same rows.
 *
 * @example
 * const records = assembleRelease(accepted, { model: 'gpt-5-mini', endpoint: 'https://api.openai.com/v1', mode: 'locked', promptVersion: PROMPT_VERSION, promptSha256: promptHash('locked') })
 * records.queries[0].query_id          // 'q_0001'
 * records.distractorMetadata[0].origin // 'llm'
 */
export function assembleRelease(entries: readonly AcceptedEntry[], options: ReleaseOptions): ReleaseRecords {
  const minTests = options.minTests ?? DEFAULT_TEST_SUITE_SIZE.min;
  const maxTests = options.maxTests ?? DEFAULT_TEST_SUITE_SIZE.max;
  // Only bounds other than the release's rule are written (the default run's rows stay as they were).
  const bounds =
    minTests !== DEFAULT_TEST_SUITE_SIZE.min || maxTests !== DEFAULT_TEST_SUITE_SIZE.max
      ? { min_tests: minTests, max_tests: maxTests }
      : {};
  const rows = assembleReleaseRows(
    entries.map((accepted) => {
      const { entry } = accepted;
      return {
        taskId: entry.id,
        domain: entry.domain,
        query: entry.query,
        tests: accepted.tests,
        canonical: accepted.canonical,
        canonicalResult: accepted.canonicalResult,
        distractors: accepted.distractors.map((d) => {
          const edit = editBetween(accepted.canonical, d.code);
          return {
            code: d.code,
            bugType: d.bugType,
            result: d.result!,
            failure: d.failure ?? 'crash',
            metadata: {
              edits: [
                {
                  bug_type: d.bugType,
                  operator: options.mode === 'locked' ? 'llm_edit' : 'llm_rewrite',
                  line: edit.line,
                  col_start: edit.colStart,
                  end_line: edit.endLine,
                  col_end: edit.colEnd,
                  before: edit.before,
                  after: edit.after,
                },
              ],
              origin: 'llm' as const,
              mode: options.mode,
              model: options.model,
              prompt_sha256: options.promptSha256,
              attempt: accepted.attempt,
              description: d.description,
              edit_lines: d.measure.lines,
              edit_chars: d.measure.chars,
            },
          };
        }),
        metadata: {
          model: options.model,
          endpoint: options.endpoint,
          ...(options.generatedAt !== undefined ? { generated_at: options.generatedAt } : {}),
          usage: {
            prompt_tokens: accepted.usage.prompt_tokens,
            completion_tokens: accepted.usage.completion_tokens,
            total_tokens: accepted.usage.prompt_tokens + accepted.usage.completion_tokens,
          },
          generator: GENERATOR_NAME,
          generator_version: GENERATOR_VERSION,
          mode: options.mode,
          prompt_version: options.promptVersion,
          prompt_sha256: options.promptSha256,
          task_id: entry.id,
          domain: entry.domain,
          function_name: entry.function_name,
          attempt: accepted.attempt,
          ...bounds,
        },
      };
    }),
  );
  const tasks: Task[] = entries.map(({ entry, canonical, tests }) => ({
    id: entry.id,
    domain: entry.domain,
    query: entry.query,
    function_name: entry.function_name,
    canonical,
    tests: [...tests],
  }));
  return { ...rows, tasks };
}

/**
 * Renders release rows as file contents keyed by relative path: the four `data/*.jsonl` files in
 * `@execret/dataset`'s canonical layout (Python `json.dumps` style for data files, compact for the
 * cache; LF; final newline) and `tasks.jsonl` (compact JSON, one task per line).
 *
 * @example
 * Object.keys(serializeRelease(records))
 * // ['data/corpus.jsonl', 'data/queries.jsonl', 'data/distractor_metadata.jsonl', 'data/execution_cache.jsonl', 'tasks.jsonl']
 */
function serializeRelease(records: ReleaseRecords): Record<string, string> {
  return {
    ...serializeReleaseRows(records),
    [TASKS_FILE]: records.tasks.map((t) => `${JSON.stringify(t)}\n`).join(''),
  };
}

/**
 * Writes {@link serializeRelease}'s files under `dir` through `@execret/dataset`'s `writeReleaseFiles` (each to a
 * temporary name, then renamed, so a reader never sees half a file). Returns the paths written. Rejects with
 * `LlmGenerateError('write-failed')`.
 *
 * @example
 * await writeRelease('out/llm', records) // ['out/llm/data/corpus.jsonl', …, 'out/llm/tasks.jsonl']
 */
export async function writeRelease(dir: string, records: ReleaseRecords): Promise<string[]> {
  try {
    return await writeReleaseFiles(dir, serializeRelease(records));
  } catch (cause) {
    if (!DatasetError.is(cause)) throw cause;
    throw new LlmGenerateError('write-failed', `@execret/llm-generate release: ${cause.message}`, { cause });
  }
}
