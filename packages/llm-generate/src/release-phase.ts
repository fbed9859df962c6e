/**
 * The release phase of `generateDataset`: the included entries become release rows in registry order, written
 * to `outDir` and loaded back with `@execret/dataset` to check them.
 */

import { loadExecRetrieval, validationReport } from '@execret/dataset';
import type { EntryState } from './entry-state.js';
import type { GenerationRun } from './generation-run.js';
import { keptDistractors } from './integrity-phase.js';
import { PROMPT_VERSION } from './prompt.js';
import { type AcceptedEntry, assembleRelease, type ReleaseRecords, writeRelease } from './release.js';
import type { GenerateReport } from './report.js';
import { sumUsage } from './usage.js';

/** What the release phase produced. */
export interface ReleaseOutcome {
  records: ReleaseRecords;
  /** Files written (none without `outDir`). */
  files: string[];
  /** `validationReport` of the written files, or `null` when not run. */
  datasetCheck: GenerateReport['datasetCheck'];
}

/**
 * Assembles the release rows of the included entries and, with `outDir`, writes them and (unless
 * `checkDataset` is false, or nothing was accepted) loads them back and validates them, with the run's test
 * bounds as the allowed test-suite sizes. A dataset that cannot be loaded back is reported as a failed check,
 * not thrown.
 *
 * @example
 * const { records, files, datasetCheck } = await runReleasePhase(run, included);
 */
export async function runReleasePhase(run: GenerationRun, included: readonly EntryState[]): Promise<ReleaseOutcome> {
  const { options, settings } = run;
  const acceptedEntries: AcceptedEntry[] = included.map((s) => ({
    entry: s.entry,
    canonical: s.final!.canonical!,
    tests: s.final!.tests!,
    canonicalResult: s.final!.canonical_result!,
    distractors: keptDistractors(s),
    attempt: s.final!.attempts,
    usage: sumUsage(s.attempts),
  }));
  const records = assembleRelease(acceptedEntries, {
    model: settings.model,
    endpoint: settings.endpointLabel,
    mode: settings.mode,
    promptVersion: PROMPT_VERSION,
    promptSha256: settings.promptSha256,
    ...(options.generatedAt !== undefined ? { generatedAt: options.generatedAt } : {}),
    minTests: settings.minTests,
    maxTests: settings.maxTests,
  });
  const files: string[] = [];
  let datasetCheck: GenerateReport['datasetCheck'] = null;
  if (options.outDir !== undefined) {
    run.emit({ kind: 'phase', phase: 'write' });
    files.push(...(await writeRelease(options.outDir, records)));
    if ((options.checkDataset ?? true) && records.queries.length > 0) {
      run.emit({ kind: 'phase', phase: 'check' });
      datasetCheck = await checkWrittenDataset(options.outDir, { min: settings.minTests, max: settings.maxTests });
    }
  }
  return { records, files, datasetCheck };
}

async function checkWrittenDataset(
  dir: string,
  testSuiteSize: { min: number; max: number },
): Promise<GenerateReport['datasetCheck']> {
  try {
    const benchmark = await loadExecRetrieval(dir);
    const check = validationReport(benchmark, { testSuiteSize });
    const errors = check.issues.filter((i) => i.severity === 'error');
    return {
      ok: check.ok,
      errors: errors.length,
      warnings: check.issues.filter((i) => i.severity === 'warning').length,
      messages: check.issues
        .filter((i) => i.severity !== 'info')
        .slice(0, 20)
        .map((i) => `${i.code}: ${i.message}`),
    };
  } catch (cause) {
    return {
      ok: false,
      errors: 1,
      warnings: 0,
      messages: [`could not load the written dataset: ${(cause as Error).message}`],
    };
  }
}
