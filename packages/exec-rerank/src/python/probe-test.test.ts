import { readFileSync } from 'node:fs';
import { sha256Hex } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { PROBE_TEST_VERSION } from '../defaults.js';
import { PROBE_HELPER_FILE } from '../python-files.js';
import { pythonProbeCode } from './probe-test.js';

describe('pythonProbeCode', () => {
  // The hashes and lengths of the text the helper appended when it was a template string in this module
  // (python-probe/5): every probe job, and so every artifact-cache key and result, depends on these bytes.
  it.each([
    ['', 4047, '00a123c7da613fa02544b914141d32433b337489956138c02e029e0995886b4b'],
    ['def add(a, b):\n    return a + b\n', 4078, '1dc6ff8c901a82622921fadf30379a66c99f201c368135a491315c50a9cb347f'],
  ])('appends the same bytes as before the helper moved to a .py file when the code is %j', (code, length, hash) => {
    expect(PROBE_TEST_VERSION).toBe('python-probe/5');
    const full = pythonProbeCode(code);
    expect(full.length).toBe(length);
    expect(sha256Hex(full)).toBe(hash);
  });

  it('appends python/probe_helper.py from its def line on, after two blank lines, when given code', () => {
    const file = readFileSync(PROBE_HELPER_FILE, 'utf8');
    const code = 'def f(x):\n    return x\n';
    const full = pythonProbeCode(code);
    expect(full.startsWith(`${code}\n\ndef __execret_probe(`)).toBe(true);
    expect(file.endsWith(full.slice(code.length + 2))).toBe(true);
    expect(file.startsWith('#')).toBe(true);
  });

  it('adds a line break first when the code does not end with one', () => {
    expect(pythonProbeCode('x = 1')).toBe(pythonProbeCode('x = 1\n'));
    expect(pythonProbeCode('x = 1\n').startsWith('x = 1\n\n\ndef __execret_probe(')).toBe(true);
  });
});
