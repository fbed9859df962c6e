import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * What the tolerant reader found wrong with a line of a JSONL log:
 * - `torn-line`: the last line does not end in `\n` (a writer was killed mid-line); ignored.
 * - `invalid-json`: the line is not JSON; ignored.
 * - `invalid-record`: JSON that the caller's record parser rejected; ignored.
 */
export type JsonlLogIssueKind = 'torn-line' | 'invalid-json' | 'invalid-record';

/**
 * One finding of {@link parseJsonlLog}. `Note` is the kinds of further findings a record parser reports about
 * lines whose record it may keep (see {@link JsonlLineContext.note}).
 */
export interface JsonlLogIssue<Note extends string = never> {
  /** 1-based line number. */
  line: number;
  kind: JsonlLogIssueKind | Note;
  /** Human-readable detail; skipped lines end in `; ignored`. */
  message: string;
}

/** What a {@link JsonlRecordParser} receives besides a line's JSON value. */
export interface JsonlLineContext<Note extends string = never> {
  /** 1-based line number. */
  readonly line: number;
  /**
   * Rejects the line: reported as `invalid-record` with `message` followed by `; ignored`. Returns `undefined`, so
   * a parser can `return context.reject('…')`.
   */
  reject(message: string): undefined;
  /** Reports a further finding about the line (the record, when one is returned, is kept). */
  note(kind: Note, message: string): void;
}

/**
 * Turns one line's JSON value into a record, or returns `undefined` after `context.reject(reason)` (a parser that
 * returns `undefined` without a reason gets the reason `not a record`).
 */
export type JsonlRecordParser<T, Note extends string = never> = (
  value: unknown,
  context: JsonlLineContext<Note>,
) => T | undefined;

/** Result of {@link parseJsonlLog} and {@link readJsonlLog}. */
export interface ParsedJsonlLog<T, Note extends string = never> {
  /** Accepted records in file order (duplicates included: which one wins is the caller's rule). */
  records: T[];
  /** Every skipped line and every note, the torn last line first, then by line. */
  issues: JsonlLogIssue<Note>[];
  /** Number of complete lines (ending in `\n`), blank ones included. */
  lines: number;
}

/**
 * Parses the text of an append-only JSONL log, tolerantly: a UTF-8 byte-order mark and a `\r` before `\n` are
 * accepted, blank lines are skipped, a last line without `\n` is a torn write (reported and ignored), and every
 * line that is not JSON or that `parseRecord` rejects is reported with its line number instead of stopping the
 * read. Each JSON value goes to `parseRecord` with a context that can reject the line or note a finding.
 *
 * @example
 * const { records, issues, lines } = parseJsonlLog('{"n":1}\nnope\n{"n":"x"}\n{"n":', (value, context) =>
 *   typeof (value as { n?: unknown }).n === 'number' ? (value as { n: number }).n : context.reject('n is not a number'),
 * );
 * // records: [1], lines: 3, issues: [
 * //   { line: 4, kind: 'torn-line', message: 'last line has 5 characters and no terminating newline (a torn write); ignored' },
 * //   { line: 2, kind: 'invalid-json', message: 'not JSON (…); ignored' },
 * //   { line: 3, kind: 'invalid-record', message: 'n is not a number; ignored' } ]
 */
