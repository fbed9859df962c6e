import { gunzipSync } from 'node:zlib';
import { GenerateError } from '../errors.js';

/** Largest decoded task file `readTaskSet` accepts, in bytes (256 MiB; HumanEval and MBPP are under 2 MB). */
export const DEFAULT_MAX_TASK_FILE_BYTES = 256 * 1024 * 1024;

/**
 * The text of a task file's bytes: gunzipped (node:zlib) when they start with the gzip magic `1f 8b`, then
 * decoded as strict UTF-8. Throws `GenerateError('invalid-task-file')` when the gzip stream is corrupt, the
 * (decoded) size exceeds `maxBytes`, or the bytes are not UTF-8.
 *
 * @example
 * decodeTaskFile(gzipSync('{"id":"a"}\n'), DEFAULT_MAX_TASK_FILE_BYTES) // '{"id":"a"}\n'
 */
export function decodeTaskFile(bytes: Uint8Array, maxBytes: number): string {
  let data = bytes;
  const gzipped = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  if (gzipped) {
    try {
      data = gunzipSync(bytes, { maxOutputLength: maxBytes });
    } catch (cause) {
      const tooLarge = (cause as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw new GenerateError(
        'invalid-task-file',
        tooLarge
          ? `@execret/generate readTaskSet: the gzipped task file decompresses to more than ${maxBytes} bytes (options.maxBytes)`
          : `@execret/generate readTaskSet: the task file starts with the gzip magic but is not a valid gzip stream (${(cause as Error).message})`,
        { cause },
      );
    }
  }
  if (data.length > maxBytes) {
    throw new GenerateError(
      'invalid-task-file',
      `@execret/generate readTaskSet: the task file has ${data.length} bytes; expected at most ${maxBytes} (options.maxBytes)`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch (cause) {
    throw new GenerateError(
      'invalid-task-file',
      `@execret/generate readTaskSet: the task file${gzipped ? ' (after gunzip)' : ''} is not valid UTF-8; expected UTF-8 JSONL`,
      { cause },
    );
  }
}
