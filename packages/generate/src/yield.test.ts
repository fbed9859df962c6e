import { BUG_TYPES } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import type { ExecutedMutant, MutantCandidate } from './types.js';
import { formatYieldReport, mutantYield } from './yield.js';

const cand = (
  index: number,
  bugType: MutantCandidate['bugType'],
  status: MutantCandidate['status'],
): MutantCandidate => ({
  index,
  bugType,
  operator: 'op',
  edit: { line: 1, colStart: 0, endLine: 1, colEnd: 1, before: 'a', after: 'b' },
  code: `c${index}`,
  status,
  reason: null,
});
const run = (c: MutantCandidate, failure: ExecutedMutant['failure']): ExecutedMutant => ({
  ...c,
  failure,
  result: { status: failure === 'survived' ? 'pass' : 'fail', tests: [] },
});

describe('mutantYield', () => {
  it('counts every stage per bug type and keeps the invariants', () => {
    const candidates = [
      cand(0, 'off_by_one', 'ok'),
      cand(1, 'off_by_one', 'ok'),
      cand(2, 'off_by_one', 'equivalent'),
      cand(3, 'swap_arguments', 'duplicate'),
      cand(4, 'swap_arguments', 'ok'),
      cand(5, 'wrong_operator', 'unverified'),
    ];
    const executed = [run(candidates[0]!, 'output'), run(candidates[1]!, 'survived'), run(candidates[4]!, 'crash')];
    const report = mutantYield([
      { candidates, executed, chosen: [executed[0]!, executed[2]!] },
      { candidates: [], executed: [], chosen: [] },
    ]);
    expect(report.byBugType.off_by_one).toMatchObject({
      candidates: 3,
      equivalent: 1,
      executed: 2,
      survived: 1,
      keptOutput: 1,
      keptCrash: 0,
      kept: 1,
      chosen: 1,
      chosenOutput: 1,
    });
    expect(report.byBugType.swap_arguments).toMatchObject({
      candidates: 2,
      duplicate: 1,
      executed: 1,
      keptCrash: 1,
      chosen: 1,
      chosenCrash: 1,
    });
    expect(report.byBugType.wrong_operator).toMatchObject({ candidates: 1, unverified: 1, executed: 0 });
    const t = report.total;
    expect(t.candidates).toBe(t.unverified + t.duplicate + t.equivalent + t.executed);
    expect(t.executed).toBe(t.survived + t.kept);
    expect(report.chosenPerTask).toEqual([1, 0, 1]);
    expect(report.tasks).toBe(2);
  });
});

describe('formatYieldReport', () => {
  it('prints a header, one row per bug type, a total row and the per-task distribution', () => {
    const text = formatYieldReport(mutantYield([]));
    const lines = text.split('\n');
    expect(lines).toHaveLength(BUG_TYPES.length + 3);
    expect(lines[0]).toMatch(/^bug_type\s+candidates\s+unverified/u);
    expect(lines[BUG_TYPES.length + 1]).toMatch(/^total\s+0/u);
  });
});
