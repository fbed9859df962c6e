import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type JsonlRecordParser, openJsonlAppender, parseJsonlLog, readJsonlLog } from './jsonl-log.js';

/** Accepts `{ "n": <number> }`, rejects other objects, notes negative numbers. */
const numbers: JsonlRecordParser<number, 'negative'> = (value, context) => {
  const n = (value as { n?: unknown } | null)?.n;
  if (typeof n !== 'number') return context.reject('n is not a number');
  if (n < 0) context.note('negative', `n is ${n}`);
  return n;
};

describe('parseJsonlLog', () => {
  it('returns every record in file order and no issues when every line is complete', () => {
    expect(parseJsonlLog('{"n":1}\n{"n":2}\n{"n":1}\n', numbers)).toEqual({ records: [1, 2, 1], issues: [], lines: 3 });
  });

  it('reports and ignores the last line when it has no newline (a torn write)', () => {
    const parsed = parseJsonlLog('{"n":1}\n{"n":2', numbers);
    expect(parsed.records).toEqual([1]);
    expect(parsed.lines).toBe(1);
    expect(parsed.issues).toEqual([
      {
        line: 2,
        kind: 'torn-line',
        message: 'last line has 6 characters and no terminating newline (a torn write); ignored',
      },
    ]);
  });

  it('ignores a torn last line even when it would parse as JSON', () => {
    const parsed = parseJsonlLog('{"n":1}\n{"n":2}', numbers);
    expect(parsed.records).toEqual([1]);
    expect(parsed.issues.map((i) => i.kind)).toEqual(['torn-line']);
  });

  it('accepts CRLF line ends, a byte-order mark and blank lines when a file was edited by hand', () => {
    const parsed = parseJsonlLog('\uFEFF{"n":1}\r\n\r\n   \n{"n":2}\r\n', numbers);
    expect(parsed).toEqual({ records: [1, 2], issues: [], lines: 4 });
  });

  it.each([
    ['an empty text', ''],
    ['a lone byte-order mark', '\uFEFF'],
  ])('returns nothing when given %s', (_name, text) => {
    expect(parseJsonlLog(text, numbers)).toEqual({ records: [], issues: [], lines: 0 });
  });

  it('reports every bad line with its number instead of stopping at the first', () => {
    const parsed = parseJsonlLog('{nope\n{"n":1}\n{"m":2}\n[1]\n{"n":3}\n{"n":', numbers);
    expect(parsed.records).toEqual([1, 3]);
    expect(parsed.issues.map((i) => [i.line, i.kind])).toEqual([
      [6, 'torn-line'],
      [1, 'invalid-json'],
      [3, 'invalid-record'],
      [4, 'invalid-record'],
    ]);
    expect(parsed.issues[1]?.message).toMatch(/^not JSON \(.+\); ignored$/);
    expect(parsed.issues[2]?.message).toBe('n is not a number; ignored');
  });

  it('keeps the record and reports the note in line order when the parser notes a finding', () => {
    const parsed = parseJsonlLog('{"n":-1}\n{"x":0}\n{"n":-2}\n', numbers);
    expect(parsed.records).toEqual([-1, -2]);
    expect(parsed.issues).toEqual([
      { line: 1, kind: 'negative', message: 'n is -1' },
      { line: 2, kind: 'invalid-record', message: 'n is not a number; ignored' },
      { line: 3, kind: 'negative', message: 'n is -2' },
    ]);
  });

  it('rejects the line with a generic reason when the parser returns undefined without one', () => {
    const parsed = parseJsonlLog('{"n":1}\n', () => undefined);
    expect(parsed.records).toEqual([]);
    expect(parsed.issues).toEqual([{ line: 1, kind: 'invalid-record', message: 'not a record; ignored' }]);
  });

  it('drops the record and reports one issue when the parser rejects but still returns a value', () => {
    const parsed = parseJsonlLog('{"n":1}\n', (_value, context) => {
      context.reject('first');
      context.reject('second');
      return 1;
    });
    expect(parsed.records).toEqual([]);
    expect(parsed.issues).toEqual([{ line: 1, kind: 'invalid-record', message: 'first; ignored' }]);
  });
});

