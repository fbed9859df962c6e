import { type ResultsFile, resultExtras } from '@execret/dataset';
import type { CrossLanguageSystem } from './cross-language.js';
import type { SystemAnalyses } from './system-analyses.js';

/**
 * The {@link CrossLanguageSystem}s of one results folder: each results file with its stored per-query measures
 * (`execret.per_query_measures`) and, from its `analyses/<model>.json` when there is one, the full-pool canonical gaps
 * (only when aligned with the file's queries) and deception by bug type.
 *
 * @example
 * const side = { language: 'python', queries: crossLanguageQueries(benchmark), systems: crossLanguageSystems(files, analyses) };
 */
export function crossLanguageSystems(
  files: readonly ResultsFile[],
  analyses: readonly Partial<SystemAnalyses>[],
): CrossLanguageSystem[] {
  const analysesByModel = new Map(analyses.map((a) => [a.model, a]));
  return files.map((file) => {
    const stored = resultExtras(file)?.per_query_measures;
    const own = analysesByModel.get(file.model);
    const gaps = own?.canonical_gap?.gaps;
    return {
      file,
      ...(stored === undefined ? {} : { stored }),
      ...(Array.isArray(gaps) && gaps.length === file.per_query.length ? { canonicalGaps: gaps } : {}),
      ...(own?.deception_by_bug_type === undefined ? {} : { deceptionByBugType: own.deception_by_bug_type }),
    };
  });
}
