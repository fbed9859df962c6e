import { describe, expect, it } from 'vitest';
import { crashingTests } from './crashing-tests.js';
import { disagreeingInputs } from './disagreeing-inputs.js';
import type { ProbeOutput } from './probe-output.js';

describe('crashingTests', () => {
  it('flags a test that errors on more than the allowed share of members', () => {
    const outcomes = [
      ['pass', 'ERROR:NameError: x', 'TIMEOUT'],
      ['FAIL', 'ERROR:NameError: x', 'pass'],
      ['pass', 'pass', 'pass'],
    ];
    expect(crashingTests(outcomes, [0, 1, 2], 0.5)).toEqual([false, true, false]);
    expect(crashingTests(outcomes, [0, 1, 2], 0.3)).toEqual([false, true, true]);
  });

  it('counts only the members when other candidates crash too', () => {
    const outcomes = [['pass'], ['ERROR:TypeError: no'], ['ERROR:TypeError: no']];
    expect(crashingTests(outcomes, [0], 0.5)).toEqual([false]);
    expect(crashingTests(outcomes, [], 0.5)).toEqual([false]);
  });
});

describe('disagreeingInputs', () => {
  const v = (key: string): ProbeOutput => ({ key, value: true });
  const e = (key: string): ProbeOutput => ({ key, value: false });

  it('keeps inputs with differing outputs, the most distinct first, in index order', () => {
    const outputs = [
      [v('R:1'), v('R:2'), v('R:5'), v('R:7')],
      [v('R:1'), v('R:3'), v('R:6'), v('R:8')],
      [v('R:1'), v('R:4'), v('R:6'), v('R:7')],
    ];
    expect(disagreeingInputs(outputs, 10)).toEqual([1, 2, 3]);
    expect(disagreeingInputs(outputs, 2)).toEqual([1, 2]);
  });

  it('skips inputs without any value or with a timeout', () => {
    const outputs = [
      [e('E:A'), v('R:1'), v('R:1')],
      [e('E:B'), e('E:ProbeTimeout'), v('R:2')],
    ];
    expect(disagreeingInputs(outputs, 10)).toEqual([2]);
  });
});
