import { createHash } from 'node:crypto';

/** `code_sha256` of docs/formats.md: lowercase hex SHA-256 of the snippet's UTF-8 bytes. */
export function codeHash(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** `tests_sha256` of docs/formats.md: SHA-256 of `JSON.stringify(tests)` as UTF-8. */
export function testsHash(tests: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(tests), 'utf8').digest('hex');
}
