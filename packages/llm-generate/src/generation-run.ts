/**
 * The state one `generateDataset` run shares between its phases (resume, batch, chat, judging, integrity,
 * release), and the two ways an entry finishes.
 */

import type { ExecutionOracle } from '@execret/generate';
import type { EntryState } from './entry-state.js';
import { LlmGenerateError } from './errors.js';
import type { GenerateOptions, GenerateProgressEvent, GenerateSettings } from './generate-options.js';
import type { ProgressAttempt, ProgressEntry, ProgressStore } from './progress.js';

/** One run of `generateDataset` (see {@link finishEntry}, {@link rejectEntry}). */
export interface GenerationRun {
  readonly options: GenerateOptions;
  readonly settings: GenerateSettings;
  readonly store: ProgressStore;
  /** Every registry entry, in registry order. */
  readonly states: EntryState[];
  readonly oracle: ExecutionOracle;
  /** The resolved Python executable of the AST gates. */
  readonly python: string;
  readonly signal: AbortSignal | undefined;
  /** Warnings for the report (progress-file and batch-output problems). */
  readonly warnings: string[];
  /** Entries finished so far (resumed ones included). */
  done: number;
  emit(event: GenerateProgressEvent): void;
}

/**
 * The error a cancelled run rejects with.
 *
 * @example
 * if (signal?.aborted) throw cancelled();
 */
export function cancelled(cause?: unknown): LlmGenerateError {
  return new LlmGenerateError(
    'aborted',
    '@execret/llm-generate generateDataset: cancelled; finished entries are kept in the progress file',
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Counts a finished entry and emits its `entry` event.
 *
 * @example
 * state.final = record;
 * finishEntry(run, state); // emits { kind: 'entry', status: 'accepted', done: run.done, ... }
 */
export function finishEntry(run: GenerationRun, state: EntryState): void {
  run.done += 1;
  run.emit({
    kind: 'entry',
    entryId: state.entry.id,
    status: (state.final as ProgressEntry).status,
    attempts: state.attempts.length,
    done: run.done,
    total: run.states.length,
  });
}

/**
 * Records the entry as rejected with its last attempt's reasons; `attempt` (that last attempt, not yet stored)
 * is written in the same append, so a crash keeps both or neither.
 *
 * @example
 * if (state.attempts.length >= run.settings.maxAttempts) await rejectEntry(run, state);
 */
export async function rejectEntry(run: GenerationRun, state: EntryState, attempt?: ProgressAttempt): Promise<void> {
  const last = state.attempts[state.attempts.length - 1];
  const { settings } = run;
  const record: ProgressEntry = {
    type: 'entry',
    key: state.key,
    entry_id: state.entry.id,
    status: 'rejected',
    attempts: state.attempts.length,
    model: settings.model,
    mode: settings.mode,
    prompt_sha256: settings.promptSha256,
    reasons: last?.reasons ?? [],
  };
  await run.store.append(...(attempt ? [attempt] : []), record);
  state.final = record;
  finishEntry(run, state);
}
