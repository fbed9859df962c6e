import { describe, expect, it } from 'vitest';
import { isOutcome, isSuiteStatus, SUITE_STATUSES, suiteStatus } from './outcomes.js';

describe('isOutcome', () => {
  it.each([
    ['pass', true],
    ['FAIL', true],
    ['FAIL: expected 3', true],
    ['TIMEOUT', true],
    ['ERROR:ZeroDivisionError: division by zero', true],
    ['ERROR:StopIteration', true],
    ['ERROR:', false],
    ['FAIL:', false],
    ['FAIL:x', false],
    ['Pass', false],
    ['passed', false],
    ['', false],
    [42, false],
    [null, false],
  ])('returns %j -> %s', (value, expected) => {
    expect(isOutcome(value)).toBe(expected);
  });
});

describe('suiteStatus', () => {
  it.each([
    [['pass'], 'pass'],
    [['pass', 'pass', 'pass'], 'pass'],
    [['pass', 'FAIL'], 'fail'],
    [['FAIL: why', 'pass'], 'fail'],
    [['pass', 'ERROR:NameError: x'], 'error'],
    [['FAIL', 'ERROR:NameError: x'], 'error'],
    [['ERROR:KeyError: 1', 'TIMEOUT'], 'timeout'],
    [['pass', 'FAIL', 'TIMEOUT'], 'timeout'],
    [[], 'fail'],
  ] as const)('gives the documented precedence when outcomes are %j', (outcomes, expected) => {
    expect(suiteStatus(outcomes)).toBe(expected);
  });

  it('throws TypeError when an outcome is outside the vocabulary', () => {
    expect(() => suiteStatus(['pass', 'ok'])).toThrow(TypeError);
  });
});

describe('isSuiteStatus', () => {
  it.each([...SUITE_STATUSES])('accepts %s', (status) => {
    expect(isSuiteStatus(status)).toBe(true);
  });

  it.each(['PASS', 'passed', '', null, 1])('rejects %j', (value) => {
    expect(isSuiteStatus(value)).toBe(false);
  });
});

describe('isOutcome (cases from the tolerant reader)', () => {
  it.each([
    'pass',
    'FAIL',
    'FAIL: expected 3',
    'TIMEOUT',
    'ERROR:ZeroDivisionError: division by zero',
    'ERROR:NameError',
  ])('accepts %j', (o) => {
    expect(isOutcome(o)).toBe(true);
  });
  it.each(['passed', 'Pass', 'FAILED', 'timeout', 'error', '', 3, null])('rejects %j', (o) => {
    expect(isOutcome(o)).toBe(false);
  });
});
