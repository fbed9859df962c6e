import { describe, expect, it } from 'vitest';
import { majorityAgreement } from './majority-agreement.js';
import type { ProbeOutput } from './probe-output.js';

const v = (key: string): ProbeOutput => ({ key, value: true });
const e = (key: string): ProbeOutput => ({ key, value: false });

describe('majorityAgreement', () => {
  it('scores agreement with the plurality output per input when candidates differ', () => {
    const r = majorityAgreement([
      [v('R:1'), v('R:2')],
      [v('R:1'), v('R:3')],
      [v('R:0'), v('R:2')],
    ]);
    expect(Array.from(r.agreement)).toEqual([2, 1, 1]);
    expect(r.retained).toEqual([0, 1]);
    expect(r.plurality).toEqual([['R:1'], ['R:2']]);
  });

  it('drops an input when every candidate raised on it', () => {
    const r = majorityAgreement([
      [e('E:TypeError'), v('R:1')],
      [e('E:ValueError'), v('R:1')],
    ]);
    expect(r.retained).toEqual([1]);
    expect(Array.from(r.agreement)).toEqual([1, 1]);
  });

  it('counts a shared exception as agreement when some candidate returned a value', () => {
    const r = majorityAgreement([[e('E:ValueError')], [e('E:ValueError')], [v('R:5')]]);
    expect(Array.from(r.agreement)).toEqual([1, 1, 0]);
  });

  it('gives every tied plurality output a point when the vote is split', () => {
    const r = majorityAgreement([[v('R:a')], [v('R:b')], [v('R:a')], [v('R:b')], [v('R:c')]]);
    expect(Array.from(r.agreement)).toEqual([1, 1, 1, 1, 0]);
    expect(r.plurality).toEqual([['R:a', 'R:b']]);
  });

  it('throws RangeError when rows differ in length', () => {
    expect(() => majorityAgreement([[v('R:1')], []])).toThrow(RangeError);
  });
});
