/**
 * Malformed release files: each case breaks one line of a copy of the fixture and checks that loading fails with
 * an issue naming that file, line and field.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatasetError, type DatasetIssue, loadExecRetrieval } from '../src/index.js';
import { copyFixture } from './helpers.js';

type Edit = (line: string) => string;
const json =
  (change: (row: Record<string, unknown>) => void): Edit =>
  (line) => {
    const row = JSON.parse(line.replace(/^\ufeff/, ''));
    change(row);
    return JSON.stringify(row);
  };

/** Applies `edit` to 1-based physical line `lineNo` of `file`, keeping CR and BOM. */
function editLine(dir: string, file: string, lineNo: number, edit: Edit): void {
  const path = join(dir, file);
  const lines = readFileSync(path, 'utf8').split('\n');
  const original = lines[lineNo - 1] as string;
  const cr = original.endsWith('\r');
  const bom = original.startsWith('\ufeff');
  let text = edit(cr ? original.slice(0, -1) : original);
  if (bom && !text.startsWith('\ufeff')) text = `\ufeff${text}`;
  lines[lineNo - 1] = cr ? `${text}\r` : text;
  writeFileSync(path, lines.join('\n'));
}

async function loadError(dir: string): Promise<DatasetError> {
  try {
    await loadExecRetrieval(dir);
  } catch (error) {
    if (DatasetError.is(error)) return error;
    throw error;
  }
  throw new Error('expected loading to fail');
}

const C = 'data/corpus.jsonl';
const Q = 'data/queries.jsonl';
const M = 'data/distractor_metadata.jsonl';
const X = 'data/execution_cache.jsonl';

interface Case {
  name: string;
  file: string;
  line: number;
  edit: Edit;
  code: 'parse' | 'schema';
  expected: Partial<DatasetIssue>;
}

const cases: Case[] = [
  {
    name: 'unquoted key',
    file: C,
    line: 3,
    edit: () => '{"corpus_id": "c_0003", code: 1}',
    code: 'parse',
    expected: { code: 'invalid-json', message: expect.stringContaining('column 25') },
  },
  {
    name: 'a JSON array instead of an object',
    file: C,
    line: 2,
    edit: () => '["c_0002"]',
    code: 'parse',
    expected: { code: 'not-an-object' },
  },
  {
    name: 'a bare string line',
    file: C,
    line: 9,
    edit: () => '"c_0009"',
    code: 'parse',
    expected: { code: 'not-an-object', message: 'expected a JSON object, received string "c_0009"' },
  },
  {
    name: 'a line cut short',
    file: C,
    line: 15,
    edit: (l) => l.slice(0, 40),
    code: 'parse',
    expected: { code: 'invalid-json' },
  },
  {
    name: 'trailing garbage after the object',
    file: C,
    line: 12,
    edit: (l) => `${l} x`,
    code: 'parse',
    expected: { code: 'invalid-json' },
  },
  {
    name: 'a missing corpus_id',
    file: C,
    line: 4,
    edit: json((r) => delete r.corpus_id),
    code: 'schema',
    expected: { path: ['corpus_id'], message: 'required field is missing (expected string)' },
  },
  {
    name: 'an empty corpus_id',
    file: C,
    line: 6,
    edit: json((r) => (r.corpus_id = '')),
    code: 'schema',
    expected: { path: ['corpus_id'], code: 'schema-too-small' },
  },
  {
    name: 'numeric code',
    file: C,
    line: 8,
    edit: json((r) => (r.code = 42)),
    code: 'schema',
    expected: { path: ['code'], message: 'expected string, received number 42' },
  },
  {
    name: 'an unknown label',
    file: C,
    line: 10,
    edit: json((r) => (r.label = 'buggy')),
    code: 'schema',
    expected: { path: ['label'], message: 'expected one of "correct" | "incorrect", received string "buggy"' },
  },
  {
    name: 'a numeric bug_type',
    file: C,
    line: 11,
    edit: json((r) => (r.bug_type = 3)),
    code: 'schema',
    expected: { path: ['bug_type'] },
  },
  {
    name: 'a null source_entry_id',
    file: C,
    line: 13,
    edit: json((r) => (r.source_entry_id = null)),
    code: 'schema',
    expected: { path: ['source_entry_id'], message: 'expected string, received null' },
  },
  {
    name: 'a string test_suite',
    file: Q,
    line: 5,
    edit: json((r) => (r.test_suite = 'assert x')),
    code: 'schema',
    expected: { path: ['test_suite'], message: 'expected array, received string "assert x"' },
  },
  {
    name: 'a numeric test',
    file: Q,
    line: 2,
    edit: json((r) => ((r.test_suite as unknown[])[2] = 7)),
    code: 'schema',
    expected: { path: ['test_suite', 2] },
  },
  {
    name: 'a null correct id',
    file: Q,
    line: 3,
    edit: json((r) => (r.correct_corpus_ids = [null])),
    code: 'schema',
    expected: { path: ['correct_corpus_ids', 0] },
  },
  {
    name: 'missing paired distractors',
    file: Q,
    line: 6,
    edit: json((r) => delete r.paired_distractor_corpus_ids),
    code: 'schema',
    expected: { path: ['paired_distractor_corpus_ids'] },
  },
  {
    name: 'a numeric entry_id',
    file: Q,
    line: 1,
    edit: json((r) => (r.entry_id = 5)),
    code: 'schema',
    expected: { path: ['entry_id'] },
  },
  {
    name: 'a string metadata',
    file: Q,
    line: 2,
    edit: json((r) => (r.metadata = 'gpt')),
    code: 'schema',
    expected: { path: ['metadata'] },
  },
  {
    name: 'a numeric metadata.model',
    file: Q,
    line: 3,
    edit: json((r) => ((r.metadata as Record<string, unknown>).model = 4)),
    code: 'schema',
    expected: { path: ['metadata', 'model'] },
  },
  {
    name: 'an array batch_usage',
    file: Q,
    line: 1,
    edit: json((r) => ((r.metadata as Record<string, unknown>).batch_usage = [1])),
    code: 'schema',
    expected: { path: ['metadata', 'batch_usage'] },
  },
  {
    name: 'a missing query_id on the unterminated last line',
    file: Q,
    line: 7,
    edit: json((r) => delete r.query_id),
    code: 'schema',
    expected: { path: ['query_id'] },
  },
  {
    name: 'a truncated unterminated last query',
    file: Q,
    line: 7,
    edit: (l) => l.slice(0, l.length - 5),
    code: 'parse',
    expected: { code: 'truncated-line' },
  },
  {
    name: 'a broken metadata line',
    file: M,
    line: 10,
    edit: (l) => l.replace('"mutation":', '"mutation"'),
    code: 'parse',
    expected: { code: 'invalid-json' },
  },
  {
    name: 'a broken cache line',
    file: X,
    line: 40,
    edit: (l) => l.slice(0, 30),
    code: 'parse',
    expected: { code: 'invalid-json' },
  },
  {
    name: 'a number where an object belongs in the cache',
    file: X,
    line: 7,
    edit: () => '12',
    code: 'parse',
    expected: { code: 'not-an-object' },
  },
];

