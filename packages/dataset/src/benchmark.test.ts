import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../test/helpers.js';
import {
  type Benchmark,
  createBenchmark,
  domainFromEntryId,
  getQuery,
  getSnippet,
  queryCorrect,
  queryDistractors,
} from './benchmark.js';
import { readReleaseDirectory } from './read-release.js';
import type { CorpusRow, QueryRow } from './schemas.js';

let b: Benchmark;
beforeAll(async () => {
  b = await readReleaseDirectory(FIXTURE_DIR);
});

const ids = (bench: Benchmark, indices: ArrayLike<number>) =>
  Array.from(indices, (i) => (bench.corpus[i] as CorpusRow).corpus_id);

describe('domainFromEntryId', () => {
  it.each([
    ['exec_string_processing_5', 'string_processing'],
    ['exec_date_time_12', 'date_time'],
    ['exec_x_0', 'x'],
    ['string_processing_5', null],
    ['exec_geometry', null],
    ['exec__3', null],
  ])('reads %j as %j', (entry, domain) => {
    expect(domainFromEntryId(entry)).toBe(domain);
  });
});

describe('createBenchmark', () => {
  it('indexes the fixture: ids, canonicals, distractors in listed order', () => {
    expect(b.queries).toHaveLength(6);
    expect(b.corpus).toHaveLength(29);
    const q2 = b.queryIndexById.get('q_0002') as number;
    expect(ids(b, queryDistractors(b, q2))).toEqual(['c_0009', 'c_0007', 'c_0012']);
    expect(ids(b, queryCorrect(b, q2))).toEqual(['c_0006']);
    expect(b.corpus[b.queryCanonicalIndex[q2] as number]?.corpus_id).toBe('c_0006');
    expect(Array.from(b.distractorOffsets)).toEqual([0, 4, 7, 11, 15, 19, 23]);
    expect(b.isCanonical.reduce((n, x) => n + x, 0)).toBe(6);
  });

  it('derives domain, function name and bug types', () => {
    expect(b.queryDomain).toEqual([
      'string_processing',
      'math_numerical',
      'math_numerical',
      'sorting_searching',
      'validation',
      'bit_manipulation',
    ]);
    expect(b.domains).toEqual([
      'bit_manipulation',
      'math_numerical',
      'sorting_searching',
      'string_processing',
      'validation',
    ]);
    expect(Array.from(b.queryDomainIndex)).toEqual([3, 1, 1, 2, 4, 0]);
    expect(b.functionName).toEqual([
      'truncate_words',
      'clamp',
      'digit_sum',
      'first_index_at_least',
      'is_valid_hex_color',
      'count_set_bits',
    ]);
    expect(b.bugTypes).toContain('wrong_builtin');
    const at = (id: string) => b.corpusIndexById.get(id) as number;
    // bug_type absent, "" and null all mean no bug
    expect([b.snippetBugType[at('c_0001')], b.snippetBugType[at('c_0006')], b.snippetBugType[at('c_0008')]]).toEqual([
      null,
      null,
      null,
    ]);
    expect(b.snippetBugTypeIndex[at('c_0006')]).toBe(-1);
    expect(b.bugTypes[b.snippetBugTypeIndex[at('c_0002')] as number]).toBe('off_by_one');
    expect(b.snippetQueryIndex[at('c_0012')]).toBe(b.queryIndexById.get('q_0002'));
  });

  it('records 1-based lines, counting blank lines', () => {
    expect(Array.from(b.queryLine)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(b.corpusLine[28]).toBe(29);
  });

  it('leaves unresolved ids out and maps repeated ids to their first row', () => {
    const corpus: CorpusRow[] = [
      { corpus_id: 'c_1', code: 'def f():\n  return 1\n', label: 'correct', source_entry_id: 'exec_x_1' },
      {
        corpus_id: 'c_2',
        code: 'def f():\n  return 2\n',
        label: 'incorrect',
        bug_type: 'off_by_one',
        source_entry_id: 'exec_x_1',
      },
      { corpus_id: 'c_1', code: 'dup', label: 'correct', source_entry_id: 'exec_x_1' },
    ];
    const queries: QueryRow[] = [
      {
        query_id: 'q',
        query: 'f',
        test_suite: ['assert f() == 1'],
        correct_corpus_ids: ['missing'],
        paired_distractor_corpus_ids: ['c_2', 'nope'],
        entry_id: 'weird',
      },
    ];
    const built = createBenchmark({ corpus, queries });
    expect(built.queryCanonicalIndex[0]).toBe(-1);
    expect(ids(built, queryDistractors(built, 0))).toEqual(['c_2']);
    expect(built.corpusIndexById.get('c_1')).toBe(0);
    expect(built.queryDomain).toEqual([null]);
    expect(Array.from(built.queryDomainIndex)).toEqual([-1]);
    expect(built.functionName).toEqual([null]);
    expect(built.source.kind).toBe('memory');
  });
});

describe('queryDistractors', () => {
  it('throws RangeError when the query index is out of range', () => {
    expect(() => queryDistractors(b, 6)).toThrow(RangeError);
    expect(() => queryCorrect(b, -1)).toThrow(/\[0, 6\)/);
  });
});

describe('getQuery and getSnippet', () => {
  it('look rows up by id', () => {
    expect(getQuery(b, 'q_0004')?.difficulty).toBe('easy');
    expect(getSnippet(b, 'c_0015')?.license).toBe('MIT');
    expect(getQuery(b, 'q_9')).toBeUndefined();
    expect(getSnippet(b, 'c_9')).toBeUndefined();
  });
});
