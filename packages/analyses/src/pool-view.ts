import type { Benchmark } from '@execret/dataset';
import { compareCodePoints, DEFAULT_LANGUAGE, type Language } from '@execret/formats';
import { AnalysesError } from './analyses-error.js';

/**
 * The benchmark as the analyses see it: dense indices instead of ids, built once.
 *
 * Documents are in corpus-id order (ids like `c_0001` are zero-padded, so index order is id order and
 * the tie rule "document id descending" becomes "document index descending"). Each query owns one group:
 * its canonical(s) and its paired distractors.
 */
export interface PoolView {
  readonly queryIds: readonly string[];
  readonly queryTexts: readonly string[];
  readonly tests: readonly (readonly string[])[];
  /** Language of each query's canonical and tests: a snippet is run against a query's tests in that language. */
  readonly languages: readonly Language[];
  readonly domains: readonly string[];
  readonly docIds: readonly string[];
  readonly code: readonly string[];
  /** Bug type per document; `null` for canonicals. */
  readonly bugTypes: readonly (string | null)[];
  /** 1 when the document is labelled `correct`. */
  readonly isCorrect: Uint8Array;
  /** Canonical document indices per query (normally one). */
  readonly canonicals: readonly Int32Array[];
  /** Paired distractor document indices per query. */
  readonly distractors: readonly Int32Array[];
  /** The query whose group a document belongs to, or -1. */
  readonly ownerQuery: Int32Array;
  /** Position of each document in the corpus as given (file order), for matrices stored in that order. */
  readonly inputOrder: Int32Array;
}

/** What {@link createPoolView} needs: queries with their groups, and the corpus in any order. */
export interface PoolInput {
  queries: readonly {
    id: string;
    query: string;
    tests: readonly string[];
    /** Default `python`. */
    language?: Language;
    domain: string;
    canonicalIds: readonly string[];
    distractorIds: readonly string[];
  }[];
  corpus: readonly { id: string; code: string; correct: boolean; bugType: string | null }[];
}

/**
 * Builds a {@link PoolView} in O(queries + documents log documents); documents are sorted by id (code-point
 * order) and `inputOrder` remembers where each came from.
 *
 * @throws AnalysesError `duplicate-corpus-id` when two snippets share an id, `unknown-corpus-id` when a query
 *   lists an id the corpus lacks (the message names the query and the id).
 * @example
 * const pool = createPoolView({
 *   queries: [{ id: 'q_1', query: 'square', tests: ['assert sq(2) == 4'], domain: 'math_numerical',
 *               canonicalIds: ['c_1'], distractorIds: ['c_2'] }],
 *   corpus: [
 *     { id: 'c_2', code: 'def sq(x):\n    return x + x\n', correct: false, bugType: 'wrong_operator' },
 *     { id: 'c_1', code: 'def sq(x):\n    return x * x\n', correct: true, bugType: null },
 *   ],
 * });
 * pool.docIds;                  // ['c_1', 'c_2']
 * Array.from(pool.inputOrder);  // [1, 0]
 * Array.from(pool.ownerQuery);  // [0, 0]
 */
export function createPoolView(input: PoolInput): PoolView {
  const order = input.corpus
    .map((_, i) => i)
    .sort((a, b) => compareCodePoints(input.corpus[a]!.id, input.corpus[b]!.id));
  const corpus = order.map((i) => input.corpus[i]!);
  const indexById = new Map<string, number>();
  corpus.forEach((doc, index) => {
    if (indexById.has(doc.id)) {
      throw new AnalysesError(
        'duplicate-corpus-id',
        `@execret/analyses createPoolView: expected unique corpus ids, received duplicate corpus id ${JSON.stringify(doc.id)}`,
        { details: { corpusId: doc.id } },
      );
    }
    indexById.set(doc.id, index);
  });
  const lookup = (id: string, queryId: string): number => {
    const index = indexById.get(id);
    if (index === undefined) {
      throw new AnalysesError(
        'unknown-corpus-id',
        `@execret/analyses createPoolView: query ${queryId} references corpus id ${JSON.stringify(id)}, which is not in the corpus`,
        { details: { queryId, corpusId: id } },
      );
    }
    return index;
  };
  const ownerQuery = new Int32Array(corpus.length).fill(-1);
  const canonicals: Int32Array[] = [];
  const distractors: Int32Array[] = [];
  input.queries.forEach((query, q) => {
    const own = Int32Array.from(query.canonicalIds, (id) => lookup(id, query.id));
    const bad = Int32Array.from(query.distractorIds, (id) => lookup(id, query.id));
    for (const d of [...own, ...bad]) ownerQuery[d] = q;
    canonicals.push(own);
    distractors.push(bad);
  });
  return {
    queryIds: input.queries.map((query) => query.id),
    queryTexts: input.queries.map((query) => query.query),
    tests: input.queries.map((query) => query.tests),
    languages: input.queries.map((query) => query.language ?? DEFAULT_LANGUAGE),
    domains: input.queries.map((query) => query.domain),
    docIds: corpus.map((doc) => doc.id),
    code: corpus.map((doc) => doc.code),
    bugTypes: corpus.map((doc) => doc.bugType),
    isCorrect: Uint8Array.from(corpus, (doc) => (doc.correct ? 1 : 0)),
    canonicals,
    distractors,
    ownerQuery,
    inputOrder: Int32Array.from(order),
  };
}

/**
 * The {@link PoolView} of a loaded `@execret/dataset` benchmark (domain `unknown` when `entry_id` has none).
 *
 * @example
 * const pool = poolFromBenchmark(await loadExecRetrieval('mini'));
 * pool.queryIds.length; // 100
 */
export function poolFromBenchmark(
  benchmark: Pick<Benchmark, 'queries' | 'corpus' | 'queryDomain' | 'snippetBugType'> &
    Partial<Pick<Benchmark, 'queryLanguage'>>,
): PoolView {
  return createPoolView({
    queries: benchmark.queries.map((row, q) => ({
      id: row.query_id,
      query: row.query,
      tests: row.test_suite,
      language: benchmark.queryLanguage?.[q] ?? DEFAULT_LANGUAGE,
      domain: benchmark.queryDomain[q] ?? 'unknown',
      canonicalIds: row.correct_corpus_ids,
      distractorIds: row.paired_distractor_corpus_ids,
    })),
    corpus: benchmark.corpus.map((row, d) => ({
      id: row.corpus_id,
      code: row.code,
      correct: row.label === 'correct',
      bugType: benchmark.snippetBugType[d] ?? null,
    })),
  });
}
