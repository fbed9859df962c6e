import type { BugType } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { selectDistractors } from './select.js';
import type { ExecutedMutant, FailureKind } from './types.js';

function mutant(index: number, bugType: BugType, failure: FailureKind, line = index + 1): ExecutedMutant {
  return {
    index,
    bugType,
    operator: 'op',
    edit: { line, colStart: 0, endLine: line, colEnd: 1, before: 'a', after: 'b' },
    code: `code ${index}`,
    status: 'ok',
    reason: null,
    result: {
      status: failure === 'survived' ? 'pass' : 'fail',
      tests: [failure === 'output' ? 'FAIL' : failure === 'crash' ? 'ERROR:E: x' : 'pass'],
    },
    failure,
  };
}

const POOL: ExecutedMutant[] = [
  mutant(0, 'off_by_one', 'output'),
  mutant(1, 'off_by_one', 'output'),
  mutant(2, 'off_by_one', 'crash'),
  mutant(3, 'wrong_operator', 'crash'),
  mutant(4, 'wrong_operator', 'output'),
  mutant(5, 'wrong_comparison', 'output'),
  mutant(6, 'wrong_comparison', 'survived'),
  mutant(7, 'swap_arguments', 'crash'),
  mutant(8, 'remove_edge_case_check', 'output'),
  mutant(9, 'off_by_one_boundary', 'output'),
  mutant(10, 'off_by_one_boundary', 'output'),
];

describe('selectDistractors', () => {
  it('returns the same choice for the same seed and task, whatever the input order', () => {
    const a = selectDistractors('t', POOL, { seed: 3 });
    const b = selectDistractors('t', [...POOL].reverse(), { seed: 3 });
    expect(a.map((m) => m.index)).toEqual(b.map((m) => m.index));
  });

  it('varies with the seed and with the task id', () => {
    const choices = new Set<string>();
    for (let seed = 0; seed < 20; seed += 1)
      choices.add(
        selectDistractors('t', POOL, { seed })
          .map((m) => m.index)
          .join(','),
      );
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      choices.add(
        selectDistractors(id, POOL, { seed: 1 })
          .map((m) => m.index)
          .join(','),
      );
    expect(choices.size).toBeGreaterThan(3);
  });

  it('picks four distinct bug types, all output failures, when enough output types exist', () => {
    for (let seed = 0; seed < 30; seed += 1) {
      const chosen = selectDistractors('t', POOL, { seed });
      expect(chosen).toHaveLength(4);
      expect(new Set(chosen.map((m) => m.bugType)).size).toBe(4);
      expect(chosen.every((m) => m.failure === 'output')).toBe(true);
      expect(chosen.map((m) => m.index)).toEqual([...chosen.map((m) => m.index)].sort((x, y) => x - y));
    }
  });

  it('prefers a crash of a new bug type over a second output failure of a used type', () => {
    const pool = [
      mutant(0, 'off_by_one', 'output'),
      mutant(1, 'off_by_one', 'output'),
      mutant(2, 'swap_arguments', 'crash'),
    ];
    const chosen = selectDistractors('t', pool, { seed: 1, maxDistractors: 2 });
    expect(chosen.map((m) => m.bugType).sort()).toEqual(['off_by_one', 'swap_arguments']);
  });

  it('fills with output failures before crashes once every type is used, preferring unused sites', () => {
    const pool = [
      mutant(0, 'off_by_one', 'output', 1),
      mutant(1, 'off_by_one', 'output', 1),
      mutant(2, 'off_by_one', 'output', 2),
      mutant(3, 'off_by_one', 'crash', 3),
    ];
    for (let seed = 0; seed < 20; seed += 1) {
      const chosen = selectDistractors('t', pool, { seed, maxDistractors: 2 });
      expect(chosen.every((m) => m.failure === 'output')).toBe(true);
      expect(new Set(chosen.map((m) => m.edit.line)).size).toBe(2);
    }
    expect(selectDistractors('t', pool, { seed: 1, maxDistractors: 4 })).toHaveLength(4);
  });

  it('never chooses survivors or non-ok candidates and returns fewer when the pool is small', () => {
    const pool = [
      mutant(0, 'off_by_one', 'survived'),
      { ...mutant(1, 'wrong_operator', 'output'), status: 'equivalent' as const },
      mutant(2, 'wrong_comparison', 'crash'),
    ];
    expect(selectDistractors('t', pool, { seed: 1 }).map((m) => m.index)).toEqual([2]);
    expect(selectDistractors('t', [], { seed: 1 })).toEqual([]);
    expect(selectDistractors('t', POOL, { seed: 1, maxDistractors: 0 })).toEqual([]);
  });

  it('throws RangeError when maxDistractors is negative', () => {
    expect(() => selectDistractors('t', POOL, { maxDistractors: -1 })).toThrow(RangeError);
  });
});
