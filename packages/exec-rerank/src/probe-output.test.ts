import { describe, expect, it } from 'vitest';
import { readProbeOutput } from './probe-output.js';

describe('readProbeOutput', () => {
  it.each([
    ['FAIL: R:[1, 2]', { key: 'R:[1, 2]', value: true }],
    ['FAIL: H:00ff R:[1', { key: 'H:00ff R:[1', value: true }],
    ['FAIL: E:ZeroDivisionError', { key: 'E:ZeroDivisionError', value: false }],
    ['ERROR:SystemExit: 3', { key: 'ERROR:SystemExit', value: false }],
    ['ERROR:ChildKilled', { key: 'ERROR:ChildKilled', value: false }],
    ['TIMEOUT', { key: 'TIMEOUT', value: false }],
    ['pass', { key: 'pass', value: false }],
  ])('reads %j', (outcome, output) => {
    expect(readProbeOutput(outcome)).toEqual(output);
  });
});
