import type { Benchmark, ResultsFile } from '@execret/dataset';
import { compareCodePoints } from '@execret/formats';
import {
  type BootstrapOptions,
  DEFAULT_CONFIDENCE,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  mcnemarExact,
  pairedBootstrapCi,
  pairedOutcomes,
} from '@execret/stats';
import type { DeceptionCell } from './bug-type-deception.js';
import {
  type LanguageTask,
  type PairTasksOptions,
  pairTasksAcrossLanguages,
  type TaskPair,
} from './cross-language-pairing.js';
import { perQueryMeasures } from './per-query-measures.js';

/** A query of one language's benchmark as {@link compareLanguages} needs it: its task and its own group. */
export interface CrossLanguageQuery extends LanguageTask {
  /** The query's canonical corpus ids; the first is the canonical of the near-clone analyses. */
  readonly canonicalIds: readonly string[];
  /** The query's paired distractors with their bug types (`null` counts as `unknown`). */
  readonly distractors: readonly { readonly corpusId: string; readonly bugType: string | null }[];
}

/** One system's results in one language. */
export interface CrossLanguageSystem {
  /** The results file (`results/<model>.json`); systems pair across languages by `model`. */
  readonly file: Pick<ResultsFile, 'model' | 'per_query'>;
  /** Per-query measures stored beside the file (`execret.per_query_measures`), see `perQueryMeasures`. */
  readonly stored?: Readonly<Record<string, unknown>>;
  /**
   * Exact per-query gaps s(canonical) − max s(own distractor) over the full pool, aligned with `file.per_query`
   * (`analyses/<model>.json` → `canonical_gap.gaps`, `null` where undefined). When both languages give them, the
   * canonical-below rate is exact (`source: 'gaps'`); otherwise it is read from the top results (`source: 'run'`).
   */
  readonly canonicalGaps?: readonly (number | null)[];
  /**
   * Exact full-pool deception by bug type over all of this language's queries (`analyses/<model>.json` →
   * `deception_by_bug_type`). Reported as `fullPoolDeception` only when every query of both languages is paired,
   * so that "all queries" and "the paired tasks" are the same set.
   */
  readonly deceptionByBugType?: Readonly<Record<string, DeceptionCell>>;
}

/** One language's benchmark queries and the results of its systems. */
export interface CrossLanguageSide {
  /** A label for reports, e.g. `python` or `mini`. */
  readonly language: string;
  readonly queries: readonly CrossLanguageQuery[];
  readonly systems: readonly CrossLanguageSystem[];
}

/** Options of {@link compareLanguages}: the paired bootstrap settings and the task pairing. */
export interface CompareLanguagesOptions extends BootstrapOptions, PairTasksOptions {}

/** The measures {@link compareLanguages} compares, in results-file spelling. */
export const CROSS_LANGUAGE_MEASURES = ['exec@1', 'exec@5', 'exec@10', 'mrr@10'] as const;
/** One of {@link CROSS_LANGUAGE_MEASURES}. */
export type CrossLanguageMeasure = (typeof CROSS_LANGUAGE_MEASURES)[number];

/** A measure on the paired tasks: both means and the paired difference a − b with its bootstrap interval. */
export interface CrossLanguageMeasureComparison {
  readonly a: number;
  readonly b: number;
  /** mean(a) − mean(b) over the paired tasks. */
  readonly difference: number;
  /** Paired percentile bootstrap interval of `difference` (`@execret/stats` `pairedBootstrapCi`). */
  readonly ci: readonly [number, number];
}

/** Exact McNemar test on exec@1 over the paired tasks; `not-binary` when exec@1 holds fractions (`--ties expected`). */
export type CrossLanguageMcNemar =
  | {
      readonly status: 'tested';
      /** Tasks solved at rank 1 in language A only. */
      readonly aOnly: number;
      readonly bOnly: number;
      readonly both: number;
      readonly neither: number;
      readonly pValue: number;
      readonly midPValue: number;
    }
  | { readonly status: 'not-binary' };

/**
 * Deception of one bug type read from the top results: a triple (task, canonical, distractor) is `deceived` when the
 * distractor is in the top results with a score strictly above the canonical's (or above the last listed score while
 * the canonical is not listed), `ties` when both are listed with equal scores, `unresolved` when neither is listed
 * (or the distractor only ties the last listed score while the canonical is not listed). The full-pool rate of the
 * same system lies in [`rate`, `rateUpper`].
 */
export interface RunDeceptionCell {
  readonly triples: number;
  readonly deceived: number;
  readonly ties: number;
  readonly unresolved: number;
  /** deceived / triples (unresolved counted as not deceived); 0 when there are no triples. */
  readonly rate: number;
  /** (deceived + unresolved) / triples; 0 when there are no triples. */
  readonly rateUpper: number;
}

