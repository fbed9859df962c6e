/**
 * Streaming JSON Lines reader.
 *
 * Accepts UTF-8 with or without a byte-order mark, LF or CRLF line endings (mixed too), blank or whitespace-only
 * lines (skipped, but remembered so a writer can reproduce them), and a last line without a newline. Every
 * problem becomes a {@link DatasetIssue} with the file, the 1-based physical line and, where relevant, the field
 * path; reading continues after a bad line so that all problems are reported at once (up to `maxIssues`).
 *
 * Bytes are split at `\n` (0x0A never occurs inside a multi-byte UTF-8 sequence), so chunk boundaries may fall
 * anywhere, including inside a character.
 *
 * Lines are bounded: a line longer than `maxLineBytes` (default {@link DEFAULT_MAX_LINE_BYTES}, counted in UTF-8
 * bytes without the `\n`) is reported as a `line-too-long` error with its file and line and skipped. The streaming
 * reader never holds more than `maxLineBytes` of a line: past the limit it only counts bytes until the next `\n`,
 * so an over-long line is never decoded, joined or parsed.
 */

import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { DatasetError, type DatasetIssue, IssueCollector } from './errors.js';
import { locateJsonError } from './json-error.js';
import { detectJsonStyle, type JsonStyle } from './json-style.js';

/** Default cap on stored issues per file (further issues are counted in `omittedIssues`). */
export const DEFAULT_MAX_ISSUES = 100;

/**
 * Default maximum length of one JSONL line: 8 MiB of UTF-8, without the line ending. The longest line of the public
 * release is far shorter (a corpus row with its code, or a query with its test suite: a few KiB); the limit only
 * stops a damaged or hostile file (one line of gigabytes) from exhausting memory.
 */
export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;

/** Number of leading records whose text is used to detect the file's {@link JsonStyle}. */
const STYLE_SAMPLE_SIZE = 3;

/** One parsed line. */
export interface JsonlRecord {
  /** 1-based physical line number. */
  line: number;
  /** The parsed JSON value (an object unless `requireObject` was false). */
  value: unknown;
}

/** A blank or whitespace-only line, remembered so that a writer can put it back. */
interface JsonlBlankLine {
  /** Number of records that precede the blank line. */
  before: number;
  /** The line's text without its line ending (empty or whitespace). */
  text: string;
}

/** Everything about a file's bytes that is not in its records, so that it can be written back identically. */
export interface JsonlLayout {
  /** The file starts with a UTF-8 byte-order mark. */
  bom: boolean;
  /** The line ending used by most terminated lines (`'\n'` when there are none). */
  eol: '\n' | '\r\n';
  /** Both LF and CRLF endings occur (a writer then cannot reproduce the bytes exactly). */
  mixedEol: boolean;
  /** The last physical line ends with a line ending. `true` for an empty file. */
  finalNewline: boolean;
  /** Blank lines in file order. */
  blankLines: JsonlBlankLine[];
  /** How the records were serialised (detected from the first records). */
  style: JsonStyle;
  /** Whether the detected style reproduced the sampled records exactly. */
  styleExact: boolean;
  /** Number of records the file held; blank lines are only put back when a writer writes this many. */
  recordCount: number;
}

/** The result of reading a JSONL file; reading never throws for bad data, it reports issues. */
export interface JsonlReadResult {
  /** The records that parsed (bad lines are left out and reported). */
  records: JsonlRecord[];
  /** Physical lines seen, including blank and bad ones. */
  lineCount: number;
  /** The file's layout. */
  layout: JsonlLayout;
  /** Problems found, at most `maxIssues`. */
  issues: DatasetIssue[];
  /** Problems found beyond `maxIssues`. */
  omittedIssues: number;
  /** Number of error-level problems (stored and omitted). */
  errorCount: number;
}

