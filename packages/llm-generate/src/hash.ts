import { createHash } from 'node:crypto';

/**
 * Lowercase hex SHA-256 of a string's UTF-8 bytes.
 *
 * @example
 * sha256Hex('abc') // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