describe('readJsonlLog', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'execret-jsonl-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads an empty log when the file does not exist', async () => {
    expect(await readJsonlLog(join(dir, 'missing', 'log.jsonl'), numbers)).toEqual({
      records: [],
      issues: [],
      lines: 0,
    });
  });

  it('reads an empty log when the file is empty', async () => {
    const file = join(dir, 'log.jsonl');
    writeFileSync(file, '');
    expect(await readJsonlLog(file, numbers)).toEqual({ records: [], issues: [], lines: 0 });
  });

  it('reads and parses the file when it exists', async () => {
    const file = join(dir, 'log.jsonl');
    writeFileSync(file, '{"n":4}\n{"n":');
    const parsed = await readJsonlLog(file, numbers);
    expect(parsed.records).toEqual([4]);
    expect(parsed.issues.map((i) => i.kind)).toEqual(['torn-line']);
  });

  it('rejects with the file system error when the path is a directory', async () => {
    await expect(readJsonlLog(dir, numbers)).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('rejects with AbortError when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(readJsonlLog(join(dir, 'log.jsonl'), numbers, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects with AbortError when the signal fires while the file is being read', async () => {
    const file = join(dir, 'log.jsonl');
    writeFileSync(file, '{"n":1}\n'.repeat(100_000));
    const controller = new AbortController();
    const read = readJsonlLog(file, numbers, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('openJsonlAppender', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'execret-jsonl-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the file and its directory and appends whole lines when they are missing', () => {
    const file = join(dir, 'a', 'b', 'log.jsonl');
    const log = openJsonlAppender(file);
    expect(log.file).toBe(file);
    log.append('{"n":1}\n');
    log.append('{"n":2}\n');
    log.close();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
  });

  it('terminates a torn last line at open so the next line starts whole', () => {
    const file = join(dir, 'log.jsonl');
    writeFileSync(file, '{"n":1}\n{"n":');
    const log = openJsonlAppender(file);
    log.append('{"n":3}\n');
    log.close();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":\n{"n":3}\n');
    const parsed = parseJsonlLog(readFileSync(file, 'utf8'), numbers);
    expect(parsed.records).toEqual([1, 3]);
    expect(parsed.issues.map((i) => [i.line, i.kind])).toEqual([[2, 'invalid-json']]);
  });

  it.each([
    ['empty', ''],
    ['complete', '{"n":1}\n'],
  ])('writes nothing at open when the file is %s', (_name, text) => {
    const file = join(dir, 'log.jsonl');
    writeFileSync(file, text);
    openJsonlAppender(file).close();
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('appends a line longer than the pipe buffer in one piece', () => {
    const file = join(dir, 'log.jsonl');
    const log = openJsonlAppender(file);
    const line = `${JSON.stringify({ pad: 'x'.repeat(1 << 20) })}\n`;
    log.append(line);
    log.close();
    expect(readFileSync(file, 'utf8')).toBe(line);
  });

  it.each([
    ['no newline', '{"n":1}'],
    ['two lines', '{"n":1}\n{"n":2}\n'],
    ['an empty string', ''],
  ])('throws TypeError when the text has %s', (_name, text) => {
    const log = openJsonlAppender(join(dir, 'log.jsonl'));
    expect(() => log.append(text)).toThrow(TypeError);
    log.close();
  });

  it('appends several lines with one write, in order, and nothing for an empty list', () => {
    const file = join(dir, 'log.jsonl');
    const log = openJsonlAppender(file);
    log.appendLines(['{"n":1}\n', '{"n":2}\n']);
    log.appendLines([]);
    log.append('{"n":3}\n');
    log.close();
    expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  });

  it('throws TypeError and writes nothing when one of several lines is not one line', () => {
    const file = join(dir, 'log.jsonl');
    const log = openJsonlAppender(file);
    expect(() => log.appendLines(['{"n":1}\n', '{"n":2}'])).toThrow(TypeError);
    expect(() => log.appendLines(['{"n":1}\n{"n":2}\n'])).toThrow(/appendLines: expected one line/);
    log.close();
    expect(() => log.appendLines(['{"n":1}\n'])).toThrow(/appendLines: .* is closed/);
    expect(readFileSync(file, 'utf8')).toBe('');
  });

  it('throws when appending after close, and closes idempotently', () => {
    const log = openJsonlAppender(join(dir, 'log.jsonl'));
    expect(log.closed).toBe(false);
    log.close();
    log.close();
    expect(log.closed).toBe(true);
    expect(() => log.append('{"n":1}\n')).toThrow(/is closed/);
  });

  it('throws the file system error when the path is a directory', () => {
    expect(() => openJsonlAppender(dir)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });

  it('keeps every line whole when several processes append lines longer than the pipe buffer at once', async () => {
    const file = join(dir, 'log.jsonl');
    const writer = fileURLToPath(new URL('../test/fixtures/jsonl-appender.ts', import.meta.url));
    const writers = 4;
    const count = 40;
    const padBytes = 100_000;
    await Promise.all(
      Array.from(
        { length: writers },
        (_, w) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              ['--import', 'tsx', writer, file, String(w), String(count), String(padBytes)],
              {
                stdio: ['ignore', 'ignore', 'pipe'],
              },
            );
            let stderr = '';
            child.stderr.on('data', (chunk: Buffer) => {
              stderr += chunk.toString();
            });
            child.on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`writer ${w} exited ${code}: ${stderr}`)),
            );
          }),
      ),
    );
    const text = readFileSync(file, 'utf8');
    const parsed = parseJsonlLog(text, (value) => value as { writer: number; i: number; pad: string });
    expect(parsed.issues).toEqual([]);
    expect(parsed.records).toHaveLength(writers * count);
    // A writer that opens while another's line is half written terminates what it sees: at most one blank line each.
    expect(text.split('\n').filter((l) => l === '').length - 1).toBeLessThan(writers);
    for (const record of parsed.records) {
      expect(record.pad).toBe(String.fromCharCode(97 + ((record.writer + record.i) % 26)).repeat(padBytes));
    }
    const seen = new Set(parsed.records.map((r) => `${r.writer}:${r.i}`));
    expect(seen.size).toBe(writers * count);
  }, 60_000);
});