/** Options of the JSONL readers. */
export interface JsonlReadOptions {
  /** Name used in issues, relative to the release root (e.g. `data/corpus.jsonl`). Required for useful reports. */
  file: string;
  /** Maximum number of stored issues (default {@link DEFAULT_MAX_ISSUES}). */
  maxIssues?: number;
  /**
   * What to do with a last line that has no newline and is not valid JSON: `'error'` (default) reports it as a
   * truncated line; `'drop'` treats it as a torn append (a writer killed mid-line), leaves it out and reports a
   * warning. A last line without newline that *is* valid JSON is always kept.
   */
  tornFinalLine?: 'error' | 'drop';
  /** Report lines whose value is not a JSON object (default `true`). */
  requireObject?: boolean;
  /** Longest accepted line in UTF-8 bytes, line ending excluded (default {@link DEFAULT_MAX_LINE_BYTES}). */
  maxLineBytes?: number;
  /** Abort reading (streaming readers only). */
  signal?: AbortSignal;
}

class JsonlSink {
  readonly records: JsonlRecord[] = [];
  readonly blankLines: JsonlBlankLine[] = [];
  readonly collector: IssueCollector;
  readonly samples: { value: unknown; text: string }[] = [];
  line = 0;
  bom = false;
  lf = 0;
  crlf = 0;
  lastTerminated = true;
  rawNonAscii = false;
  bomChecked = false;
  readonly maxLineBytes: number;

  constructor(readonly options: JsonlReadOptions) {
    this.collector = new IssueCollector(options.maxIssues ?? DEFAULT_MAX_ISSUES);
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (!Number.isSafeInteger(max) || max < 1)
      throw new RangeError(`@execret/dataset: maxLineBytes must be a positive integer, received ${max}`);
    this.maxLineBytes = max;
  }

  /** A line of `bytes` bytes (over the limit) that was skipped; `cr` says whether it ended in `\r\n`. */
  tooLong(bytes: number, terminated: boolean, cr: boolean): void {
    this.line++;
    this.lastTerminated = terminated;
    if (terminated) {
      if (cr) this.crlf++;
      else this.lf++;
    }
    this.badLine(
      'line-too-long',
      `line is ${bytes} bytes long, over the limit of ${this.maxLineBytes} bytes (maxLineBytes); it was skipped without being parsed`,
    );
  }

  badLine(code: string, message: string, severity: 'error' | 'warning' = 'error'): void {
    this.collector.add({ severity, code, message, file: this.options.file, line: this.line });
  }

  /** `text` excludes the `\n`; `terminated` says whether a `\n` followed. */
  push(text: string, terminated: boolean): void {
    this.line++;
    this.lastTerminated = terminated;
    if (this.line === 1 && text.charCodeAt(0) === 0xfeff) {
      this.bom = true;
      text = text.slice(1);
    }
    if (text.charCodeAt(text.length - 1) === 13) {
      text = text.slice(0, -1);
      if (terminated) this.crlf++;
    } else if (terminated) this.lf++;
    // Records start with '{' in practice; only other lines need the (allocating) whitespace test.
    if (text.charCodeAt(0) !== 123 && text.trim() === '') {
      this.blankLines.push({ before: this.records.length, text });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const where = locateJsonError(text);
      const detail = `${where ? `column ${where.column}: ` : ''}${(error as Error).message}`;
      if (!terminated) {
        if (this.options.tornFinalLine === 'drop') {
          this.badLine(
            'torn-final-line',
            `last line has no newline and is not valid JSON (a torn append); it was ignored: ${detail}`,
            'warning',
          );
        } else {
          this.badLine('truncated-line', `line is truncated or malformed (last line, no newline): ${detail}`);
        }
      } else {
        this.badLine('invalid-json', `line is not valid JSON: ${detail}`);
      }
      return;
    }
    if ((this.options.requireObject ?? true) && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      this.badLine('not-an-object', `expected a JSON object, received ${describeJson(value)}`);
      return;
    }
    this.records.push({ line: this.line, value });
    if (this.samples.length < STYLE_SAMPLE_SIZE) this.samples.push({ value, text });
  }

