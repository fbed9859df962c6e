import { codeSha256, type ExecutionCacheRecord, type Language, type SuiteStatus, testsSha256 } from '@execret/formats';
import type { CorpusRecord, DistractorMetadataRecord, EditRecord, QueryRecord } from './release-records.js';

/** A snippet's run against its query's tests, as a generator has it (its suite status and one outcome per test). */
export interface ReleaseRun {
  readonly status: SuiteStatus;
  readonly tests: readonly string[];
}

/** What a caller adds to each distractor-metadata row: at least the edits. */
export type DistractorExtras = { edits: EditRecord[] };

/** One distractor of a {@link ReleaseGroup}. */
export interface ReleaseDistractor<DM extends DistractorExtras> {
  code: string;
  bugType: string;
  /** Its run against the group's tests. */
  result: ReleaseRun;
  failure: 'output' | 'crash';
  /**
   * For a cosmetic copy of another distractor of the group (propagated-bug pools): the index of that original in
   * the group's `distractors`, which must come before the copy. Written as `copy_of` (the original's corpus id)
   * after `failed_tests`.
   */
  copyOf?: number;
  /** Fields added to its `distractor_metadata.jsonl` row after the common ones. */
  metadata: DM;
}

/** One query with its canonical and distractors, before ids are assigned. */
export interface ReleaseGroup<QM, DM extends DistractorExtras> {
  taskId: string;
  domain: string;
  /**
   * The language of the canonical, distractors and tests; written as `language` on the query row, every
   * corpus row and every execution-cache line of the group when present and not `'python'` (absent or
   * `'python'`: no field, as in the ExecRetrieval release).
   */
  language?: Language;
  query: string;
  tests: readonly string[];
  canonical: string;
  canonicalResult: ReleaseRun;
  distractors: readonly ReleaseDistractor<DM>[];
  /** The query row's `metadata`. */
  metadata: QM;
}

/** Release rows (SPEC section 2) of {@link assembleReleaseRows}. */
export interface ReleaseRows<QM, DM extends DistractorExtras> {
  corpus: CorpusRecord[];
  queries: QueryRecord<QM>[];
  distractorMetadata: (Omit<DistractorMetadataRecord, 'edits'> & DM)[];
  executionCache: ExecutionCacheRecord[];
}

/** Digits of generated ids: at least four (`c_0001`), more when the count needs them. */
function idWidth(count: number): number {
  return Math.max(4, String(count).length);
}

/** The execution-cache record of one run (written by `formatExecutionCacheLine` of `@execret/formats`). */
function runRecord(
  code: string,
  tests: readonly string[],
  result: ReleaseRun,
  language: Language | undefined,
): ExecutionCacheRecord {
  return {
    codeSha256: codeSha256(code),
    testsSha256: testsSha256(tests),
    testResults: [...result.tests],
    passesAllTests: result.status === 'pass' && result.tests.every((t) => t === 'pass'),
    status: result.status,
    ...(language !== undefined ? { language } : {}),
  };
}

/**
 * Assigns ids and writes the release rows of a list of groups, in order: query `q_NNNN` (1-based), the
 * canonical as `c_NNNN` first in its group (so it carries the group's lowest id, as SPEC section 1 says), then
 * its distractors in the order given; `entry_id` = `exec_<domain>_<n>` with n counting the domain's groups from
 * 1; ids have at least four digits and as many as the counts need. Distractor metadata rows start with
 * `corpus_id`, `query_id`, `canonical_corpus_id`, `entry_id`, `task_id`, `bug_type`, `failure`, `failed_tests`
 * (then `copy_of` for a copy: its original's corpus id), followed by the distractor's own `metadata` fields. The
 * execution cache holds each snippet's run against its own query's tests, once per (language, code, tests). A group with a `language` other than `'python'` writes it
 * last on its query row, each of its corpus rows and its cache lines. Pure: the same groups give the same rows.
 *
 * @example
 * const rows = assembleReleaseRows([{ taskId: 't1', domain: 'geometry', query: 'Area of a square.', tests: ['assert area(2) == 4'],
 *   canonical: 'def area(s):\n    return s * s\n', canonicalResult: { status: 'pass', tests: ['pass'] },
 *   distractors: [{ code: 'def area(s):\n    return s + s\n', bugType: 'wrong_operator', result: { status: 'fail', tests: ['FAIL'] }, failure: 'output', metadata: { edits: [] } }],
 *   metadata: {} }]);
 * rows.queries[0].entry_id;  // 'exec_geometry_1'
 * rows.corpus.map((c) => c.corpus_id); // ['c_0001', 'c_0002']
 */
