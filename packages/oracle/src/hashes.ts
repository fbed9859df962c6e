import { createHash } from 'node:crypto';

/**
 * `code_sha256` of docs/formats.md: the lowercase hex SHA-256 of the snippet's UTF-8 bytes, exactly as
 * given (no normalisation of whitespace, line endings or a trailing newline).
 *
 * Edge cases: the empty string hashes to `e3b0c442…b855`. A lone UTF-16 surrogate (which Python could not
 * have written) is encoded as U+FFFD, as Node's UTF-8 encoder does.
 *
 * @param code - the snippet source
 * @returns 64 lowercase hex digits
 * @example
 * codeSha256('def f():\n    return 1\n');
 * // '5b76d0962c09ab4ee309fac65fad3568c97abdec983b405146ae3e86a235e352'
 * // (Python: hashlib.sha256(code.encode('utf-8')).hexdigest())
 * codeSha256(''); // 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function codeSha256(code: string): string {
  if (typeof code !== 'string') {
    throw new TypeError(`@execret/oracle codeSha256: expected code to be a string, received ${typeof code}`);
  }
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/**
 * `tests_sha256` of docs/formats.md: the lowercase hex SHA-256 of the UTF-8 bytes of the suite serialised
 * as a compact JSON array of strings in suite order, that is `JSON.stringify(tests)`. This is
 * byte-identical to Python's `json.dumps(tests, ensure_ascii=False, separators=(",", ":"))`: both escape
 * `"`, `\` and the control characters U+0000–U+001F the same way (`\n`, `\t`, … and lowercase `\u00XX`)
 * and leave every other character, `/` and U+2028 included, unescaped.
 *
 * Edge cases: order matters (`['a', 'b']` and `['b', 'a']` differ); `[]` hashes `"[]"`. A lone surrogate
 * is written by `JSON.stringify` as the escape `\udXXX`, which Python would not produce (it cannot encode
 * a lone surrogate as UTF-8 at all).
 *
 * @param tests - the assert statements, in suite order
 * @returns 64 lowercase hex digits
 * @example
 * testsSha256(['assert f(1) == 2', 'assert f(2) == 4']);
 * // 'baa8bd6bffe35bc6e33d5e0553bd3360498370bf8735cfd9b524bb5dba2ab4c8'
 * // = sha256 of the 39 bytes ["assert f(1) == 2","assert f(2) == 4"]
 */
export function testsSha256(tests: readonly string[]): string {
  if (!Array.isArray(tests) || !tests.every((t) => typeof t === 'string')) {
    throw new TypeError('@execret/oracle testsSha256: expected tests to be an array of strings');
  }
  return createHash('sha256').update(JSON.stringify(tests), 'utf8').digest('hex');
}