export function parseJsonlLog<T, Note extends string = never>(
  text: string,
  parseRecord: JsonlRecordParser<T, Note>,
): ParsedJsonlLog<T, Note> {
  const records: T[] = [];
  const issues: JsonlLogIssue<Note>[] = [];
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const parts = body.split('\n');
  const torn = parts.pop() ?? '';
  if (torn !== '') {
    issues.push({
      line: parts.length + 1,
      kind: 'torn-line',
      message: `last line has ${torn.length} characters and no terminating newline (a torn write); ignored`,
    });
  }
  let line = 0;
  let rejected = false;
  const context: JsonlLineContext<Note> = {
    get line() {
      return line;
    },
    reject(message) {
      if (!rejected) issues.push({ line, kind: 'invalid-record', message: `${message}; ignored` });
      rejected = true;
      return undefined;
    },
    note(kind, message) {
      issues.push({ line, kind, message });
    },
  };
  for (let i = 0; i < parts.length; i++) {
    line = i + 1;
    const raw = parts[i] as string;
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (content.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (cause) {
      issues.push({ line, kind: 'invalid-json', message: `not JSON (${(cause as Error).message}); ignored` });
      continue;
    }
    rejected = false;
    const record = parseRecord(value, context);
    if (record === undefined) context.reject('not a record');
    else if (!rejected) records.push(record);
  }
  return { records, issues, lines: parts.length };
}

/** Options of {@link readJsonlLog}. */
export interface ReadJsonlLogOptions {
  /** Aborts the read (the promise rejects with Node's `AbortError`). */
  signal?: AbortSignal;
}

/**
 * Reads a JSONL log from disk and parses it with {@link parseJsonlLog}. A missing file reads as empty.
 *
 * @throws the file system's error for anything but a missing file (a directory, no permission), and Node's
 *   `AbortError` when `signal` fires
 * @example
 * const { records, issues } = await readJsonlLog('out/log.jsonl', (value) => value as { id: string });
 */
export async function readJsonlLog<T, Note extends string = never>(
  file: string,
  parseRecord: JsonlRecordParser<T, Note>,
  options: ReadJsonlLogOptions = {},
): Promise<ParsedJsonlLog<T, Note>> {
  const { signal } = options;
  let text = '';
  try {
    text = await readFile(file, { encoding: 'utf8', ...(signal ? { signal } : {}) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || signal?.aborted) throw error;
  }
  return parseJsonlLog(text, parseRecord);
}

/** An append-only JSONL file open for writing (see {@link openJsonlAppender}). */
export interface JsonlAppender {
  /** The file appended to. */
  readonly file: string;
  /** Whether {@link JsonlAppender.close} was called. */
  readonly closed: boolean;
  /**
   * Appends one complete line (text ending in its only `\n`) with a single `write` call.
   *
   * @throws {TypeError} when `line` is not one line ending in `\n`
   * @throws {Error} when the appender is closed, on a short write (the fragment is then terminated so later lines
   *   stay whole), or the file system's error
   */
  append(line: string): void;
  /**
   * Appends several complete lines with a single `write` call, so they land together (a writer killed during the
   * call can leave only the last of them torn). An empty list writes nothing.
   *
   * @throws {TypeError} when an element is not one line ending in its only `\n`
   * @throws {Error} as {@link JsonlAppender.append}
   */
  appendLines(lines: readonly string[]): void;
  /** Closes the file. Idempotent. */
  close(): void;
}

const NEWLINE = 0x0a;

/** Throws `TypeError` unless `line` is one line ending in its only `\n`. */
function checkLine(method: string, line: unknown): void {
  if (typeof line !== 'string' || !line.endsWith('\n') || line.indexOf('\n') !== line.length - 1) {
    throw new TypeError(
      `@execret/formats JsonlAppender.${method}: expected one line ending in its only "\\n", received ${JSON.stringify(String(line).slice(0, 60))}`,
    );
  }
}

/**
 * Opens (creating it and its directory when missing) a JSONL file for crash-safe appends: the descriptor has
 * `O_APPEND` and every line is written by one `write` call, so lines of concurrent writers never interleave and a
 * writer killed at any moment leaves at most one torn last line. A torn last line already in the file (a killed
 * writer's) is terminated with `\n` at open, so the next line starts whole and the fragment stays one ignored line.
 *
 * @throws the file system's error when the directory or file cannot be created or opened
 * @example
 * const log = openJsonlAppender('out/log.jsonl');
 * log.append(`${JSON.stringify({ id: 'a' })}\n`);
 * log.close();
 */
export function openJsonlAppender(file: string): JsonlAppender {
  mkdirSync(dirname(file), { recursive: true });
  let fd: number | undefined = openSync(file, 'a+');
  try {
    const { size } = fstatSync(fd);
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== NEWLINE) writeSync(fd, '\n');
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const write = (method: string, text: string): void => {
    if (fd === undefined) throw new Error(`@execret/formats JsonlAppender.${method}: ${file} is closed`);
    const bytes = Buffer.from(text, 'utf8');
    const written = writeSync(fd, bytes);
    if (written !== bytes.length) {
      try {
        writeSync(fd, '\n');
      } catch {
        // the next open terminates the fragment
      }
      throw new Error(
        `@execret/formats JsonlAppender.${method}: short write to ${file} (${written} of ${bytes.length} bytes; the line is torn and will be ignored on reload)`,
      );
    }
  };
  return {
    file,
    get closed() {
      return fd === undefined;
    },
    append(line) {
      checkLine('append', line);
      write('append', line);
    },
    appendLines(lines) {
      for (const line of lines) checkLine('appendLines', line);
      if (lines.length > 0) write('appendLines', lines.join(''));
    },
    close() {
      if (fd !== undefined) {
        closeSync(fd);
        fd = undefined;
      }
    },
  };
}