/**
 * Share of paired tasks whose canonical scores strictly below one of its own distractors. `source: 'gaps'`: exact,
 * from the full-pool gaps (tasks with an undefined gap are left out of `queries`, `unresolved` is 0). `source: 'run'`:
 * from the top results with the rules of {@link RunDeceptionCell}; `rate` counts unresolved tasks as not below and
 * `rateUpper` as below.
 */
export interface CanonicalBelowCell {
  readonly source: 'gaps' | 'run';
  readonly queries: number;
  readonly below: number;
  /** The best own distractor ties the canonical exactly (run: both listed). */
  readonly tied: number;
  readonly unresolved: number;
  readonly rate: number;
  readonly rateUpper: number;
}

/** One system run in both languages, compared on the paired tasks. */
export interface CrossLanguageSystemComparison {
  readonly model: string;
  readonly measures: Readonly<Record<CrossLanguageMeasure, CrossLanguageMeasureComparison>>;
  readonly mcnemar: CrossLanguageMcNemar;
  /** Per language, deception per bug type from the top results (the union of both languages' bug types, code-point order). */
  readonly deception: { readonly a: Record<string, RunDeceptionCell>; readonly b: Record<string, RunDeceptionCell> };
  readonly canonicalBelow: { readonly a: CanonicalBelowCell; readonly b: CanonicalBelowCell };
  /** Both languages' exact full-pool deception by bug type, when both were given and every task is paired; else `null`. */
  readonly fullPoolDeception: {
    readonly a: Readonly<Record<string, DeceptionCell>>;
    readonly b: Readonly<Record<string, DeceptionCell>>;
  } | null;
}

/** Result of {@link compareLanguages}. */
export interface CrossLanguageComparison {
  readonly languages: { readonly a: string; readonly b: string };
  /** Paired tasks in code-point order of their key, with each side's query id. */
  readonly tasks: readonly { readonly key: string; readonly a: string; readonly b: string }[];
  /** Task ids without a partner (only with `unpaired: 'skip'`). */
  readonly unpaired: { readonly a: readonly string[]; readonly b: readonly string[] };
  /** Systems run in both languages, by model in code-point order. */
  readonly systems: readonly CrossLanguageSystemComparison[];
  /** Models present in one language only (not compared). */
  readonly systemsOnlyIn: { readonly a: readonly string[]; readonly b: readonly string[] };
  /** The bootstrap settings used (the seed makes every interval reproducible). */
  readonly bootstrap: { readonly seed: number; readonly resamples: number; readonly confidence: number };
}

/**
 * The queries of a loaded benchmark as {@link compareLanguages} needs them: the task id is the query's
 * `metadata.task_id` (written by `@execret/generate`) when it is a string, else its `entry_id`; bug types are the
 * benchmark's `snippetBugType`.
 *
 * @example
 * crossLanguageQueries(await loadExecRetrieval('mini'))[0];
 * // { queryId: 'q_0001', taskId: 'mini_bit_manipulation_01', canonicalIds: ['c_0001'],
 * //   distractors: [{ corpusId: 'c_0002', bugType: 'wrong_comparison' }, …] }
 */
export function crossLanguageQueries(
  benchmark: Pick<Benchmark, 'queries' | 'corpusIndexById' | 'snippetBugType'>,
): CrossLanguageQuery[] {
  return benchmark.queries.map((row) => {
    const metadata = row.metadata as { task_id?: unknown } | null | undefined;
    const taskId = typeof metadata?.task_id === 'string' ? metadata.task_id : row.entry_id;
    return {
      queryId: row.query_id,
      taskId,
      canonicalIds: row.correct_corpus_ids,
      distractors: row.paired_distractor_corpus_ids.map((corpusId) => {
        const d = benchmark.corpusIndexById.get(corpusId);
        return { corpusId, bugType: d === undefined ? null : (benchmark.snippetBugType[d] ?? null) };
      }),
    };
  });
}

/**
 * Compares the same systems across two languages' versions of one benchmark (issue 16: is near-clone deception
 * language-specific?). Queries pair by task ({@link pairTasksAcrossLanguages}); systems pair by `model`. For every
 * system run on both sides, on the paired tasks: exec@1, exec@5, exec@10 and mrr@10 per language (recomputed from the
 * top results, or the stored per-query values) with the paired difference a − b and its paired bootstrap interval
 * (one seed, so every measure resamples the same tasks); the exact McNemar test on exec@1; deception per bug type per
 * language from the top results ({@link RunDeceptionCell}); the canonical-below-distractor rate per language
 * ({@link CanonicalBelowCell}); and the exact full-pool deception when both sides supply it and every task pairs.
 * Pure and deterministic: the same input and seed give the same output.
 *
 * @throws AnalysesError `missing-queries` when tasks cannot be paired (see {@link pairTasksAcrossLanguages}) or a
 *   results file lacks a paired query; RangeError when `canonicalGaps` is not aligned with `per_query`, or for
 *   invalid bootstrap options.
 * @example
 * const result = compareLanguages(
 *   { language: 'python', queries: crossLanguageQueries(mini), systems: [{ file: bm25Python }] },
 *   { language: 'javascript', queries: crossLanguageQueries(miniJs), systems: [{ file: bm25Js }] },
 *   { seed: 20260510 },
 * );
 * result.systems[0].measures['exec@1']; // { a, b, difference, ci: [low, high] }
 */
