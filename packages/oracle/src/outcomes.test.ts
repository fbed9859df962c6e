import { describe, expect, it } from 'vitest';
import { isInfrastructureOutcome, isOutcome, suiteStatus } from './outcomes.js';

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

describe('isInfrastructureOutcome', () => {
  it.each([
    ['ERROR:OracleServerLost: fork server exited', true],
    ['ERROR:OracleSetupError: x', true],
    ['ERROR:OracleLimit: x', true],
    ['ERROR:ChildKilled: killed by SIGSEGV before reporting', false],
    ['ERROR:OSError: x', false],
    ['pass', false],
  ])('classifies %j as %s', (outcome, expected) => {
    expect(isInfrastructureOutcome(outcome)).toBe(expected);
  });
});
