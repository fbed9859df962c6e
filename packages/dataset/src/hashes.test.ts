import { describe, expect, it } from 'vitest';
import { codeSha256, executionHashes, executionKey, sha256Hex, testsSha256 } from './hashes.js';

// Reference digests from Python:
//   hashlib.sha256('def f():\n    return "é"\n'.encode()).hexdigest()
//   hashlib.sha256(json.dumps(tests, ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()
const CODE = 'def f():\n    return "é"\n';
const TESTS = ['assert f() == "é"', 'assert f() != 1'];

describe('codeSha256', () => {
  it('hashes the UTF-8 bytes of the code as stored', () => {
    expect(codeSha256(CODE)).toBe('e8a5f8b51c01ecf7fcbed421db30b8fe45745f789f322de23ede7e80db2063c4');
  });

  it('changes when only line endings change (no normalisation)', () => {
    expect(codeSha256(CODE.replace(/\n/g, '\r\n'))).not.toBe(codeSha256(CODE));
  });

  it('throws TypeError when the code is not a string', () => {
    expect(() => codeSha256(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('testsSha256', () => {
  it('hashes the compact JSON array like Python json.dumps(ensure_ascii=False, separators=(",", ":"))', () => {
    expect(testsSha256(TESTS)).toBe('321aa8cff93601be809f8afcef2069381d068ec509a09b3180be29eb55681b20');
  });

  it('depends on the order of the tests', () => {
    expect(testsSha256([...TESTS].reverse())).not.toBe(testsSha256(TESTS));
  });

  it('throws TypeError when a test is not a string', () => {
    expect(() => testsSha256(['assert 1', 2] as unknown as string[])).toThrow(TypeError);
  });
});

describe('executionHashes', () => {
  it('returns both hashes of a pair', () => {
    expect(executionHashes(CODE, TESTS)).toEqual({ codeSha256: codeSha256(CODE), testsSha256: testsSha256(TESTS) });
  });
});

describe('executionKey', () => {
  it('joins the two hashes with a colon', () => {
    expect(executionKey('ab', 'cd')).toBe('ab:cd');
  });
});

describe('sha256Hex', () => {
  it('hashes bytes and strings alike', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(sha256Hex('abc'));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
