import { describe, expect, it } from 'vitest';
import { isInfrastructureOutcome } from './outcomes.js';

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
