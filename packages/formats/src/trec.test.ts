import { describe, expect, it } from 'vitest';
import { formatTrecQrels, formatTrecRun, parseTrecQrels, parseTrecRun } from './trec.js';

describe('formatTrecRun', () => {
  it('writes one line per row with the shortest round-trip score when scores are arbitrary doubles', () => {
    const text = formatTrecRun(
      [
        { queryId: 'q_0001', docId: 'c_0002', rank: 1, score: 0.1 + 0.2 },
        { queryId: 'q_0001', docId: 'c_0001', rank: 2, score: Math.fround(0.3) },
        { queryId: 'q_0002', docId: 'c_0003', rank: 1, score: -1e-300 },
      ],
      'bm25',
    );
    expect(text).toBe(
      'q_0001 Q0 c_0002 1 0.30000000000000004 bm25\nq_0001 Q0 c_0001 2 0.30000001192092896 bm25\nq_0002 Q0 c_0003 1 -1e-300 bm25\n',
    );
    const back = parseTrecRun(text);
    expect(back.issues).toEqual([]);
    expect(back.rows.map((r) => r.score)).toEqual([0.1 + 0.2, Math.fround(0.3), -1e-300]);
    expect(back.tag).toBe('bm25');
  });

  it.each([
    ['an id with a space', { queryId: 'q 1', docId: 'd', rank: 1, score: 1 }, 'tag'],
    ['an empty document id', { queryId: 'q', docId: '', rank: 1, score: 1 }, 'tag'],
    ['rank 0', { queryId: 'q', docId: 'd', rank: 0, score: 1 }, 'tag'],
    ['a NaN score', { queryId: 'q', docId: 'd', rank: 1, score: Number.NaN }, 'tag'],
    ['a tag with a tab', { queryId: 'q', docId: 'd', rank: 1, score: 1 }, 'a\tb'],
  ])('throws TypeError for %s', (_name, row, tag) => {
    expect(() => formatTrecRun([row], tag)).toThrow(TypeError);
  });
});

describe('formatTrecQrels', () => {
  it('writes query, iteration 0, document and relevance', () => {
    expect(
      formatTrecQrels([
        { queryId: 'q1', docId: 'd1', relevance: 1 },
        { queryId: 'q1', docId: 'd2', relevance: 0 },
      ]),
    ).toBe('q1 0 d1 1\nq1 0 d2 0\n');
  });

  it('throws TypeError when a relevance is not an integer', () => {
    expect(() => formatTrecQrels([{ queryId: 'q', docId: 'd', relevance: 0.5 }])).toThrow(TypeError);
  });
});

describe('parseTrecRun', () => {
  it('reports every bad line with its file, line and field and keeps the good ones', () => {
    const text = [
      '\uFEFFq1 Q0 d1 1 2.5 mine',
      'q1 Q0 d2 2 x mine',
      '',
      'q1 Q0 d3 zero 1 mine\r',
      'q1 Q0 d1 3 1 mine',
      'q1 Q0 d4 4',
      `q1 Q0 ${'d'.repeat(5000)} 5 1 mine`,
      'q2\tQ0   d1 1 -3e2 mine',
    ].join('\n');
    const { rows, issues } = parseTrecRun(text, { file: 'mine.run' });
    expect(rows).toEqual([
      { queryId: 'q1', docId: 'd1', rank: 1, score: 2.5 },
      { queryId: 'q2', docId: 'd1', rank: 1, score: -300 },
    ]);
    expect(issues.map((i) => [i.file, i.line, i.field])).toEqual([
      ['mine.run', 2, 'score'],
      ['mine.run', 4, 'rank'],
      ['mine.run', 5, 'doc_id'],
      ['mine.run', 6, 'line'],
      ['mine.run', 7, 'line'],
    ]);
    expect(issues[0]?.message).toBe('expected a finite number, found "x"');
  });

  it('keeps the first 100 issues and counts the rest when a file is all garbage', () => {
    const { issues } = parseTrecRun(Array.from({ length: 250 }, () => 'garbage').join('\n'));
    expect(issues).toHaveLength(100);
    expect(issues[99]?.message).toMatch(/and 150 more issues/);
  });
});

describe('parseTrecQrels', () => {
  it('reads judgements and reports a bad relevance and a repeated judgement', () => {
    const { rows, issues } = parseTrecQrels('q1 0 d1 1\nq1 0 d2 high\nq1 0 d1 0\nq2 7 d9 -1\n', { file: 'q.txt' });
    expect(rows).toEqual([
      { queryId: 'q1', docId: 'd1', relevance: 1 },
      { queryId: 'q2', docId: 'd9', relevance: -1 },
    ]);
    expect(issues.map((i) => [i.line, i.field])).toEqual([
      [2, 'relevance'],
      [3, 'doc_id'],
    ]);
  });
});
