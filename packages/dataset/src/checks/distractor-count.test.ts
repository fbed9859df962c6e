import { describe, expect, it } from 'vitest';
import { createBenchmark } from '../benchmark.js';
import { readDistractorMetadataRecords } from '../distractor-metadata.js';
import type { CorpusRow, QueryRow } from '../schemas.js';
import { validateBenchmark } from '../validate.js';

const code = (n: number) => `def f(x):\n    return x + ${n}\n`;
const corpus: CorpusRow[] = [
  { corpus_id: 'c_0001', code: code(0), label: 'correct', source_entry_id: 'exec_math_1' },
  ...[1, 2, 3, 4, 5].map(
    (n): CorpusRow => ({
      corpus_id: `c_000${n + 1}`,
      code: code(n),
      label: 'incorrect',
      bug_type: 'off_by_one',
      source_entry_id: 'exec_math_1',
    }),
  ),
];
const query: QueryRow = {
  query_id: 'q_0001',
  query: 'Return x.',
  test_suite: ['assert f(1) == 1'],
  correct_corpus_ids: ['c_0001'],
  paired_distractor_corpus_ids: ['c_0002', 'c_0003', 'c_0004', 'c_0005', 'c_0006'],
  entry_id: 'exec_math_1',
};

/** The pool above with metadata rows: `copyOf` maps a distractor to the `copy_of` its row names. */
function pool(copyOf: Record<string, string> | null) {
  const distractorMetadata =
    copyOf === null
      ? null
      : readDistractorMetadataRecords(
          query.paired_distractor_corpus_ids.map((id, i) => ({
            line: i + 1,
            value: {
              corpus_id: id,
              query_id: 'q_0001',
              canonical_corpus_id: 'c_0001',
              bug_type: 'off_by_one',
              ...(copyOf[id] !== undefined ? { copy_of: copyOf[id] } : {}),
            },
          })),
        );
  const benchmark = createBenchmark({ corpus, queries: [query], distractorMetadata });
  return validateBenchmark(benchmark).filter((i) => i.code === 'distractor-count');
}

describe('distractorCount', () => {
  it.each([
    ['no metadata', null, ['5 paired distractors; expected 1 to 4']],
    ['metadata without copies', {}, ['5 paired distractors; expected 1 to 4']],
    ['two copies of one distractor', { c_0005: 'c_0004', c_0006: 'c_0004' }, []],
    ['one copy (5 − 1 = 4 distinct)', { c_0006: 'c_0004' }, []],
    [
      'copy_of naming a snippet outside the query',
      { c_0005: 'c_0099', c_0006: 'c_0098' },
      ['5 paired distractors; expected 1 to 4'],
    ],
    ['copy_of naming itself', { c_0005: 'c_0005', c_0006: 'c_0006' }, ['5 paired distractors; expected 1 to 4']],
  ])('counts distinct distractors (cosmetic copies left out) when the query has %s', (_, copyOf, messages) => {
    expect(pool(copyOf as Record<string, string> | null).map((i) => i.message)).toEqual(messages);
  });

  it('says how many copies it left out when the distinct count is still out of range', () => {
    const issues = (() => {
      const many = { ...query, paired_distractor_corpus_ids: [...query.paired_distractor_corpus_ids] };
      const metadata = readDistractorMetadataRecords(
        many.paired_distractor_corpus_ids.map((id, i) => ({
          line: i + 1,
          value: { corpus_id: id, query_id: 'q_0001', ...(id === 'c_0006' ? { copy_of: 'c_0002' } : {}) },
        })),
      );
      return validateBenchmark(createBenchmark({ corpus, queries: [many], distractorMetadata: metadata }), {
        distractorCount: { min: 1, max: 3 },
      }).filter((i) => i.code === 'distractor-count');
    })();
    expect(issues.map((i) => i.message)).toEqual([
      '5 paired distractors (4 distinct, 1 cosmetic copy); expected 1 to 3',
    ]);
  });
});