export function compareLanguages(
  a: CrossLanguageSide,
  b: CrossLanguageSide,
  options: CompareLanguagesOptions = {},
): CrossLanguageComparison {
  const pairing = pairTasksAcrossLanguages(a.queries, b.queries, options);
  const pairs = pairing.pairs;
  const byModel = (side: CrossLanguageSide): Map<string, CrossLanguageSystem> => {
    const map = new Map<string, CrossLanguageSystem>();
    for (const system of side.systems) {
      if (map.has(system.file.model)) {
        throw new RangeError(
          `@execret/analyses compareLanguages: expected each model once per language, received ${system.file.model} twice for ${side.language}`,
        );
      }
      map.set(system.file.model, system);
    }
    return map;
  };
  const systemsA = byModel(a);
  const systemsB = byModel(b);
  const models = [...systemsA.keys()].filter((m) => systemsB.has(m)).sort(compareCodePoints);
  const queryA = new Map(a.queries.map((query) => [query.queryId, query]));
  const queryB = new Map(b.queries.map((query) => [query.queryId, query]));
  const allPaired = pairs.length === a.queries.length && pairs.length === b.queries.length;
  const bootstrap = {
    seed: options.seed ?? DEFAULT_SEED,
    resamples: options.resamples ?? DEFAULT_RESAMPLES,
    confidence: options.confidence ?? DEFAULT_CONFIDENCE,
  };

  const systems = models.map((model): CrossLanguageSystemComparison => {
    const sysA = systemsA.get(model)!;
    const sysB = systemsB.get(model)!;
    const idsA = pairs.map((p) => p.a.queryId);
    const idsB = pairs.map((p) => p.b.queryId);
    const valuesA = perQueryMeasures(sysA.file, idsA, sysA.stored === undefined ? {} : { stored: sysA.stored });
    const valuesB = perQueryMeasures(sysB.file, idsB, sysB.stored === undefined ? {} : { stored: sysB.stored });
    const measures = {} as Record<CrossLanguageMeasure, CrossLanguageMeasureComparison>;
    for (const m of CROSS_LANGUAGE_MEASURES) {
      const x = valuesA[m];
      const y = valuesB[m];
      if (pairs.length === 0) {
        measures[m] = { a: Number.NaN, b: Number.NaN, difference: Number.NaN, ci: [Number.NaN, Number.NaN] };
        continue;
      }
      const ci = pairedBootstrapCi(x, y, bootstrap);
      measures[m] = { a: mean(x), b: mean(y), difference: ci.meanDifference, ci: [ci.low, ci.high] };
    }
    const useGaps = sysA.canonicalGaps !== undefined && sysB.canonicalGaps !== undefined;
    const sideA = sideAnalyses(sysA, pairs, 'a', queryA, useGaps);
    const sideB = sideAnalyses(sysB, pairs, 'b', queryB, useGaps);
    const types = [...new Set([...sideA.deception.keys(), ...sideB.deception.keys()])].sort(compareCodePoints);
    return {
      model,
      measures,
      mcnemar: mcnemarOnExecAt1(valuesA['exec@1'], valuesB['exec@1']),
      deception: { a: fillTypes(sideA.deception, types), b: fillTypes(sideB.deception, types) },
      canonicalBelow: { a: sideA.canonicalBelow, b: sideB.canonicalBelow },
      fullPoolDeception:
        allPaired && sysA.deceptionByBugType !== undefined && sysB.deceptionByBugType !== undefined
          ? { a: sysA.deceptionByBugType, b: sysB.deceptionByBugType }
          : null,
    };
  });
  return {
    languages: { a: a.language, b: b.language },
    tasks: pairs.map((p) => ({ key: p.key, a: p.a.queryId, b: p.b.queryId })),
    unpaired: { a: pairing.unpairedA, b: pairing.unpairedB },
    systems,
    systemsOnlyIn: {
      a: [...systemsA.keys()].filter((m) => !systemsB.has(m)).sort(compareCodePoints),
      b: [...systemsB.keys()].filter((m) => !systemsA.has(m)).sort(compareCodePoints),
    },
    bootstrap,
  };
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length === 0 ? Number.NaN : sum / values.length;
}

