import type { TokenUsage } from './client.js';
import type { TokenPrice } from './cost.js';
import type { ResponseFormat } from './generate-options.js';
import type { RegistryDuplicate } from './registry.js';
import type { GenerationMode } from './reply-schema.js';
import type { DistractorStatus } from './validate.js';

/** Outcome of one registry entry in a run. */
export interface EntryOutcome {
  id: string;
  function_name: string;
  /** `accepted` (in the dataset), `rejected` (after the last attempt, or by the cross-entry integrity pass) or `error` (a request failed; the next run retries it). */
  status: 'accepted' | 'rejected' | 'error';
  attempts: number;
  /** Attempt 1 passed every per-entry gate (null when no attempt was made). */
  firstAttemptOk: boolean | null;
  /** `gate/code` of the reasons of the last attempt (rejected) or of the integrity pass. */
  reasons: string[];
  /** The request error (status `error`). */
  error?: string;
  /** Query id in the written dataset (accepted entries). */
  queryId?: string;
  /** True when this entry was already finished in the progress file before this run. */
  resumed: boolean;
}

/** What {@link generateDataset} reports. Every rate is null when its denominator is 0. */
export interface GenerateReport {
  generator: string;
  generatorVersion: string;
  model: string;
  mode: GenerationMode;
  promptVersion: string;
  promptSha256: string;
  /** Redacted base URL, or null for an injected client. */
  endpoint: string | null;
  batch: boolean;
  settings: {
    maxAttempts: number;
    concurrency: number;
    rewrites: number | null;
    maxEditLines: number;
    maxEditChars: number;
    minDistractors: number;
    maxDistractors: number;
    /** Test-suite size bounds of the prompt, the reply schema and the gates (defaults 7 and 10). */
    minTests: number;
    maxTests: number;
    responseFormat: ResponseFormat;
    requestOptions: Record<string, unknown>;
  };
  registry: { entries: number; duplicates: RegistryDuplicate[] };
  entries: {
    total: number;
    accepted: number;
    rejected: number;
    integrityRejected: number;
    errored: number;
    resumed: number;
  };
  /** Entries whose first attempt passed every per-entry gate / entries with at least one attempt. */
  firstAttemptValidationRate: number | null;
  /** Accepted entries (after the integrity pass) / finished entries (accepted + rejected). */
  finalValidationRate: number | null;
  attempts: {
    /** Requests answered (every attempt recorded for these entries, earlier runs included). */
    total: number;
    /** Accepted entries by the attempt that was accepted: `{ "1": 40, "2": 3 }`. */
    acceptedAt: Record<string, number>;
  };
  /** `gate/code` → number of failed attempts with at least one reason of that kind. */
  rejectionReasons: Record<string, number>;
  /** `gate/code` → number of rejected entries whose last attempt (or integrity pass) had it. */
  finalRejectionReasons: Record<string, number>;
  /** Statuses of every distractor/rewrite of every attempt, and the share of executed ones that passed every test. */
  distractors: { statuses: Record<DistractorStatus, number>; accidentalCorrectRate: number | null };
  tokens: { chat: TokenUsage; batch: TokenUsage; total: number };
  /** Estimated cost in USD from `options.prices[model]` (null without a price). */
  costUsd: number | null;
  price: TokenPrice | null;
  /** Rows written. */
  dataset: { queries: number; corpus: number; distractors: number };
  /** `validationReport` of `@execret/dataset` on the written files (null when not run). */
  datasetCheck: { ok: boolean; errors: number; warnings: number; messages: string[] } | null;
  files: string[];
  /** Warnings of the progress file and the batch output. */
  warnings: string[];
  perEntry: EntryOutcome[];
}

function percent(rate: number | null): string {
  return rate === null ? 'n/a' : `${(rate * 100).toFixed(1)}%`;
}

function histogram(counts: Record<string, number>): string {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return rows.length === 0 ? '  (none)' : rows.map(([k, v]) => `  ${String(v).padStart(5)}  ${k}`).join('\n');
}

/**
 * Formats a report as text for a terminal: model and prompt, entry counts, the test bounds, first-attempt
 * and final validation rates, rejection reasons (per failed attempt, most frequent first), distractor outcomes
 * with the accidental-correct rate, tokens and estimated cost, and the files written.
 *
 * @example
 * console.log(formatGenerateReport(result.report))
 * // model gpt-5-mini (locked, prompt execret-llm-generate/1 3f2a…)
 * // entries 50: 46 accepted, 3 rejected, 1 errored (0 resumed)
 * // tests per entry: 7–10
 * // validation: first attempt 88.0%, final 93.9%
 * // …
 */
export function formatGenerateReport(report: GenerateReport): string {
  const e = report.entries;
  const lines = [
    `model ${report.model} (${report.mode}, prompt ${report.promptVersion} ${report.promptSha256.slice(0, 12)}${report.batch ? ', batch' : ''})${report.endpoint ? ` at ${report.endpoint}` : ''}`,
    `entries ${e.total}: ${e.accepted} accepted, ${e.rejected} rejected (${e.integrityRejected} by the integrity pass), ${e.errored} errored (${e.resumed} resumed)`,
    `tests per entry: ${report.settings.minTests}–${report.settings.maxTests}`,
    `validation: first attempt ${percent(report.firstAttemptValidationRate)}, final ${percent(report.finalValidationRate)}; ${report.attempts.total} attempts; accepted at attempt ${JSON.stringify(report.attempts.acceptedAt)}`,
    'rejection reasons (failed attempts):',
    histogram(report.rejectionReasons),
    'final rejection reasons (entries):',
    histogram(report.finalRejectionReasons),
    `distractors: ${Object.entries(report.distractors.statuses)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; accidentally correct ${percent(report.distractors.accidentalCorrectRate)} of executed`,
    `tokens: prompt ${report.tokens.chat.promptTokens + report.tokens.batch.promptTokens}, completion ${report.tokens.chat.completionTokens + report.tokens.batch.completionTokens} (batch ${report.tokens.batch.promptTokens + report.tokens.batch.completionTokens}); cost ${report.costUsd === null ? 'n/a (no price for this model)' : `$${report.costUsd.toFixed(4)}`}`,
    `dataset: ${report.dataset.queries} queries, ${report.dataset.corpus} snippets, ${report.dataset.distractors} distractors${report.datasetCheck ? `; check ${report.datasetCheck.ok ? 'ok' : 'FAILED'} (${report.datasetCheck.errors} errors, ${report.datasetCheck.warnings} warnings)` : ''}`,
  ];
  if (report.files.length > 0) lines.push(`files: ${report.files.join(', ')}`);
  for (const w of report.warnings) lines.push(`warning: ${w}`);
  for (const entry of report.perEntry)
    if (entry.status === 'error') lines.push(`error: ${entry.id}: ${entry.error ?? ''}`);
  return lines.join('\n');
}