  finish(): JsonlReadResult {
    const detected = detectJsonStyle(this.samples, this.rawNonAscii);
    return {
      records: this.records,
      lineCount: this.line,
      layout: {
        bom: this.bom,
        eol: this.crlf > this.lf ? '\r\n' : '\n',
        mixedEol: this.crlf > 0 && this.lf > 0,
        finalNewline: this.lastTerminated,
        blankLines: this.blankLines,
        style: detected.style,
        styleExact: detected.exact,
        recordCount: this.records.length,
      },
      issues: this.collector.issues,
      omittedIssues: this.collector.omitted,
      errorCount: this.collector.errorCount,
    };
  }
}

/**
 * Describes a JSON value for messages: `null`, `array`, `object`, `string "abc"` (cut after 40 characters),
 * `number 3`, `boolean true`.
 *
 * @example
 * describeJson([1]);   // 'array'
 * describeJson('abc'); // 'string "abc"'
 */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string')
    return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}

/** UTF-8 length of `text[start, end)` when it is over `max`, else `-1` (a UTF-16 unit takes at most 3 bytes). */
function overLimit(text: string, start: number, end: number, max: number): number {
  if ((end - start) * 3 <= max) return -1;
  const bytes = Buffer.byteLength(text.slice(start, end), 'utf8');
  return bytes > max ? bytes : -1;
}

/** Feeds one line of decoded text, or reports it as too long. */
function pushLine(sink: JsonlSink, text: string, start: number, end: number, terminated: boolean): void {
  const bytes = overLimit(text, start, end, sink.maxLineBytes);
  if (bytes === -1) sink.push(text.slice(start, end), terminated);
  else sink.tooLong(bytes, terminated, terminated && text.charCodeAt(end - 1) === 13);
}

/** Feeds decoded text (which may hold many lines) into a sink. */
function pushText(sink: JsonlSink, text: string, final: boolean): string {
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) break;
    pushLine(sink, text, start, nl, true);
    start = nl + 1;
  }
  if (final) {
    if (start < text.length) pushLine(sink, text, start, text.length, false);
    return '';
  }
  return text.slice(start);
}

/**
 * Feeds a block of complete lines (ending in `\n`) given as bytes. A block longer than the line limit is first
 * cut around its over-long lines, which are reported without being decoded.
 */
function pushBytes(sink: JsonlSink, block: Uint8Array): void {
  const max = sink.maxLineBytes;
  if (block.length > max) {
    let runStart = 0;
    let start = 0;
    while (start < block.length) {
      const nl = block.indexOf(10, start);
      const end = nl === -1 ? block.length : nl;
      if (end - start > max) {
        if (start > runStart) pushLines(sink, block.subarray(runStart, start));
        sink.tooLong(end - start, nl !== -1, nl !== -1 && end > start && block[end - 1] === 13);
        runStart = end + 1;
      }
      start = end + 1;
    }
    if (runStart < block.length) pushLines(sink, block.subarray(runStart));
    return;
  }
  pushLines(sink, block);
}

/** {@link pushBytes} for a block whose lines are all within the limit. */
function pushLines(sink: JsonlSink, block: Uint8Array): void {
  if (!sink.rawNonAscii && !isAscii(block)) sink.rawNonAscii = true;
  if (isUtf8(block)) {
    pushText(sink, Buffer.from(block.buffer, block.byteOffset, block.byteLength).toString('utf8'), false);
    return;
  }
  // Slow path: find the offending lines one by one.
  let start = 0;
  while (start < block.length) {
    let nl = block.indexOf(10, start);
    if (nl === -1) nl = block.length;
    const lineBytes = block.subarray(start, nl);
    if (isUtf8(lineBytes)) sink.push(Buffer.from(lineBytes).toString('utf8'), nl < block.length);
    else {
      sink.line++;
      sink.badLine('invalid-utf8', 'line is not valid UTF-8');
      sink.lastTerminated = nl < block.length;
    }
    start = nl + 1;
  }
}

