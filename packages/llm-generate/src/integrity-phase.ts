/**
 * The integrity phase of `generateDataset`: a cross-entry pass over the accepted entries (`validateTasks` of
 * `@execret/generate`: duplicate ids, top-level name collisions, byte-identical snippets).
 */

import { validateTasks } from '@execret/generate';
import type { EntryState } from './entry-state.js';
import { LlmGenerateError } from './errors.js';
import type { GenerationRun } from './generation-run.js';
import type { DistractorVerdict } from './validate.js';

/**
 * The distractors an accepted entry keeps.
 *
 * @example
 * keptDistractors(state).map((d) => d.code);
 */
export function keptDistractors(state: EntryState): DistractorVerdict[] {
  return (state.final!.distractors ?? []).filter((d) => d.status === 'kept');
}

/**
 * Runs the integrity gate over every accepted entry (when there are at least two, with the run's test bounds),
 * records its reasons on the entries involved (`state.integrity`), and returns the accepted entries that passed,
 * in registry order.
 *
 * @throws LlmGenerateError `validation-failed` when the pass cannot run at all
 * @example
 * const included = await runIntegrityPhase(run); // accepted entries that go into the release
 */
export async function runIntegrityPhase(run: GenerationRun): Promise<EntryState[]> {
  run.emit({ kind: 'phase', phase: 'integrity' });
  const accepted = run.states.filter((s) => s.final?.status === 'accepted');
  if (accepted.length > 1) {
    const integrity = await validateTasks(
      accepted.map((s) => ({
        id: s.entry.id,
        domain: s.entry.domain,
        query: s.entry.query,
        function_name: s.entry.function_name,
        canonical: s.final!.canonical,
        tests: s.final!.tests,
        distractors: keptDistractors(s).map((d) => d.code),
      })),
      {
        python: run.python,
        minTests: run.settings.minTests,
        maxTests: run.settings.maxTests,
        ...(run.signal ? { signal: run.signal } : {}),
      },
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
  return accepted.filter((s) => s.integrity.length === 0);
}
