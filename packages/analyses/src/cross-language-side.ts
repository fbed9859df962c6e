import type { Benchmark, ResultsFile } from '@execret/dataset';
import { type CrossLanguageSide, crossLanguageQueries } from './cross-language.js';
import { crossLanguageSystems } from './cross-language-systems.js';
import type { SystemAnalyses } from './system-analyses.js';

/** One results folder read back, with the dataset its run scored. */
export interface CrossLanguageFolder {
  /** The dataset as given (`mini`, a directory, `hf:owner/name`): the side's label when nothing better is known. */
  readonly source: string;
  readonly files: readonly ResultsFile[];
  readonly analyses: readonly Partial<SystemAnalyses>[];
  readonly benchmark: Pick<Benchmark, 'queries' | 'corpusIndexById' | 'snippetBugType' | 'queryLanguage'>;
}

/** The language of a benchmark whose queries all share one, else `undefined`. */
function singleLanguage(benchmark: Pick<Benchmark, 'queryLanguage'>): string | undefined {
  const languages = new Set(benchmark.queryLanguage);
  return languages.size === 1 ? [...languages][0] : undefined;
}

/**
 * The two sides of a {@link compareLanguages} from two results folders. Labels: the ones given; else the two datasets'
 * languages when each has one and they differ; else the dataset sources. `sameLanguage` tells a paired comparison of
 * two versions of one language's benchmark (standard and propagated-bug pools, say).
 *
 * @example
 * const { sides: [a, b] } = crossLanguageSides([py, js]);
 * a.language; // 'python' (mini's queries are all Python, mini-js's JavaScript)
 */
export function crossLanguageSides(
  folders: readonly [CrossLanguageFolder, CrossLanguageFolder],
  labels?: readonly [string, string],
): { sides: [CrossLanguageSide, CrossLanguageSide]; sameLanguage: boolean } {
  const languages = folders.map((f) => singleLanguage(f.benchmark));
  const [a, b] = languages;
  const byLanguage = labels === undefined && a !== undefined && b !== undefined && a !== b;
  const sides = folders.map(
    (folder, i): CrossLanguageSide => ({
      language: labels?.[i] ?? (byLanguage ? (languages[i] as string) : folder.source),
      queries: crossLanguageQueries(folder.benchmark),
      systems: crossLanguageSystems(folder.files, folder.analyses),
    }),
  );
  return { sides: sides as [CrossLanguageSide, CrossLanguageSide], sameLanguage: a === b };
}
