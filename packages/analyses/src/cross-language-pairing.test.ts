import { describe, expect, it } from 'vitest';
import { AnalysesError } from './analyses-error.js';
import { crossLanguageTaskKey, pairTasksAcrossLanguages } from './cross-language-pairing.js';

describe('crossLanguageTaskKey', () => {
  it.each([
    ['mini_bit_manipulation_01', 'bit_manipulation_01'],
    ['minijs_bit_manipulation_01', 'bit_manipulation_01'],
    ['minits_geometry_10', 'geometry_10'],
    ['set2_a_b', 'a_b'],
  ])('strips the set prefix when the id is %s', (id, key) => {
    expect(crossLanguageTaskKey(id)).toBe(key);
  });

  it.each(['bitcount', '_geometry_01', 'mini_', 'mini-js_geometry_01'])(
    'throws missing-queries when the id %s has no <set>_ prefix',
    (id) => {
      let caught: unknown;
      try {
        crossLanguageTaskKey(id);
      } catch (error) {
        caught = error;
      }
      expect(AnalysesError.is(caught) && caught.code).toBe('missing-queries');
      expect((caught as Error).message).toContain(JSON.stringify(id));
    },
  );
});

const py = [
  { queryId: 'q_0002', taskId: 'mini_geometry_02' },
  { queryId: 'q_0001', taskId: 'mini_geometry_01' },
  { queryId: 'q_0003', taskId: 'mini_geometry_03' },
];
const js = [
  { queryId: 'q_0001', taskId: 'minijs_geometry_01' },
  { queryId: 'q_0009', taskId: 'minijs_geometry_02' },
];

describe('pairTasksAcrossLanguages', () => {
  it('pairs by key in code-point order whatever the input order when every task has a partner', () => {
    const result = pairTasksAcrossLanguages(py.slice(0, 2), js);
    expect(result.pairs.map((p) => [p.key, p.a.queryId, p.b.queryId])).toEqual([
      ['geometry_01', 'q_0001', 'q_0001'],
      ['geometry_02', 'q_0002', 'q_0009'],
    ]);
    expect(result.unpairedA).toEqual([]);
    expect(result.unpairedB).toEqual([]);
  });

  it('throws missing-queries naming the unpaired task when unpaired is error (the default)', () => {
    expect(() => pairTasksAcrossLanguages(py, js)).toThrow(/mini_geometry_03 of side A/);
    try {
      pairTasksAcrossLanguages(py, js);
    } catch (error) {
      expect(AnalysesError.is(error) && error.details).toMatchObject({ side: 'A', unpairedA: 1, unpairedB: 0 });
    }
  });

  it('lists unpaired tasks of both sides when unpaired is skip', () => {
    const result = pairTasksAcrossLanguages(py, [...js, { queryId: 'q_0100', taskId: 'minijs_extra_01' }], {
      unpaired: 'skip',
    });
    expect(result.pairs).toHaveLength(2);
    expect(result.unpairedA).toEqual(['mini_geometry_03']);
    expect(result.unpairedB).toEqual(['minijs_extra_01']);
  });

  it('throws missing-queries when one side has two tasks with the same key', () => {
    expect(() =>
      pairTasksAcrossLanguages(py, [...js, { queryId: 'q_0005', taskId: 'other_geometry_01' }], { unpaired: 'skip' }),
    ).toThrow(/side B has two tasks with key "geometry_01"/);
  });

  it('uses a custom key function when one is given', () => {
    const result = pairTasksAcrossLanguages([{ queryId: 'a', taskId: 'X-1' }], [{ queryId: 'b', taskId: 'x-1' }], {
      key: (id) => id.toLowerCase(),
    });
    expect(result.pairs.map((p) => p.key)).toEqual(['x-1']);
  });

  it('throws RangeError when unpaired is neither error nor skip', () => {
    expect(() => pairTasksAcrossLanguages(py, js, { unpaired: 'drop' as 'skip' })).toThrow(RangeError);
  });
});
