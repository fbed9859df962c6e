import { describe, expect, it } from 'vitest';
import { jsProbeInputs } from './js-probe-inputs.js';

const options = { functionName: 'add', language: 'javascript' as const, seed: 's', count: 50 };

describe('jsProbeInputs', () => {
  it('varies each literal argument of every call of the function, never repeating a base', () => {
    const probes = jsProbeInputs(
      ['assert.strictEqual(add(1, "ab"), 3)', 'assert.strictEqual(add(2, "ab"), 4)'],
      options,
    );
    expect(probes).toContain('[0, "ab"]');
    expect(probes).toContain('[1, "ba"]');
    expect(probes).toContain('[1, ""]');
    expect(probes).not.toContain('[1, "ab"]');
    expect(probes).not.toContain('[2, "ab"]');
    expect(new Set(probes).size).toBe(probes.length);
  });

  it('reads arrays, objects, negative numbers, booleans and null, and skips calls with other arguments', () => {
    const probes = jsProbeInputs(
      ['assert.deepStrictEqual(add([1, 2], { k: -1 }, true, null), [])', 'assert(add(x, 1) === 2)'],
      { ...options, count: 100 },
    );
    expect(probes).toContain('[[2, 1], { "k": -1 }, true, null]');
    expect(probes).toContain('[[1, 2], {}, true, null]');
    expect(probes).toContain('[[1, 2], { "k": -1 }, false, null]');
    expect(probes.every((p) => !p.includes('x'))).toBe(true);
  });

  it('keeps the first count of a seeded shuffle: the same for the same seed', () => {
    const tests = ['assert.strictEqual(add(10, 20), 30)'];
    const a = jsProbeInputs(tests, { ...options, count: 3 });
    expect(a).toHaveLength(3);
    expect(jsProbeInputs(tests, { ...options, count: 3 })).toEqual(a);
    expect(jsProbeInputs(tests, { ...options, count: 100 })).toHaveLength(8);
  });

  it('returns nothing when no test calls the function with literals only', () => {
    expect(jsProbeInputs(['assert.strictEqual(add(a), 1)', 'not javascript ((('], options)).toEqual([]);
  });
});