function mcnemarOnExecAt1(a: Float64Array, b: Float64Array): CrossLanguageMcNemar {
  const binary = (v: Float64Array): boolean => v.every((x) => x === 0 || x === 1);
  if (!binary(a) || !binary(b)) return { status: 'not-binary' };
  const table = pairedOutcomes(a, b);
  const test = mcnemarExact(table.aOnly, table.bOnly);
  return { status: 'tested', ...table, pValue: test.pValue, midPValue: test.midPValue };
}

function fillTypes(cells: Map<string, MutableCell>, types: readonly string[]): Record<string, RunDeceptionCell> {
  const out: Record<string, RunDeceptionCell> = {};
  for (const type of types) {
    const c = cells.get(type) ?? { triples: 0, deceived: 0, ties: 0, unresolved: 0 };
    out[type] = {
      ...c,
      rate: c.triples === 0 ? 0 : c.deceived / c.triples,
      rateUpper: c.triples === 0 ? 0 : (c.deceived + c.unresolved) / c.triples,
    };
  }
  return out;
}

interface MutableCell {
  triples: number;
  deceived: number;
  ties: number;
  unresolved: number;
}

/** How a distractor stands against its canonical in the top results. */
type Standing = 'above' | 'tie' | 'not-above' | 'unresolved';

/**
 * The distractor's standing against the canonical: `listed` maps listed corpus ids to scores; `last` is the lowest
 * listed score (a document not listed scores at most `last`).
 */
function standing(c: number | undefined, d: number | undefined, last: number): Standing {
  if (c !== undefined && d !== undefined) return d > c ? 'above' : d === c ? 'tie' : 'not-above';
  if (d !== undefined) return d > last ? 'above' : 'unresolved';
  if (c !== undefined) return 'not-above';
  return 'unresolved';
}

function sideAnalyses(
  system: CrossLanguageSystem,
  pairs: readonly TaskPair[],
  side: 'a' | 'b',
  queries: ReadonlyMap<string, CrossLanguageQuery>,
  useGaps: boolean,
): { deception: Map<string, MutableCell>; canonicalBelow: CanonicalBelowCell } {
  const rows = system.file.per_query;
  if (system.canonicalGaps !== undefined && system.canonicalGaps.length !== rows.length) {
    throw new RangeError(
      `@execret/analyses compareLanguages: expected canonicalGaps of ${system.file.model} to have one value per per_query entry (${rows.length}), received ${system.canonicalGaps.length}`,
    );
  }
  const position = new Map(rows.map((row, i) => [row.query_id, i]));
  const deception = new Map<string, MutableCell>();
  const below = { queries: 0, below: 0, tied: 0, unresolved: 0 };
  for (const pair of pairs) {
    const queryId = pair[side].queryId;
    const query = queries.get(queryId)!;
    // perQueryMeasures has already checked that every paired query is in the file.
    const i = position.get(queryId)!;
    const row = rows[i]!;
    const scores = new Map<string, number>();
    let last = Number.POSITIVE_INFINITY;
    for (const r of row.top_results) {
      if (!scores.has(r.corpus_id)) scores.set(r.corpus_id, r.similarity);
      if (r.similarity < last) last = r.similarity;
    }
    const canonicalId = query.canonicalIds[0];
    const c = canonicalId === undefined ? undefined : scores.get(canonicalId);
    const standings: Standing[] = [];
    if (canonicalId !== undefined) {
      for (const distractor of query.distractors) {
        const s = standing(c, scores.get(distractor.corpusId), last);
        standings.push(s);
        const type = distractor.bugType || 'unknown';
        const cell = deception.get(type) ?? { triples: 0, deceived: 0, ties: 0, unresolved: 0 };
        cell.triples++;
        if (s === 'above') cell.deceived++;
        else if (s === 'tie') cell.ties++;
        else if (s === 'unresolved') cell.unresolved++;
        deception.set(type, cell);
      }
    }
    if (useGaps) {
      const gap = system.canonicalGaps![i];
      if (gap === null || gap === undefined || Number.isNaN(gap)) continue;
      below.queries++;
      if (gap < 0) below.below++;
      else if (gap === 0) below.tied++;
    } else {
      if (canonicalId === undefined || query.distractors.length === 0) continue;
      below.queries++;
      if (standings.includes('above')) below.below++;
      else if (standings.includes('unresolved')) below.unresolved++;
      else if (standings.includes('tie')) below.tied++;
    }
  }
  const rate = below.queries === 0 ? 0 : below.below / below.queries;
  const rateUpper = below.queries === 0 ? 0 : (below.below + below.unresolved) / below.queries;
  return {
    deception,
    canonicalBelow: { source: useGaps ? 'gaps' : 'run', ...below, rate, rateUpper },
  };
}
