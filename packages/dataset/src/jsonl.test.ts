import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../test/helpers.js';
import { DatasetError } from './errors.js';
import { parseJsonl, readJsonl, readJsonlFile } from './jsonl.js';

const enc = new TextEncoder();
const file = 'data/x.jsonl';

/** Splits bytes into chunks of `size` bytes, to exercise every chunk boundary. */
function chunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe('parseJsonl', () => {
  it('reads LF lines and numbers them from 1 when the input is plain', () => {
    const r = parseJsonl('{"a": 1}\n{"a": 2}\n', { file });
    expect(r.records).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, value: { a: 2 } },
    ]);
    expect(r.layout).toMatchObject({ bom: false, eol: '\n', finalNewline: true, blankLines: [], mixedEol: false });
    expect(r.issues).toEqual([]);
  });

  it('strips and records a byte-order mark when the input starts with one', () => {
    for (const input of ['\ufeff{"a": 1}\n', enc.encode('\ufeff{"a": 1}\n')]) {
      const r = parseJsonl(input, { file });
      expect(r.records).toEqual([{ line: 1, value: { a: 1 } }]);
      expect(r.layout.bom).toBe(true);
    }
  });

  it('accepts CRLF endings and reports them as the layout when lines end in \\r\\n', () => {
    const r = parseJsonl('{"a": 1}\r\n{"a": 2}\r\n', { file });
    expect(r.records.map((x) => x.value)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(r.layout.eol).toBe('\r\n');
  });

  it('flags mixed endings when LF and CRLF both occur', () => {
    expect(parseJsonl('{"a": 1}\r\n{"a": 2}\n', { file }).layout.mixedEol).toBe(true);
  });

  it('skips blank and whitespace-only lines but remembers where they were', () => {
    const r = parseJsonl('\n{"a": 1}\n   \n\t\n{"a": 2}\n', { file });
    expect(r.records).toEqual([
      { line: 2, value: { a: 1 } },
      { line: 5, value: { a: 2 } },
    ]);
    expect(r.layout.blankLines).toEqual([
      { before: 0, text: '' },
      { before: 1, text: '   ' },
      { before: 1, text: '\t' },
    ]);
    expect(r.lineCount).toBe(5);
  });

  it('keeps a last line that has no newline when it is valid JSON', () => {
    const r = parseJsonl('{"a": 1}\n{"a": 2}', { file });
    expect(r.records).toHaveLength(2);
    expect(r.layout.finalNewline).toBe(false);
    expect(r.issues).toEqual([]);
  });

  it('reports a truncated last line as an error naming that line', () => {
    const r = parseJsonl('{"a": 1}\n{"a": 2}\n{"a": ', { file });
    expect(r.records).toHaveLength(2);
    expect(r.errorCount).toBe(1);
    expect(r.issues[0]).toMatchObject({ severity: 'error', code: 'truncated-line', file, line: 3 });
  });

  it('drops a torn last line with a warning when tornFinalLine is drop', () => {
    const r = parseJsonl('{"a": 1}\n{"a": ', { file, tornFinalLine: 'drop' });
    expect(r.records).toHaveLength(1);
    expect(r.errorCount).toBe(0);
    expect(r.issues[0]).toMatchObject({ severity: 'warning', code: 'torn-final-line', line: 2 });
  });

  it('reports every malformed line and keeps reading when several lines are bad', () => {
    const r = parseJsonl('{"a": 1}\n{a: 2}\n[1, 2]\n"text"\n{"a": 5}\n', { file });
    expect(r.records.map((x) => x.line)).toEqual([1, 5]);
    expect(r.issues.map((i) => [i.line, i.code])).toEqual([
      [2, 'invalid-json'],
      [3, 'not-an-object'],
      [4, 'not-an-object'],
    ]);
    expect(r.issues[1]?.message).toContain('received array');
  });

  it('reports invalid UTF-8 on its line when the bytes are not UTF-8', () => {
    const bytes = new Uint8Array([...enc.encode('{"a": 1}\n{"a": "'), 0xff, 0xfe, ...enc.encode('"}\n{"a": 3}\n')]);
    const r = parseJsonl(bytes, { file });
    expect(r.records.map((x) => x.line)).toEqual([1, 3]);
    expect(r.issues).toEqual([expect.objectContaining({ code: 'invalid-utf8', line: 2, file })]);
  });

  it('stores at most maxIssues issues and counts the rest when many lines are bad', () => {
    const r = parseJsonl('x\n'.repeat(30), { file, maxIssues: 5 });
    expect(r.issues).toHaveLength(5);
    expect(r.omittedIssues).toBe(25);
    expect(r.errorCount).toBe(30);
  });

  it('returns no records and a final-newline layout when the input is empty', () => {
    const r = parseJsonl('', { file });
    expect(r.records).toEqual([]);
    expect(r.lineCount).toBe(0);
    expect(r.layout.finalNewline).toBe(true);
  });
});

describe('readJsonl', () => {
  const text = '\ufeff{"s": "café ☃ 😀"}\r\n\r\n{"s": "ü"}\n{"s": "x"}';
  const bytes = enc.encode(text);

  it.each([1, 2, 3, 5, 7, 64])(
    'gives the same result as parseJsonl when byte chunks are %i bytes long',
    async (size) => {
      const streamed = await readJsonl(chunks(bytes, size), { file });
      expect(streamed).toEqual(parseJsonl(text, { file }));
    },
  );

  it('accepts string chunks when the source yields strings', async () => {
    const parts = [text.slice(0, 4), text.slice(4, 20), text.slice(20)];
    const streamed = await readJsonl(parts, { file });
    expect(streamed.records.map((r) => r.value)).toEqual([{ s: 'café ☃ 😀' }, { s: 'ü' }, { s: 'x' }]);
    expect(streamed.layout.bom).toBe(true);
  });

  it('throws aborted when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(readJsonl(chunks(bytes, 4), { file, signal: controller.signal })).rejects.toSatisfy(
      (e: unknown) => DatasetError.is(e) && e.code === 'aborted',
    );
  });
});

describe('readJsonlFile', () => {
  it('reads a fixture file from disk', async () => {
    const r = await readJsonlFile(join(FIXTURE_DIR, 'data/queries.jsonl'), { file: 'data/queries.jsonl' });
    expect(r.records).toHaveLength(6);
    expect(r.layout).toMatchObject({ eol: '\r\n', finalNewline: false, blankLines: [{ before: 3, text: '' }] });
  });

  it('throws not-found when the file does not exist', async () => {
    await expect(readJsonlFile('/nonexistent/x.jsonl', { file: 'x.jsonl' })).rejects.toSatisfy(
      (e: unknown) => DatasetError.is(e) && e.code === 'not-found',
    );
  });
});
