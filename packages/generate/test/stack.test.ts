import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEdits, editLines } from '../src/edits.js';
import { enumerateMutants } from '../src/enumerate.js';
import { stackMutants } from '../src/stack.js';
import type { ExecutedMutant, Task } from '../src/types.js';
import { verifyMutants } from '../src/verify.js';
import { createLocalOracle, realPython } from './helpers/local-oracle.js';

const TASKS = readFileSync(new URL('../../../fixtures/generate/tricky-tasks.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Task);
const SEARCH = TASKS.find((t) => t.id === 'tricky_binary_search')!;

let python = 'python3';
let mutants: ExecutedMutant[];
beforeAll(async () => {
  python = await realPython();
  const [enumerated] = await enumerateMutants([SEARCH], { python });
  if (enumerated?.status !== 'ok') throw new Error('enumeration failed');
  [mutants] = (await verifyMutants([{ task: SEARCH, candidates: enumerated.candidates }], {
    oracle: createLocalOracle({ python }),
  })) as [ExecutedMutant[]];
}, 60_000);

describe('stackMutants', () => {
  it.each([2, 3, 4])(
    'combines %i line-disjoint kept edits into a mutant that fails a test',
    async (k) => {
      const result = await stackMutants(SEARCH, k, { oracle: createLocalOracle({ python }), python, seed: 5, mutants });
      expect(result.status).toBe('ok');
      if (result.status !== 'ok') return;
      const { mutant } = result;
      expect(mutant.edits).toHaveLength(k);
      const lines = mutant.edits.flatMap(editLines);
      expect(new Set(lines).size).toBe(lines.length);
      expect(applyEdits(SEARCH.canonical, mutant.edits)).toBe(mutant.code);
      expect(mutant.result.tests.some((t) => t !== 'pass')).toBe(true);
      const kept = new Map(mutants.filter((m) => m.failure !== 'survived').map((m) => [m.index, m]));
      for (const index of mutant.components) expect(kept.has(index)).toBe(true);
      expect(new Set(mutant.edits.map((e) => e.bugType)).size).toBeGreaterThanOrEqual(Math.min(k, 2));
    },
    60_000,
  );

  it('returns the same stack for the same seed and enumerates and runs mutants itself when none are given', async () => {
    const a = await stackMutants(SEARCH, 2, { oracle: createLocalOracle({ python }), python, seed: 11, mutants });
    const b = await stackMutants(SEARCH, 2, { oracle: createLocalOracle({ python }), python, seed: 11 });
    expect(a.status).toBe('ok');
    expect(b).toEqual(a);
  }, 60_000);

  it('reports unavailable with a reason when the task has too few line-disjoint kept mutants', async () => {
    const tiny: Task = {
      ...SEARCH,
      id: 'tiny',
      function_name: 'neg',
      canonical: 'def neg(x):\n    return -x\n',
      tests: ['assert neg(1) == -1'],
    };
    const result = await stackMutants(tiny, 2, { oracle: createLocalOracle({ python }), python, seed: 1 });
    expect(result).toEqual({
      status: 'unavailable',
      reason: 'no 2 line-disjoint test-failing single mutants exist',
      attempts: 0,
    });
  }, 60_000);

  it('throws RangeError when k is outside 2..4', async () => {
    await expect(stackMutants(SEARCH, 1, { oracle: createLocalOracle({ python }), python, mutants })).rejects.toThrow(
      RangeError,
    );
    await expect(stackMutants(SEARCH, 5, { oracle: createLocalOracle({ python }), python, mutants })).rejects.toThrow(
      RangeError,
    );
  });
});
