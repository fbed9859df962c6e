/**
 * The report of `generateDataset` (`generation-report.json`), built from the entries' final states.
 */

import type { TokenPrice } from './cost.js';
import { estimateCostUsd } from './cost.js';
import type { EntryState } from './entry-state.js';
import { PROMPT_VERSION, type RejectionReason } from './prompt.js';
import type { RegistryDuplicate } from './registry.js';
import type { ReleaseRecords } from './release.js';
import type { GenerationMode } from './reply-schema.js';
import type { EntryOutcome, GenerateReport } from './report.js';
import { sumUsage } from './usage.js';
import type { DistractorStatus } from './validate.js';
import { GENERATOR_NAME, GENERATOR_VERSION } from './version.js';

/** Everything the report is made of. */
export interface ReportInput {
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

/**
 * The report of a run: entry outcomes, validation rates, rejection reasons, distractor verdicts, tokens and cost,
 * the dataset written and its check.
 *
 * @example
 * const report = buildReport({ states, queryIds, duplicates, mode, model, ... });
 * report.finalValidationRate; // accepted / (accepted + rejected), null when nothing finished
 */
export function buildReport(input: ReportInput): GenerateReport {
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
