import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CorpusRow,
  createBenchmark,
  DatasetError,
  loadExecRetrieval,
  type QueryRow,
  rowLanguage,
  validateBenchmark,
  validationReport,
  writeExecRetrieval,
} from '../src/index.js';
import { copyFixture, tempDir } from './helpers.js';

/** Rewrites line `line` (1-based) of a release file through `edit`. */
function editLine(dir: string, file: string, line: number, edit: (row: Record<string, unknown>) => void): void {
  const path = join(dir, file);
  const lines = readFileSync(path, 'utf8').split('\n');
  const text = lines[line - 1]!.replace(/^\uFEFF/, '');
  const row = JSON.parse(text) as Record<string, unknown>;
  edit(row);
  lines[line - 1] = (line === 1 && lines[0]!.startsWith('\uFEFF') ? '\uFEFF' : '') + JSON.stringify(row);
  writeFileSync(path, lines.join('\n'));
}

async function schemaError(promise: Promise<unknown>): Promise<DatasetError> {
  try {
    await promise;
  } catch (error) {
    if (DatasetError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a DatasetError');
}

const JS_CANONICAL = 'function inc(x) {\n  return x + 1;\n}\n';
function jsBenchmark(distractorLanguage: 'javascript' | 'python' | undefined) {
  const corpus: CorpusRow[] = [
    {
      corpus_id: 'c_1',
      code: JS_CANONICAL,
      label: 'correct',
      source_entry_id: 'exec_math_numerical_1',
      language: 'javascript',
    },
    {
      corpus_id: 'c_2',
      code: 'function inc(x) {\n  return x - 1;\n}\n',
      label: 'incorrect',
      bug_type: 'wrong_operator',
      source_entry_id: 'exec_math_numerical_1',
      ...(distractorLanguage !== undefined ? { language: distractorLanguage } : {}),
    },
  ];
  const queries: QueryRow[] = [
    {
      query_id: 'q_1',
      query: 'Add one to a number.',
      test_suite: Array.from({ length: 7 }, (_, i) => `assert.strictEqual(inc(${i}), ${i + 1})`),
      correct_corpus_ids: ['c_1'],
      paired_distractor_corpus_ids: ['c_2'],
      entry_id: 'exec_math_numerical_1',
      language: 'javascript',
    },
  ];
  return createBenchmark({ corpus, queries });
}

describe('language field', () => {
  it('reads as python when absent, so the released format loads unchanged', async () => {
    const b = await loadExecRetrieval('mini');
    expect(new Set(b.queryLanguage)).toEqual(new Set(['python']));
    expect(new Set(b.snippetLanguage)).toEqual(new Set(['python']));
    expect(b.corpus.some((r) => 'language' in r)).toBe(false);
    expect(rowLanguage({})).toBe('python');
    expect(rowLanguage({ language: 'typescript' })).toBe('typescript');
  });

  it('is indexed per query and per snippet and written back when rows carry it', async () => {
    const dir = copyFixture();
    editLine(dir, 'data/queries.jsonl', 1, (r) => {
      r.language = 'python';
    });
    const b = await loadExecRetrieval(dir);
    expect(b.queries[0]!.language).toBe('python');
    expect(b.queryLanguage[0]).toBe('python');
    expect(b.loadReport.issues.filter((i) => i.code === 'unknown-field' && i.message.includes('"language"'))).toEqual(
      [],
    );
    const out = tempDir();
    await writeExecRetrieval(out, b);
    expect(readFileSync(join(out, 'data/queries.jsonl'), 'utf8').split('\n')[0]).toContain('"language": "python"');
  });

  it.each([
    ['data/corpus.jsonl', 3, 'JavaScript'],
    ['data/corpus.jsonl', 1, null],
    ['data/queries.jsonl', 2, 'rust'],
  ])('fails with file, line and field when %s line %i has language %j', async (file, line, value) => {
    const dir = copyFixture();
    editLine(dir, file, line, (r) => {
      r.language = value;
    });
    const error = await schemaError(loadExecRetrieval(dir));
    expect(error.code).toBe('schema');
    const issue = error.issues.find((i) => i.path?.[0] === 'language');
    expect(issue).toMatchObject({ file, line, path: ['language'] });
    if (value !== null)
      expect(issue!.message).toBe(`expected one of "python" | "javascript" | "typescript", received string "${value}"`);
  });
});

describe('language-agrees', () => {
  it('reports nothing when a query and all its snippets are javascript', () => {
    const issues = validateBenchmark(jsBenchmark('javascript'), { executionCache: null });
    expect(issues.filter((i) => i.code === 'language-agrees')).toEqual([]);
  });

  it.each([
    ['absent (python)', undefined],
    ['python', 'python' as const],
  ])('reports the distractor when its language is %s and the query is javascript', (_name, language) => {
    const issues = validateBenchmark(jsBenchmark(language), { executionCache: null });
    const found = issues.filter((i) => i.code === 'language-agrees');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', corpusId: 'c_2', path: ['language'] });
    expect(found[0]!.message).toBe('snippet c_2 is python but query q_1 is javascript (a distractor)');
  });

  it('leaves JavaScript rows out of the Python-syntax checks', () => {
    const report = validationReport(jsBenchmark('javascript'), { executionCache: null });
    const row = (id: string) => report.checks.find((c) => c.id === id)!;
    expect(report.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(row('tests-are-asserts').checked).toBe(0);
    expect(row('snippets-parse').checked).toBe(0);
    expect(row('function-defined').checked).toBe(0);
    expect(row('language-agrees').checked).toBe(2);
  });
});