/**
 * Reads JSONL held in memory (a string, or bytes that are decoded as UTF-8).
 *
 * @example
 * const { records, issues } = parseJsonl('{"a": 1}\r\n\r\n{"a": 2}', { file: 'x.jsonl' });
 * // records: [{ line: 1, value: { a: 1 } }, { line: 3, value: { a: 2 } }], issues: []
 */
export function parseJsonl(input: string | Uint8Array, options: JsonlReadOptions): JsonlReadResult {
  const sink = new JsonlSink(options);
  if (typeof input === 'string') {
    sink.rawNonAscii = /[\u0080-\uffff]/.test(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    pushText(sink, input, true);
  } else {
    feedBytes(sink, input, true);
  }
  return sink.finish();
}

function feedBytes(sink: JsonlSink, bytes: Uint8Array, final: boolean): Uint8Array {
  if (!sink.bomChecked) {
    // The first call always holds the whole first line, so a BOM cannot be split.
    sink.bomChecked = true;
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      sink.bom = true;
      bytes = bytes.subarray(3);
    }
  }
  const lastNl = bytes.lastIndexOf(10);
  let rest = bytes;
  if (lastNl !== -1) {
    pushBytes(sink, bytes.subarray(0, lastNl + 1));
    rest = bytes.subarray(lastNl + 1);
  }
  if (final && rest.length > sink.maxLineBytes) {
    sink.tooLong(rest.length, false, false);
    return new Uint8Array(0);
  }
  if (final && rest.length > 0) {
    if (!sink.rawNonAscii && !isAscii(rest)) sink.rawNonAscii = true;
    if (isUtf8(rest)) sink.push(Buffer.from(rest.buffer, rest.byteOffset, rest.byteLength).toString('utf8'), false);
    else {
      sink.line++;
      sink.lastTerminated = false;
      sink.badLine('invalid-utf8', 'line is not valid UTF-8');
    }
    return new Uint8Array(0);
  }
  return rest;
}

/**
 * Reads JSONL from a stream of chunks (bytes or strings), holding at most one partial line (never more than
 * `maxLineBytes` of it) plus one chunk in memory besides the parsed records. String chunks and byte chunks may not
 * be mixed.
 *
 * @example
 * const result = await readJsonl(createReadStream('data/corpus.jsonl'), { file: 'data/corpus.jsonl' });
 * if (result.errorCount > 0) console.error(formatIssues(result.issues));
 */