describe('loadExecRetrieval on malformed input', () => {
  it.each(cases)('reports $file line $line when it has $name', async ({ file, line, edit, code, expected }) => {
    const dir = copyFixture();
    editLine(dir, file, line, edit);
    const error = await loadError(dir);
    expect(error.code).toBe(code);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toMatchObject({ severity: 'error', file, line, ...expected });
    expect(error.message).toContain(`${file}:${line}`);
  });

  it('reports the last line as truncated when the file is cut in the middle of a line', async () => {
    const dir = copyFixture();
    const path = join(dir, C);
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = await loadError(dir);
    const lastLine = bytes
      .subarray(0, Math.floor(bytes.length / 2))
      .toString('utf8')
      .split('\n').length;
    expect(error.issues).toEqual([expect.objectContaining({ code: 'truncated-line', file: C, line: lastLine })]);
    expect(error.message).toContain(`${C}:${lastLine}`);
  });

  it('reports invalid UTF-8 on its line', async () => {
    const dir = copyFixture();
    const path = join(dir, C);
    const bytes = readFileSync(path);
    let offset = 0;
    for (let k = 0; k < 6; k++) offset = bytes.indexOf(10, offset) + 1; // start of line 7
    const broken = Buffer.concat([
      bytes.subarray(0, offset + 5),
      Buffer.from([0xc3, 0x28]),
      bytes.subarray(offset + 5),
    ]);
    writeFileSync(path, broken);
    const error = await loadError(dir);
    expect(error.issues).toEqual([expect.objectContaining({ code: 'invalid-utf8', file: C, line: 7 })]);
  });

  it('reports every problem of every file at once', async () => {
    const dir = copyFixture();
    editLine(
      dir,
      C,
      2,
      json((r) => (r.label = 'x')),
    );
    editLine(
      dir,
      C,
      20,
      json((r) => (r.code = null)),
    );
    editLine(dir, Q, 6, () => '{oops');
    const error = await loadError(dir);
    expect(error.code).toBe('parse');
    expect(error.issues.map((i) => `${i.file}:${i.line}`)).toEqual([`${Q}:6`, `${C}:2`, `${C}:20`]);
    expect(error.message).toMatch(/3 problems in the release/);
  });

  it('stops storing issues at maxIssues and says how many more there were', async () => {
    const dir = copyFixture();
    for (let line = 1; line <= 29; line++)
      editLine(
        dir,
        C,
        line,
        json((r) => (r.label = 'x')),
      );
    const error = await loadExecRetrieval(dir, { maxIssues: 5 }).then(
      () => {
        throw new Error('expected loading to fail');
      },
      (e: unknown) => e as DatasetError,
    );
    expect(error.issues).toHaveLength(5);
    expect(error.omittedIssues).toBe(24);
    expect(error.message).toContain('24 further issues not collected');
  });

  it('ignores a torn last line of the execution cache and reports it as a warning', async () => {
    const dir = copyFixture();
    writeFileSync(join(dir, X), `${readFileSync(join(dir, X), 'utf8')}{"code_sha256":"ab`);
    const b = await loadExecRetrieval(dir);
    expect(b.executionCache?.rows).toHaveLength(96);
    expect(b.loadReport.issues).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'torn-final-line', file: X, line: 97 }),
    );
  });
});
