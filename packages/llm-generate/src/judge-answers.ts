/**
 * The judging phase of `generateDataset`: answered attempts are parsed, run through the gates, recorded in the
 * progress file, and their entries accepted, rejected or left for another attempt.
 */

import type { CompletionResult } from './client.js';
import type { EntryState } from './entry-state.js';
import { finishEntry, type GenerationRun, rejectEntry } from './generation-run.js';
import type { ProgressAttempt, ProgressEntry } from './progress.js';
import { parseReply } from './reply.js';
import { validateReplies } from './validate.js';

/** One answered request of an entry. */
export interface AnsweredAttempt {
  state: EntryState;
  completion: CompletionResult;
  via: 'chat' | 'batch';
}

/**
 * Parses, validates and records answered attempts (several at once for a batch, validated together). An
 * accepted attempt is written with its entry record in one append; a rejected last attempt with the rejection;
 * any other rejected attempt alone (the entry is retried).
 *
 * @example
 * await judgeAnswers(run, [{ state, completion: readCompletion(response), via: 'chat' }]);
 * state.final?.status; // 'accepted', 'rejected', or still null (another attempt follows)
 */
export async function judgeAnswers(run: GenerationRun, answered: AnsweredAttempt[]): Promise<void> {
  const { settings, options, signal } = run;
  const { mode, rewrites, minTests, maxTests } = settings;
  const parsed = answered.map((a) =>
    parseReply(a.completion.content, mode, {
      rewrites,
      minTests,
      maxTests,
      finishReason: a.completion.finishReason,
      refusal: a.completion.refusal,
    }),
  );
  const toValidate = answered.map((a, i) => ({ a, p: parsed[i]! })).filter((x) => x.p.ok);
  const validations = await validateReplies(
    toValidate.map(({ a, p }) => ({ entry: a.state.entry, reply: (p as Extract<typeof p, { ok: true }>).reply })),
    {
      oracle: run.oracle,
      python: run.python,
      ...(options.maxEditLines !== undefined ? { maxEditLines: options.maxEditLines } : {}),
      ...(options.maxEditChars !== undefined ? { maxEditChars: options.maxEditChars } : {}),
      minDistractors: settings.minDistractors,
      maxDistractors: settings.maxDistractors,
      minTests,
      maxTests,
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
      model: settings.model,
      mode,
      prompt_sha256: settings.promptSha256,
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
    run.emit({
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
        model: settings.model,
        mode,
        prompt_sha256: settings.promptSha256,
        canonical: p.reply.value.canonical,
        tests: p.reply.value.tests,
        canonical_result: v.canonicalResult!,
        distractors: v.distractors,
      };
      // The accepted attempt and its entry record go into one write: a crash keeps both or neither.
      await run.store.append(attempt, record);
      a.state.final = record;
      finishEntry(run, a.state);
    } else if (attempt.attempt >= settings.maxAttempts) {
      await rejectEntry(run, a.state, attempt);
    } else {
      await run.store.append(attempt);
    }
  }
}