export async function readJsonl(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: JsonlReadOptions,
): Promise<JsonlReadResult> {
  const sink = new JsonlSink(options);
  const max = sink.maxLineBytes;
  let pendingText = '';
  const pendingBytes: Uint8Array[] = [];
  let pendingLength = 0;
  let sawBytes = false;
  let sawText = false;
  // An over-long line being skipped: its length so far, and whether its last byte seen was '\r'.
  let skipping = false;
  let skipped = 0;
  let skippedCr = false;
  const startSkipping = (bytes: number, cr: boolean) => {
    skipping = true;
    skipped = bytes;
    skippedCr = cr;
  };
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    if (options.signal?.aborted) throw abortError(options.signal, options.file);
    if (typeof chunk === 'string') {
      const first = !sawText;
      sawText = true;
      if (sawBytes) throw new TypeError('@execret/dataset: readJsonl received both string and byte chunks');
      let text = chunk;
      if (skipping) {
        const nl = text.indexOf('\n');
        if (nl === -1) {
          skipped += Buffer.byteLength(text, 'utf8');
          if (text.length > 0) skippedCr = text.charCodeAt(text.length - 1) === 13;
          continue;
        }
        skipped += Buffer.byteLength(text.slice(0, nl), 'utf8');
        sink.tooLong(skipped, true, nl > 0 ? text.charCodeAt(nl - 1) === 13 : skippedCr);
        skipping = false;
        text = text.slice(nl + 1);
      }
      const body = first && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      if (!sink.rawNonAscii && /[\u0080-\uffff]/.test(body)) sink.rawNonAscii = true;
      pendingText = pushText(sink, pendingText + text, false);
      if (pendingText.length > max || overLimit(pendingText, 0, pendingText.length, max) !== -1) {
        startSkipping(Buffer.byteLength(pendingText, 'utf8'), pendingText.charCodeAt(pendingText.length - 1) === 13);
        pendingText = '';
      }
      continue;
    }
    sawBytes = true;
    if (sawText) throw new TypeError('@execret/dataset: readJsonl received both string and byte chunks');
    let bytes = chunk;
    if (skipping) {
      const nl = bytes.indexOf(10);
      if (nl === -1) {
        skipped += bytes.length;
        if (bytes.length > 0) skippedCr = bytes[bytes.length - 1] === 13;
        continue;
      }
      skipped += nl;
      sink.tooLong(skipped, true, nl > 0 ? bytes[nl - 1] === 13 : skippedCr);
      skipping = false;
      bytes = bytes.subarray(nl + 1);
      if (bytes.length === 0) continue;
    }
    if (bytes.indexOf(10) === -1) {
      if (pendingLength + bytes.length > max) {
        // The line outgrew the limit: keep only its length (and whether a BOM opened the file).
        if (!sink.bomChecked) {
          const head = pendingLength > 0 ? (pendingBytes[0] as Uint8Array) : bytes;
          sink.bomChecked = true;
          sink.bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
        }
        startSkipping(pendingLength + bytes.length, bytes[bytes.length - 1] === 13);
        pendingBytes.length = 0;
        pendingLength = 0;
        continue;
      }
      pendingBytes.push(bytes);
      pendingLength += bytes.length;
      continue;
    }
    const joined = pendingLength === 0 ? bytes : concat([...pendingBytes, bytes], pendingLength + bytes.length);
    pendingBytes.length = 0;
    const rest = feedBytes(sink, joined, false);
    if (rest.length > max) {
      startSkipping(rest.length, rest[rest.length - 1] === 13);
      pendingLength = 0;
    } else {
      pendingLength = rest.length;
      if (rest.length > 0) pendingBytes.push(rest);
    }
  }
  if (skipping) sink.tooLong(skipped, false, false);
  else if (sawText) pushText(sink, pendingText, true);
  else feedBytes(sink, concat(pendingBytes, pendingLength), true);
  return sink.finish();
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function abortError(signal: AbortSignal, file: string): DatasetError {
  return new DatasetError('aborted', `reading ${file} was aborted`, { cause: signal.reason });
}

/** Default read chunk size for files (1 MiB). */
export const DEFAULT_READ_CHUNK_BYTES = 1 << 20;

/**
 * Reads a JSONL file from disk in chunks. A missing file throws {@link DatasetError} `not-found`, any other
 * read failure `io`; bad content never throws, it is reported in the result.
 *
 * @example
 * const { records, layout } = await readJsonlFile('/data/release/data/queries.jsonl', { file: 'data/queries.jsonl' });
 */
export async function readJsonlFile(path: string, options: JsonlReadOptions): Promise<JsonlReadResult> {
  const stream = createReadStream(path, { highWaterMark: DEFAULT_READ_CHUNK_BYTES });
  try {
    return await readJsonl(stream as AsyncIterable<Uint8Array>, options);
  } catch (error) {
    if (DatasetError.is(error) || error instanceof TypeError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DatasetError('not-found', `file not found: ${path}`, { cause: error });
    throw new DatasetError('io', `could not read ${path}: ${(error as Error).message}`, { cause: error });
  } finally {
    stream.destroy();
  }
}