export function assembleReleaseRows<QM, DM extends DistractorExtras>(
  groups: readonly ReleaseGroup<QM, DM>[],
): ReleaseRows<QM, DM> {
  const corpusWidth = idWidth(groups.reduce((n, g) => n + 1 + g.distractors.length, 0));
  const queryWidth = idWidth(groups.length);
  const rows: ReleaseRows<QM, DM> = { corpus: [], queries: [], distractorMetadata: [], executionCache: [] };
  const cacheKeys = new Set<string>();
  const domainCounts = new Map<string, number>();
  let nextCorpus = 1;
  const pushCache = (
    code: string,
    tests: readonly string[],
    result: ReleaseRun,
    language: Language | undefined,
  ): void => {
    const record = runRecord(code, tests, result, language);
    const key = `${language ?? 'python'}:${record.codeSha256}:${record.testsSha256}`;
    if (cacheKeys.has(key)) return;
    cacheKeys.add(key);
    rows.executionCache.push(record);
  };
  groups.forEach((group, q) => {
    const n = (domainCounts.get(group.domain) ?? 0) + 1;
    domainCounts.set(group.domain, n);
    const entryId = `exec_${group.domain}_${n}`;
    const language = group.language !== undefined && group.language !== 'python' ? group.language : undefined;
    const tagged = language !== undefined ? { language } : {};
    const queryId = `q_${String(q + 1).padStart(queryWidth, '0')}`;
    const canonicalId = `c_${String(nextCorpus++).padStart(corpusWidth, '0')}`;
    rows.corpus.push({
      corpus_id: canonicalId,
      code: group.canonical,
      label: 'correct',
      source_entry_id: entryId,
      ...tagged,
    });
    pushCache(group.canonical, group.tests, group.canonicalResult, language);
    const distractorIds: string[] = [];
    for (const d of group.distractors) {
      if (d.copyOf !== undefined && !(Number.isInteger(d.copyOf) && d.copyOf >= 0 && d.copyOf < distractorIds.length)) {
        throw new RangeError(
          `@execret/dataset assembleReleaseRows: copyOf must index an earlier distractor of the group (0..${distractorIds.length - 1}), received ${d.copyOf}`,
        );
      }
      const id = `c_${String(nextCorpus++).padStart(corpusWidth, '0')}`;
      distractorIds.push(id);
      rows.corpus.push({
        corpus_id: id,
        code: d.code,
        label: 'incorrect',
        bug_type: d.bugType,
        source_entry_id: entryId,
        ...tagged,
      });
      rows.distractorMetadata.push({
        corpus_id: id,
        query_id: queryId,
        canonical_corpus_id: canonicalId,
        entry_id: entryId,
        task_id: group.taskId,
        bug_type: d.bugType,
        failure: d.failure,
        failed_tests: d.result.tests.filter((t) => t !== 'pass').length,
        ...(d.copyOf !== undefined ? { copy_of: distractorIds[d.copyOf]! } : {}),
        ...d.metadata,
      });
      pushCache(d.code, group.tests, d.result, language);
    }
    rows.queries.push({
      query_id: queryId,
      query: group.query,
      test_suite: [...group.tests],
      correct_corpus_ids: [canonicalId],
      paired_distractor_corpus_ids: distractorIds,
      entry_id: entryId,
      metadata: group.metadata,
      ...tagged,
    });
  });
  return rows;
}
