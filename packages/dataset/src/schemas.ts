/**
 * zod schemas of every released file (SPEC section 2), plus the helpers that turn zod issues into located
 * {@link DatasetIssue}s and count fields the schemas do not know.
 *
 * Every object schema is a `z.looseObject`: unknown fields pass validation and are kept. Loaders validate with
 * these schemas but keep the original parsed object (zod would rebuild it with a different key order), so
 * writing a loaded row reproduces it byte for byte.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type ReleaseBinaryComparison } from '@execret/formats';
import { z } from 'zod';
import type { DatasetIssue } from './errors.js';
import { describeJson } from './jsonl.js';
import type { ShapeOf } from './schema-shape.js';

/** The two values of a snippet's `label`. */
export const LABELS = ['correct', 'incorrect'] as const;

/** A snippet's label: `correct` for a canonical, `incorrect` for a distractor. */
export type Label = (typeof LABELS)[number];

/**
 * `language` of a query or corpus row: absent (Python) or one of `LANGUAGES` of `@execret/formats`; `null` and
 * other strings are schema errors.
 */
const languageSchema = z.enum(LANGUAGES).optional();

/**
 * The language of a query or corpus row: its `language` field, `DEFAULT_LANGUAGE` (`'python'`) when absent.
 *
 * @example
 * rowLanguage({});                          // 'python'
 * rowLanguage({ language: 'javascript' });  // 'javascript'
 */
export function rowLanguage(row: { language?: Language | undefined }): Language {
  return row.language ?? DEFAULT_LANGUAGE;
}

/**
 * `bug_type` of a corpus row or result row: any string; absent, `null` and `""` all mean "no bug" (see
 * {@link normalizeBugType}).
 */
const bugTypeSchema = z.string().nullable().optional();

/** One line of `data/corpus.jsonl`: one snippet. */
export const corpusRowSchema = z.looseObject({
  corpus_id: z.string().min(1),
  code: z.string(),
  label: z.enum(LABELS),
  bug_type: bugTypeSchema,
  source_entry_id: z.string(),
  language: languageSchema,
});
/** A row of `data/corpus.jsonl` (unknown fields kept). */
export type CorpusRow = z.infer<typeof corpusRowSchema>;

/** `metadata` of a query row: generation provenance (all fields optional, unknown ones kept). */
const queryMetadataSchema = z.looseObject({
  model: z.string().nullable().optional(),
  endpoint: z.string().nullable().optional(),
  generated_at: z.string().nullable().optional(),
  batch_usage: z.looseObject({}).nullable().optional(),
});

/** One line of `data/queries.jsonl`: one task. */
export const queryRowSchema = z.looseObject({
  query_id: z.string().min(1),
  query: z.string(),
  test_suite: z.array(z.string()),
  correct_corpus_ids: z.array(z.string()),
  paired_distractor_corpus_ids: z.array(z.string()),
  entry_id: z.string(),
  metadata: queryMetadataSchema.nullable().optional(),
  language: languageSchema,
});
/** A row of `data/queries.jsonl` (unknown fields kept). */
export type QueryRow = z.infer<typeof queryRowSchema>;

/** One ranked result in `results/<model>.json`. */
const topResultSchema = z.looseObject({
  rank: z.int().min(1),
  corpus_id: z.string(),
  label: z.enum(LABELS),
  bug_type: bugTypeSchema,
  similarity: z.number(),
  passes_all_tests: z.boolean(),
  test_results: z.array(z.string()),
});
/** A ranked result row of a results file. */
export type TopResult = z.infer<typeof topResultSchema>;

/** One query of `results/<model>.json`. */
const perQueryResultSchema = z.looseObject({
  query_id: z.string(),
  query: z.string(),
  correct_corpus_ids: z.array(z.string()),
  top_results: z.array(topResultSchema),
});
/** A per-query entry of a results file. */
export type PerQueryResult = z.infer<typeof perQueryResultSchema>;

/**
 * `results/<model>.json`. `metrics` maps a measure id (`exec@1`, `precision@5`, `ndcg@10`, `exec_ndcg_gap@3`,
 * ...) to its mean; a nested `{ "1": value }` object per measure family is accepted too.
 */
export const resultsFileSchema = z.looseObject({
  model: z.string(),
  n_queries: z.int().min(0),
  n_corpus: z.int().min(0),
  ks: z.array(z.int().min(1)),
  metrics: z.record(z.string(), z.union([z.number(), z.null(), z.record(z.string(), z.number().nullable())])),
  per_query: z.array(perQueryResultSchema),
});
/** A parsed `results/<model>.json`. */
export type ResultsFile = z.infer<typeof resultsFileSchema>;

const ci95 = z.tuple([z.number(), z.number()]);

/** `tests/pairwise_tests.json` entry for an `exec@k` measure. */
export const execComparisonSchema = z.looseObject({
  a_only: z.int().min(0),
  b_only: z.int().min(0),
  both: z.int().min(0),
  neither: z.int().min(0),
  a_rate: z.number(),
  b_rate: z.number(),
  delta: z.number(),
  mcnemar_exact_p: z.number().min(0).max(1),
  bootstrap_ci_95: ci95,
} satisfies ShapeOf<ReleaseBinaryComparison>);
/** Comparison of two systems on an `exec@k` measure. */
export type ExecComparison = z.infer<typeof execComparisonSchema>;

