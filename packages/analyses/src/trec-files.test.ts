import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { PassTable } from './pass-table.js';
import { trecFiles } from './trec-files.js';

const pool = testPool();

describe('trecFiles', () => {
  it('writes the canonical qrels, the executed pairs as passing qrels and one run per system, in pool order', () => {
    const table = new PassTable(pool.docIds.length);
    table.set(0, 0, { passes: true, tests: ['pass'], status: 'pass' });
    table.set(0, 2, { passes: false, tests: ['FAIL'], status: 'fail' });
    table.set(2, 8, { passes: false, tests: ['FAIL'], status: 'fail' });
    const rankings = [
      {
        id: 'a/b',
        runDocs: [Int32Array.of(2, 0), Int32Array.of(), Int32Array.of(8)],
        runScores: [Float64Array.of(0.5, 0.25), Float64Array.of(), Float64Array.of(1)],
      },
    ];
    const files = trecFiles(pool, rankings, table);
    expect(files.map(([path]) => path)).toEqual(['trec/qrels.canonical', 'trec/qrels.passing', 'trec/a__b.run']);
    expect(files[0]![1]).toBe('q_1 0 c_01 1\nq_2 0 c_04 1\nq_3 0 c_06 1\n');
    expect(files[1]![1]).toBe('q_1 0 c_01 1\nq_1 0 c_03 0\nq_3 0 c_09 0\n');
    expect(files[2]![1]).toBe('q_1 Q0 c_03 1 0.5 a/b\nq_1 Q0 c_01 2 0.25 a/b\nq_3 Q0 c_09 1 1 a/b\n');
  });
});
