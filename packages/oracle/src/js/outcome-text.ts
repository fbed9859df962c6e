/**
 * Outcome strings of the release vocabulary (see `isOutcome` in @execret/formats), built by the judge from
 * what the sandbox reported: the sandbox never writes an outcome string itself.
 */

/** Longest error type name kept, in UTF-8 bytes. */
const MAX_TYPE_BYTES = 100;

/**
 * `text` cut to at most `maxBytes` UTF-8 bytes, never inside a character (a lone surrogate counts as the
 * three bytes of U+FFFD).
 *
 * @example
 * cutUtf8('héllo', 2); // 'h'
 * cutUtf8('abc', 300); // 'abc'
 */
export function cutUtf8(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i) as number;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += code >= 0x10000 ? 2 : 1;
  }
  return text.slice(0, i);
}

/**
 * `ERROR:<type>: <message>`, or `ERROR:<type>` when the message is empty; the message is cut to
 * `maxMessageBytes`, the type to 100 bytes (`Error` when empty).
 *
 * @example
 * errorOutcome('TypeError', 'x is not a function', 300); // 'ERROR:TypeError: x is not a function'
 * errorOutcome('number', '', 300);                       // 'ERROR:number'
 */
export function errorOutcome(type: string, message: string, maxMessageBytes: number): string {
  const name = cutUtf8(type, MAX_TYPE_BYTES) || 'Error';
  const text = cutUtf8(message, maxMessageBytes);
  return text === '' ? `ERROR:${name}` : `ERROR:${name}: ${text}`;
}

/**
 * `FAIL: <message>`, or `FAIL` when there is no message (or it is empty); cut to `maxMessageBytes`.
 *
 * @example
 * failOutcome('sum is wrong', 300); // 'FAIL: sum is wrong'
 * failOutcome(undefined, 300);      // 'FAIL'
 */
export function failOutcome(message: string | undefined, maxMessageBytes: number): string {
  const text = message === undefined ? '' : cutUtf8(message, maxMessageBytes);
  return text === '' ? 'FAIL' : `FAIL: ${text}`;
}
