import { describe, expect, it } from 'vitest';
import { mulberry32 } from './mulberry32.js';
import { formatTrecRun, parseTrecRun, type TrecRunRow } from './trec.js';
import { parseTrecRunColumns } from './trec-run-columns.js';

/** parseTrecRun's rows grouped by query, in the order of each query's first row: what the columns must hold. */
function groupedRows(text: string) {
  const parsed = parseTrecRun(text);
  const groups = new Map<string, { docIds: string[]; scores: number[] }>();
  for (const row of parsed.rows) {
    const group = groups.get(row.queryId) ?? { docIds: [], scores: [] };
    group.docIds.push(row.docId);
    group.scores.push(row.score);
    groups.set(row.queryId, group);
  }
  return { groups, rows: parsed.rows.length, tag: parsed.tag, issues: parsed.issues };
}

function plain(columns: ReturnType<typeof parseTrecRunColumns>['queries']) {
  return new Map([...columns].map(([queryId, c]) => [queryId, { docIds: c.docIds, scores: [...c.scores] }]));
}

describe('parseTrecRunColumns', () => {
  it('groups documents and scores by query and reports unusable lines (the doc comment example)', () => {
    const { queries, rowCount, tag, issues } = parseTrecRunColumns(
      'q1 Q0 d1 1 2.5 mine\nq1 Q0 d2 2 0.5 mine\nq2 Q0 d1 1 x mine\n',
      { file: 'mine.run' },
    );
    expect([...queries.keys()]).toEqual(['q1']);
    expect(queries.get('q1')?.docIds).toEqual(['d1', 'd2']);
    expect(queries.get('q1')?.scores).toEqual(Float64Array.of(2.5, 0.5));
    expect(queries.get('q1')?.scores).toBeInstanceOf(Float64Array);
    expect(rowCount).toBe(2);
    expect(tag).toBe('mine');
    expect(issues).toEqual([
      { file: 'mine.run', line: 3, field: 'score', message: 'expected a finite number, found "x"' },
    ]);
  });

  it('keeps file order within a query and gathers its scores when its lines are interleaved with others', () => {
    const text = 'a Q0 d1 1 1 t\nb Q0 d1 1 9 t\na Q0 d2 2 2 t\nb Q0 d2 2 8 t\nc Q0 d1 1 5 t\na Q0 d3 3 3 t\n';
    const { queries } = parseTrecRunColumns(text);
    expect(plain(queries)).toEqual(
      new Map([
        ['a', { docIds: ['d1', 'd2', 'd3'], scores: [1, 2, 3] }],
        ['b', { docIds: ['d1', 'd2'], scores: [9, 8] }],
        ['c', { docIds: ['d1'], scores: [5] }],
      ]),
    );
  });

  it('reads an empty file as no query and no tag', () => {
    expect(parseTrecRunColumns('')).toEqual({ queries: new Map(), rowCount: 0, tag: null, issues: [] });
  });

  it('holds exactly what parseTrecRun reads, grouped by query, on random runs with bad lines and interleaving', () => {
    const rand = mulberry32(20260510);
    for (let file = 0; file < 100; file++) {
      const rows: TrecRunRow[] = [];
      const lines = 1 + Math.floor(rand() * 300);
      for (let i = 0; i < lines; i++) {
        const queryId = `q${Math.floor(rand() * (1 + (file % 7)))}`;
        rows.push({ queryId, docId: `d${Math.floor(rand() * 200)}`, rank: i + 1, score: rand() - 0.5 });
      }
      let text = formatTrecRun(rows, `run${file}`);
      if (file % 3 === 0) text = text.replace(/ 0\.[0-9]/, ' x');
      const expected = groupedRows(text);
      const actual = parseTrecRunColumns(text);
      expect(plain(actual.queries)).toEqual(expected.groups);
      expect(actual.rowCount).toBe(expected.rows);
      expect(actual.tag).toBe(expected.tag);
      expect(actual.issues).toEqual(expected.issues);
    }
  });

  it('gives each query its own scores: writing into one leaves the others as read', () => {
    const { queries } = parseTrecRunColumns('a Q0 d1 1 1 t\na Q0 d2 2 2 t\nb Q0 d1 1 3 t\n');
    queries.get('a')!.scores.fill(0);
    expect([...queries.get('b')!.scores]).toEqual([3]);
  });
});
