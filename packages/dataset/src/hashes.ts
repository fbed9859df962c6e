/**
 * The execution hashes that key the execution cache (docs/formats.md, "Execution hashes").
 */
import { createHash } from 'node:crypto';

/**
 * Lowercase hex SHA-256 of a string's UTF-8 bytes (no normalisation of any kind).
 *
 * @example
 * sha256Hex('abc'); // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * `code_sha256`: lowercase hex SHA-256 of the snippet's UTF-8 bytes exactly as stored (no normalisation of
 * whitespace or line endings).
 *
 * @example
 * codeSha256('def f():\n    return 1\n'); // 64 lowercase hex digits
 */
export function codeSha256(code: string): string {
  if (typeof code !== 'string') throw new TypeError('@execret/dataset: codeSha256 expects the snippet as a string');
  return sha256Hex(code);
}

/**
 * `tests_sha256`: lowercase hex SHA-256 of the UTF-8 bytes of `JSON.stringify(tests)`, the test suite as a
 * compact JSON array of strings in suite order (identical to Python's
 * `json.dumps(tests, ensure_ascii=False, separators=(",", ":"))`).
 *
 * @example
 * testsSha256(['assert f() == 1']); // sha256Hex('["assert f() == 1"]')
 */
export function testsSha256(tests: readonly string[]): string {
  if (!Array.isArray(tests) || tests.some((t) => typeof t !== 'string')) {
    throw new TypeError('@execret/dataset: testsSha256 expects the test suite as an array of strings');
  }
  return sha256Hex(JSON.stringify(tests));
}

/** The two hashes that key one execution of a snippet against a test suite. */
export interface ExecutionHashes {
  /** See {@link codeSha256}. */
  codeSha256: string;
  /** See {@link testsSha256}. */
  testsSha256: string;
}

/**
 * Computes both execution hashes of one (snippet, test suite) pair.
 *
 * @example
 * const { codeSha256, testsSha256 } = executionHashes('def f():\n    return 1\n', ['assert f() == 1']);
 */
export function executionHashes(code: string, tests: readonly string[]): ExecutionHashes {
  return { codeSha256: codeSha256(code), testsSha256: testsSha256(tests) };
}

/**
 * A single string key `<code_sha256>:<tests_sha256>` for callers that keep their own flat map of executions (the
 * `ExecutionCache` index itself is nested: code hash, then tests hash).
 *
 * @example
 * executionKey('aa...', 'bb...'); // 'aa...:bb...'
 */
export function executionKey(codeHash: string, testsHash: string): string {
  return `${codeHash}:${testsHash}`;
}
