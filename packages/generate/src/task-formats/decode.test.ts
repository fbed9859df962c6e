import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GenerateError } from '../errors.js';
import { DEFAULT_MAX_TASK_FILE_BYTES, decodeTaskFile } from './decode.js';

const TEXT = '{"id": "a", "query": "caf\u00e9"}\n';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (GenerateError.is(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('decodeTaskFile', () => {
  it('returns the UTF-8 text when the bytes are plain or gzipped', () => {
    expect(decodeTaskFile(Buffer.from(TEXT, 'utf8'), DEFAULT_MAX_TASK_FILE_BYTES)).toBe(TEXT);
    expect(decodeTaskFile(gzipSync(TEXT), DEFAULT_MAX_TASK_FILE_BYTES)).toBe(TEXT);
    expect(decodeTaskFile(new Uint8Array(0), DEFAULT_MAX_TASK_FILE_BYTES)).toBe('');
  });

  it.each([
    ['the gzip stream is corrupt', Buffer.from([0x1f, 0x8b, 1, 2, 3]), 100, /not a valid gzip stream/u],
    [
      'the gzipped file decompresses past maxBytes',
      gzipSync(Buffer.alloc(10_000, 0x61)),
      1000,
      /more than 1000 bytes/u,
    ],
    [
      'the plain file is larger than maxBytes',
      Buffer.alloc(1001, 0x61),
      1000,
      /has 1001 bytes; expected at most 1000/u,
    ],
    ['the bytes are not UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), 100, /not valid UTF-8/u],
    [
      'the gunzipped bytes are not UTF-8',
      gzipSync(Buffer.from([0xc3, 0x28])),
      100,
      /\(after gunzip\) is not valid UTF-8/u,
    ],
  ])('throws invalid-task-file when %s', (_, bytes, maxBytes, message) => {
    const result = codeOf(() => decodeTaskFile(bytes, maxBytes));
    expect(result).toMatch(/^invalid-task-file: /u);
    expect(result).toMatch(message);
  });
});