/** `tests/pairwise_tests.json` entry for `execution_precision@k` and `ndcg@k`. */
export const intervalComparisonSchema = z.looseObject({ bootstrap_ci_95: ci95 });
/** Comparison of two systems on a measure that only carries an interval. */
export type IntervalComparison = z.infer<typeof intervalComparisonSchema>;

/**
 * `tests/pairwise_tests.json`: `"A vs B"` → measure → comparison. The structure is checked by this schema; the
 * per-measure shape (which depends on the measure's name) is checked by `parsePairwiseTests`.
 */
export const pairwiseTestsSchema = z.record(z.string(), z.record(z.string(), z.looseObject({})));
/** A parsed `tests/pairwise_tests.json`. */
export type PairwiseTests = Record<
  string,
  Record<string, ExecComparison | IntervalComparison | Record<string, unknown>>
>;

/** One interval of `tests/confidence_intervals.json`. */
const confidenceIntervalSchema = z.looseObject({
  mean: z.number(),
  ci95_low: z.number(),
  ci95_high: z.number(),
  n: z.int().min(0),
  bootstrap_samples: z.int().min(1),
  seed: z.int(),
});
/** A bootstrap interval of one measure of one system. */
export type ConfidenceInterval = z.infer<typeof confidenceIntervalSchema>;

/** `tests/confidence_intervals.json`: model → measure → interval. */
export const confidenceIntervalsSchema = z.record(z.string(), z.record(z.string(), confidenceIntervalSchema));
/** A parsed `tests/confidence_intervals.json`. */
export type ConfidenceIntervals = z.infer<typeof confidenceIntervalsSchema>;

/** Fields the schemas know, per file kind, used to count unknown fields. */
export const KNOWN_FIELDS = {
  corpus: ['corpus_id', 'code', 'label', 'bug_type', 'source_entry_id', 'language'],
  queries: [
    'query_id',
    'query',
    'test_suite',
    'correct_corpus_ids',
    'paired_distractor_corpus_ids',
    'entry_id',
    'metadata',
    'language',
  ],
  queryMetadata: ['model', 'endpoint', 'generated_at', 'batch_usage'],
  results: ['model', 'n_queries', 'n_corpus', 'ks', 'metrics', 'per_query'],
  perQuery: ['query_id', 'query', 'correct_corpus_ids', 'top_results'],
  topResult: ['rank', 'corpus_id', 'label', 'bug_type', 'similarity', 'passes_all_tests', 'test_results'],
} as const;

/**
 * Normalises a `bug_type` value: absent, `null` and `""` become `null` ("no bug"); any other string is returned
 * unchanged (legacy bug types are accepted as they are).
 *
 * @example
 * normalizeBugType(undefined);     // null
 * normalizeBugType('');            // null
 * normalizeBugType('off_by_one');  // 'off_by_one'
 */
export function normalizeBugType(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * Converts zod issues into located {@link DatasetIssue}s. `base` supplies file and line; `prefix` is prepended to
 * each path (for values nested in a larger document).
 *
 * @example
 * const r = corpusRowSchema.safeParse(row);
 * if (!r.success) issues.push(...zodIssuesToDatasetIssues(r.error.issues, row, { file: 'data/corpus.jsonl', line: 7 }));
 */
export function zodIssuesToDatasetIssues(
  zodIssues: readonly z.core.$ZodIssue[],
  input: unknown,
  base: { file?: string; line?: number; prefix?: readonly (string | number)[] },
): DatasetIssue[] {
  const out: DatasetIssue[] = [];
  for (const zi of zodIssues) {
    const path = zi.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const received = valueAt(input, zi.path);
    let message: string;
    if (zi.code === 'invalid_type') {
      message =
        received === undefined
          ? `required field is missing (expected ${zi.expected})`
          : `expected ${zi.expected}, received ${describeJson(received)}`;
    } else if (zi.code === 'invalid_value') {
      message = `expected one of ${zi.values.map((v) => JSON.stringify(v)).join(' | ')}, received ${describeJson(received)}`;
    } else if (zi.code === 'too_small' || zi.code === 'too_big') {
      message = `${zi.message}, received ${describeJson(received)}`;
    } else {
      message = zi.message;
    }
    const issue: DatasetIssue = {
      severity: 'error',
      code: `schema-${zi.code.replace(/_/g, '-')}`,
      message,
      path: [...(base.prefix ?? []), ...path],
    };
    if (base.file !== undefined) issue.file = base.file;
    if (base.line !== undefined) issue.line = base.line;
    out.push(issue);
  }
  return out;
}

/**
 * Adds the keys of `row` that are not in `known` to `counts` (key → number of rows), prefixed with `prefix`.
 *
 * @example
 * const counts = new Map<string, number>();
 * countUnknownFields({ corpus_id: 'c_1', note: 'x' }, KNOWN_FIELDS.corpus, counts); // counts: { note → 1 }
 */
export function countUnknownFields(
  row: Record<string, unknown>,
  known: readonly string[],
  counts: Map<string, number>,
  prefix = '',
): void {
  for (const key in row) {
    if (!Object.hasOwn(row, key) || known.includes(key)) continue;
    const name = prefix + key;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
}
