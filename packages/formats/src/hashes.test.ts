import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { codeSha256, sha256Hex, testsSha256 } from './hashes.js';

// The reference is Python itself: hashlib over the UTF-8 bytes, and json.dumps with the separators and
// ensure_ascii=False that docs/formats.md fixes.
const PYTHON_HASHES = `
import hashlib, json, sys
cases = json.loads(sys.stdin.read())
out = []
for c in cases:
    out.append([
        hashlib.sha256(c["code"].encode("utf-8")).hexdigest(),
        hashlib.sha256(json.dumps(c["tests"], ensure_ascii=False, separators=(",", ":")).encode("utf-8")).hexdigest(),
    ])
print(json.dumps(out))
`;

const CASES: { name: string; code: string; tests: string[] }[] = [
  { name: 'plain ASCII', code: 'def f(x):\n    return x + 1\n', tests: ['assert f(1) == 2', 'assert f(2) == 3'] },
  { name: 'empty strings', code: '', tests: [] },
  { name: 'CRLF and tabs kept as is', code: 'def f():\r\n\treturn 1\r\n', tests: ['assert f() == 1\t'] },
  { name: 'quotes and backslashes', code: 's = "a\\"b"\n', tests: ['assert s == "a\\"b"', "assert '\\\\' != '/'"] },
  { name: 'control characters', code: '\u0000\u0001\u001f\u007f', tests: ['\b\f\n\r\t', '\u0000\u001b\u007f'] },
  { name: 'non-ASCII text', code: "name = 'Zoë — 東京 🙂'\n", tests: ["assert name.upper() == 'ZOË — 東京 🙂'"] },
  { name: 'line and paragraph separators', code: 'x = "\u2028\u2029"\n', tests: ['assert x == "\u2028\u2029"'] },
  { name: 'forward slash and HTML', code: '</script>', tests: ['assert "</a>" and "&amp;"'] },
];

describe('codeSha256 and testsSha256', () => {
  it('match Python hashlib and json.dumps(separators=(",", ":"), ensure_ascii=False) when inputs span the edge cases', () => {
    const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    const expected = JSON.parse(
      execFileSync(python, ['-I', '-c', PYTHON_HASHES], { input: JSON.stringify(CASES), encoding: 'utf8' }),
    ) as [string, string][];
    CASES.forEach((c, i) => {
      expect([c.name, codeSha256(c.code), testsSha256(c.tests)]).toEqual([
        c.name,
        ...(expected[i] as [string, string]),
      ]);
    });
  });

  it('give 64 lowercase hex digits when hashing anything', () => {
    expect(codeSha256('x')).toMatch(/^[0-9a-f]{64}$/);
    expect(testsSha256(['x'])).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hash the documented examples to the documented values', () => {
    expect(codeSha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(codeSha256('def f():\n    return 1\n')).toBe(
      '5b76d0962c09ab4ee309fac65fad3568c97abdec983b405146ae3e86a235e352',
    );
    expect(testsSha256(['assert f(1) == 2', 'assert f(2) == 4'])).toBe(
      'baa8bd6bffe35bc6e33d5e0553bd3360498370bf8735cfd9b524bb5dba2ab4c8',
    );
  });

  it('depend on test order when the same tests are permuted', () => {
    expect(testsSha256(['a', 'b'])).not.toBe(testsSha256(['b', 'a']));
  });

  it.each([
    ['codeSha256', () => codeSha256(42 as unknown as string)],
    ['testsSha256 of a string', () => testsSha256('assert 1' as unknown as string[])],
    ['testsSha256 with a number inside', () => testsSha256(['a', 1] as unknown as string[])],
  ])('throw TypeError when %s gets the wrong type', (_name, call) => {
    expect(call).toThrow(TypeError);
  });
});

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

describe('sha256Hex', () => {
  it('hashes bytes and strings alike', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(sha256Hex('abc'));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
