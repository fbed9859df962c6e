import { GenerateError } from '../errors.js';
import { type PythonOptions, runPythonScript, TASK_FORMATS_SCRIPT } from '../python.js';
import type { Task } from '../types.js';
import { isTaskSkipReason, type TaskSkipReason } from './reasons.js';

/** A JSON object row of a task file. */
export type Row = Record<string, unknown>;

/** An assert a conversion left out, and why (a `scope: 'test'` reason). */
interface DroppedAssert {
  reason: TaskSkipReason;
  test: string;
}

/** What converting one row gave: a task, or the reason it was skipped. */
export type RowConversion =
  | { ok: true; task: Task; dropped: DroppedAssert[] }
  | { ok: false; reason: TaskSkipReason; detail: string };

/** How `readTaskSet` reads the rows of one format. */
export interface FormatReader {
  /** The row's own id as written (`task_id`, `id`) for reports; null when absent or not a string/number. */
  sourceId(row: Row): string | null;
  /** What is wrong with the row's fields (empty when it can be converted), e.g. `field "prompt": …`. */
  fieldProblems(row: Row): string[];
  /** The execret task id of a row whose fields are fine (an empty string when none can be made). */
  taskId(row: Row): string;
  /** Converts rows whose fields are fine, one result per row in order. */
  convert(rows: readonly Row[], options: PythonOptions): Promise<RowConversion[]>;
}

/** What a field must hold. */
export type FieldKind = 'string' | 'non-empty string' | 'string array' | 'id';

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return value.trim() === '' ? 'an empty string' : 'a string';
  return typeof value;
}

function fits(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'non-empty string':
      return typeof value === 'string' && value.trim() !== '';
    case 'string array':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'id':
      return (typeof value === 'string' && value.trim() !== '') || (Number.isSafeInteger(value) && Number(value) >= 0);
  }
}

const EXPECTED: Record<FieldKind, string> = {
  string: 'a string',
  'non-empty string': 'a non-empty string',
  'string array': 'an array of strings',
  id: 'a non-empty string or a non-negative integer',
};

/**
 * Problems of a row's fields against a spec (`optional` fields may be absent). One message per bad field:
 * `field "test_list": expected an array of strings, received number`.
 */
export function checkFields(row: Row, spec: Record<string, { kind: FieldKind; optional?: boolean }>): string[] {
  const problems: string[] = [];
  for (const [field, { kind, optional }] of Object.entries(spec)) {
    const value = row[field];
    if (value === undefined && optional) continue;
    if (!fits(value, kind)) problems.push(`field "${field}": expected ${EXPECTED[kind]}, received ${describe(value)}`);
  }
  return problems;
}

/** A row's id field as a string for reports (strings as written, integers in decimal), else null. */
export function idText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Number.isSafeInteger(value)) return String(value);
  return null;
}

/**
 * The part of an id made of ASCII letters and digits: lower-cased, every run of other characters one `_`,
 * no `_` at either end (`'HumanEval/0'` → `'humaneval_0'`).
 */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '_')
    .replace(/^_+|_+$/gu, '');
}

interface RawResult {
  ok: boolean;
  task?: { query?: unknown; function_name?: unknown; canonical?: unknown; tests?: unknown };
  dropped?: { reason?: unknown; test?: unknown }[];
  reason?: unknown;
  detail?: unknown;
}

function malformed(command: string, what: string): GenerateError {
  return new GenerateError(
    'python-failed',
    `@execret/generate readTaskSet: the task-formats script answered ${command} with ${what}; expected { results: [{ ok, task, dropped } | { ok: false, reason, detail }] } with reasons of TASK_SKIP_REASONS`,
  );
}

/**
 * Runs one command of `python/task_formats.py` over rows (one interpreter start for all of them) and turns its
 * answer into conversions, with the ids and domain the caller gives. The answer is checked: a result of the
 * wrong shape or with an unknown reason rejects with `GenerateError('python-failed')`.
 */
export async function convertWithPython(
  command: 'humaneval' | 'mbpp',
  rows: readonly Row[],
  fields: readonly string[],
  identify: (row: Row) => { id: string; domain: string },
  options: PythonOptions,
): Promise<RowConversion[]> {
  if (rows.length === 0) return [];
  const request = { command, rows: rows.map((row) => Object.fromEntries(fields.map((f) => [f, row[f]]))) };
  const answer = await runPythonScript<{ results?: RawResult[] }>(TASK_FORMATS_SCRIPT, request, options);
  const results = answer.results;
  if (!Array.isArray(results) || results.length !== rows.length) {
    throw malformed(command, `${Array.isArray(results) ? results.length : 'no'} results for ${rows.length} rows`);
  }
  return results.map((raw, i): RowConversion => {
    if (raw.ok !== true) {
      if (!isTaskSkipReason(raw.reason, 'row') || typeof raw.detail !== 'string') {
        throw malformed(command, `a skip with reason ${JSON.stringify(raw.reason)}`);
      }
      return { ok: false, reason: raw.reason, detail: raw.detail };
    }
    const t = raw.task;
    const strings = [t?.query, t?.function_name, t?.canonical].every((v) => typeof v === 'string');
    const tests = Array.isArray(t?.tests) && (t.tests as unknown[]).every((v) => typeof v === 'string');
    if (!t || !strings || !tests || !Array.isArray(raw.dropped)) throw malformed(command, 'a task of the wrong shape');
    const dropped = raw.dropped.map((d): DroppedAssert => {
      if (!isTaskSkipReason(d.reason, 'test') || typeof d.test !== 'string') {
        throw malformed(command, `a dropped assert with reason ${JSON.stringify(d.reason)}`);
      }
      return { reason: d.reason, test: d.test };
    });
    const { id, domain } = identify(rows[i]!);
    const task: Task = {
      id,
      domain,
      query: t.query as string,
      function_name: t.function_name as string,
      canonical: t.canonical as string,
      tests: t.tests as string[],
    };
    return { ok: true, task, dropped };
  });
}
