import { describe, expect, it } from 'vitest';
import { dualAgreementScores } from './dual-agreement.js';
import { passFractionScores } from './pass-fraction.js';

describe('dualAgreementScores', () => {
  it('scores groups by size times tests passed when candidates agree', () => {
    expect(
      Array.from(
        dualAgreementScores([
          [1, 1, 0],
          [1, 1, 0],
          [1, 1, 1],
          [0, 0, 0],
        ]),
      ),
    ).toEqual([4, 4, 3, 0]);
  });

  it('separates candidates that pass as many tests but different ones', () => {
    expect(
      Array.from(
        dualAgreementScores([
          [1, 0],
          [0, 1],
          [1, 0],
        ]),
      ),
    ).toEqual([2, 1, 2]);
  });

  it('scores 0 for everyone when there is no test', () => {
    expect(Array.from(dualAgreementScores([[], []]))).toEqual([0, 0]);
  });
});

describe('passFractionScores', () => {
  it('divides tests passed by tests kept', () => {
    expect(Array.from(passFractionScores([[1, 1, 0, 0], [1, 1, 1, 1], []]))).toEqual([0.5, 1, 0]);
  });
});
