/**
 * The execution hashes that key the execution cache (docs/formats.md, "Execution hashes"): the one definition.
 */
import { createHash } from 'node:crypto';

/**
 * Lowercase hex SHA-256 of a string's UTF-8 bytes (or of raw bytes), with no normalisation of any kind.
 * A lone UTF-16 surrogate is encoded as U+FFFD, as Node's UTF-8 encoder does.
 *
 * @example
 * sha256Hex('abc'); // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * `code_sha256`: the lowercase hex SHA-256 of the snippet's UTF-8 bytes, exactly as given (no normalisation of
 * whitespace, line endings or a trailing newline).
 *
 * @param code - the snippet source
 * @returns 64 lowercase hex digits
 * @throws {TypeError} when `code` is not a string
 * @example
 * codeSha256('def f():\n    return 1\n');
 * // '5b76d0962c09ab4ee309fac65fad3568c97abdec983b405146ae3e86a235e352'
 * // (Python: hashlib.sha256(code.encode('utf-8')).hexdigest())
 * codeSha256(''); // 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function codeSha256(code: string): string {
  if (typeof code !== 'string') {
    throw new TypeError(`@execret/formats codeSha256: expected code to be a string, received ${typeof code}`);
  }
  return sha256Hex(code);
}

/**
 * `tests_sha256`: the lowercase hex SHA-256 of the UTF-8 bytes of the suite serialised as a compact JSON array
 * of strings in suite order, that is `JSON.stringify(tests)`. This is byte-identical to Python's
 * `json.dumps(tests, ensure_ascii=False, separators=(",", ":"))`: both escape `"`, `\` and U+0000–U+001F the
 * same way and leave every other character, `/` and U+2028 included, unescaped.
 *
 * Edge cases: order matters (`['a', 'b']` and `['b', 'a']` differ); `[]` hashes `"[]"`.
 *
 * @param tests - the assert statements, in suite order
 * @returns 64 lowercase hex digits
 * @throws {TypeError} when `tests` is not an array of strings
 * @example
 * testsSha256(['assert f(1) == 2', 'assert f(2) == 4']);
 * // 'baa8bd6bffe35bc6e33d5e0553bd3360498370bf8735cfd9b524bb5dba2ab4c8'
 */
export function testsSha256(tests: readonly string[]): string {
  if (!Array.isArray(tests) || !tests.every((t) => typeof t === 'string')) {
    throw new TypeError('@execret/formats testsSha256: expected tests to be an array of strings');
  }
  return sha256Hex(JSON.stringify(tests));
}
