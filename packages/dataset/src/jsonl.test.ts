import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, FIXTURE_DIR } from '../test/helpers.js';
import { DatasetError } from './errors.js';
import { DEFAULT_MAX_LINE_BYTES, parseJsonl, readJsonl, readJsonlFile } from './jsonl.js';
import { loadExecRetrieval } from './load.js';

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

describe('DEFAULT_MAX_LINE_BYTES', () => {
  it('is 8 MiB and applies when no maxLineBytes is given', async () => {
    expect(DEFAULT_MAX_LINE_BYTES).toBe(8 * 1024 * 1024);
    const chunk = new Uint8Array(1 << 20).fill(0x78);
    async function* source() {
      for (let i = 0; i < 8; i++) yield chunk;
      yield enc.encode('x\n{"a": 1}\n');
    }
    const r = await readJsonl(source(), { file });
    expect(r.issues).toEqual([expect.objectContaining({ code: 'line-too-long', file, line: 1, severity: 'error' })]);
    expect(r.issues[0]?.message).toContain(`${DEFAULT_MAX_LINE_BYTES + 1} bytes long`);
    expect(r.records).toEqual([{ line: 2, value: { a: 1 } }]);
  });
});

describe('parseJsonl with maxLineBytes', () => {
  const text = '{"a": 1}\n{"long": "0123456789abcdef"}\r\n{"a": 3}\n';

  it.each(['string', 'bytes'] as const)(
    'reports an over-long line with file and line and keeps reading when the input is %s',
    (kind) => {
      const r = parseJsonl(kind === 'string' ? text : enc.encode(text), { file, maxLineBytes: 20 });
      expect(r.records.map((x) => x.line)).toEqual([1, 3]);
      expect(r.issues).toEqual([
        {
          severity: 'error',
          code: 'line-too-long',
          file,
          line: 2,
          message:
            'line is 29 bytes long, over the limit of 20 bytes (maxLineBytes); it was skipped without being parsed',
        },
      ]);
      expect(r.lineCount).toBe(3);
      expect(r.layout.mixedEol).toBe(true);
    },
  );

  it('counts UTF-8 bytes, not characters, when the line is not ASCII', () => {
    const line = `{"s": "${'é'.repeat(8)}"}`; // 17 characters, 25 bytes
    expect(parseJsonl(line, { file, maxLineBytes: 24 }).issues[0]?.code).toBe('line-too-long');
    expect(parseJsonl(line, { file, maxLineBytes: 25 }).issues).toEqual([]);
    expect(parseJsonl(enc.encode(line), { file, maxLineBytes: 24 }).issues[0]?.code).toBe('line-too-long');
  });

  it('accepts a line of exactly maxLineBytes bytes', () => {
    expect(parseJsonl('{"a": 12}\n', { file, maxLineBytes: 9 }).records).toHaveLength(1);
  });

  it('throws RangeError when maxLineBytes is not a positive integer', () => {
    expect(() => parseJsonl('', { file, maxLineBytes: 0 })).toThrow(RangeError);
    expect(() => parseJsonl('', { file, maxLineBytes: 1.5 })).toThrow(RangeError);
  });
});

describe('readJsonl with maxLineBytes', () => {
  const text = `{"a": 1}\n{"long": "${'x'.repeat(100)}"}\n{"b": 2}\n{"tail": "${'y'.repeat(50)}"}`;
  const bytes = enc.encode(text);

  it.each([1, 3, 7, 16, 64, 4096])(
    'gives the same result as parseJsonl when byte chunks are %i bytes long',
    async (size) => {
      const streamed = await readJsonl(chunks(bytes, size), { file, maxLineBytes: 40 });
      expect(streamed).toEqual(parseJsonl(text, { file, maxLineBytes: 40 }));
      expect(streamed.issues.map((i) => [i.line, i.code])).toEqual([
        [2, 'line-too-long'],
        [4, 'line-too-long'],
      ]);
      expect(streamed.records.map((r) => r.value)).toEqual([{ a: 1 }, { b: 2 }]);
    },
  );

  it.each([1, 5, 64])('gives the same result as parseJsonl when string chunks are %i characters long', async (size) => {
    const parts: string[] = [];
    for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
    expect(await readJsonl(parts, { file, maxLineBytes: 40 })).toEqual(parseJsonl(text, { file, maxLineBytes: 40 }));
  });

  it('keeps a byte-order mark when the first line is the over-long one', async () => {
    const withBom = enc.encode(`\ufeff{"long": "${'x'.repeat(100)}"}\n{"a": 1}\n`);
    const r = await readJsonl(chunks(withBom, 8), { file, maxLineBytes: 40 });
    expect(r.layout.bom).toBe(true);
    expect(r.issues.map((i) => [i.line, i.code])).toEqual([[1, 'line-too-long']]);
    expect(r.records).toEqual([{ line: 2, value: { a: 1 } }]);
  });

  it('holds memory to about maxLineBytes when one line of 512 MiB streams through', async () => {
    const MiB = 1 << 20;
    const base = process.memoryUsage().arrayBuffers;
    let peak = 0;
    async function* source() {
      for (let i = 0; i < 512; i++) {
        const chunk = Buffer.allocUnsafe(MiB).fill(0x7a); // a fresh chunk each time, as a file stream gives
        if (i % 16 === 0) peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
        yield chunk;
      }
      yield enc.encode('\n{"a": 1}\n');
    }
    const r = await readJsonl(source(), { file, maxLineBytes: 4 * MiB });
    expect(r.issues.map((i) => [i.line, i.code])).toEqual([[1, 'line-too-long']]);
    expect(r.issues[0]?.message).toContain(`${512 * MiB} bytes long`);
    expect(r.records).toEqual([{ line: 2, value: { a: 1 } }]);
    // A reader that kept the line would hold 512 MiB here; garbage not yet collected stays far below that.
    expect(peak).toBeLessThan(192 * MiB);
  });
});

describe('readJsonlFile with an over-long line', () => {
  it('fails loading a release directory with a parse error naming the file and the line', async () => {
    const dir = copyFixture();
    const corpus = readFileSync(join(dir, 'data/corpus.jsonl'), 'utf8');
    const long = JSON.stringify({ corpus_id: 'c_big', code: 'x'.repeat(DEFAULT_MAX_LINE_BYTES), label: 'correct' });
    writeFileSync(join(dir, 'data/corpus.jsonl'), `${corpus.trimEnd()}\n${long}\n`);
    const line = corpus.trimEnd().split('\n').length + 1;
    const error = await loadExecRetrieval(dir).catch((e: unknown) => e);
    expect(DatasetError.is(error) && error.code).toBe('parse');
    expect((error as DatasetError).issues).toContainEqual(
      expect.objectContaining({ code: 'line-too-long', file: 'data/corpus.jsonl', line }),
    );
  });
});
