import { readFile } from 'node:fs/promises';
import { GenerateError } from '../errors.js';
import type { PythonOptions } from '../python.js';
import { parseTasksJsonl } from '../tasks-jsonl.js';
import type { Task } from '../types.js';
import { DEFAULT_MAX_TASK_FILE_BYTES, decodeTaskFile } from './decode.js';
import type { FormatReader, Row, RowConversion } from './format-reader.js';
import { humanEvalReader } from './humaneval.js';
import { mbppReader } from './mbpp.js';
import { TASK_SKIP_REASONS, type TaskSkipReason } from './reasons.js';
import { detectTaskFormat, TASK_FORMATS, type TaskFormat } from './task-format.js';
import { tasksReader } from './tasks-rows.js';

const READERS: Record<TaskFormat, FormatReader> = { tasks: tasksReader, humaneval: humanEvalReader, mbpp: mbppReader };

/** Options of {@link readTaskSet}. */
export interface ReadTaskSetOptions extends PythonOptions {
  /** The file's format; default: detected from its rows (`detectTaskFormat`). */
  format?: TaskFormat;
  /** Largest accepted file after gunzip, in bytes (default {@link DEFAULT_MAX_TASK_FILE_BYTES}, 256 MiB). */
  maxBytes?: number;
}

/** A row `readTaskSet` left out. */
export interface SkippedTaskRow {
  /** 1-based line of the row in the (decompressed) file. */
  line: number;
  /** The row's own id as written (`task_id` of HumanEval and MBPP rows, `id` of tasks rows); null when absent. */
  taskId: string | null;
  /** A `scope: 'row'` code of `TASK_SKIP_REASONS`. */
  reason: TaskSkipReason;
  /** What exactly was wrong, e.g. `field "test_list": expected an array of strings, received number`. */
  detail: string;
}

/** An assert left out of a task that was converted. */
export interface DroppedTest {
  /** 1-based line of the task's row. */
  line: number;
  /** The converted task's id (`humaneval_0`). */
  taskId: string;
  /** A `scope: 'test'` code of `TASK_SKIP_REASONS`. */
  reason: TaskSkipReason;
  /** The assert as written (HumanEval: printed by `ast.unparse`, before `candidate` is replaced). */
  test: string;
}

/** Counts of a {@link ReadTaskSetResult}. */
export interface TaskSetCounts {
  /** Non-blank lines of the file. */
  rows: number;
  /** Tasks returned. */
  tasks: number;
  /** Rows skipped (`skipped.length`). */
  skippedRows: number;
  /** Asserts left out of returned tasks (`droppedTests.length`). */
  droppedTests: number;
  /** Every code of `TASK_SKIP_REASONS`, zero included: rows for `scope: 'row'` codes, asserts for `'test'` ones. */
  byReason: Record<TaskSkipReason, number>;
}

/** What {@link readTaskSet} returns. */
export interface ReadTaskSetResult {
  format: TaskFormat;
  /** Whether `format` was detected from the rows (`false`: it was given as `options.format`). */
  detected: boolean;
  /** The converted tasks in file order (not yet validated: run `validateTasks` on them). */
  tasks: Task[];
  /** 1-based line of each task's row (same length as `tasks`; pass it to `validateTasks` as `lines`). */
  lines: number[];
  /** Every row left out, in file order. */
  skipped: SkippedTaskRow[];
  /** Every assert left out of a returned task, in file order. */
  droppedTests: DroppedTest[];
  counts: TaskSetCounts;
}

/**
 * Reads a task file — execret's own tasks JSONL, OpenAI's HumanEval or Google's MBPP, as `.jsonl` or
 * `.jsonl.gz` bytes (gunzipped when they start with the gzip magic) — and converts every row to a `Task` by
 * the rules of the README's "Task sets" (docs/formats.md), counting every row and assert it leaves out by a
 * code of `TASK_SKIP_REASONS`. The format is `options.format` or detected from the rows
 * (`detectTaskFormat`). One Python start (`python/task_formats.py`, `python -I -S`) converts all HumanEval or
 * MBPP rows; `tasks` rows need no Python. Row checks, in order: the row is a JSON object with the format's
 * fields (`invalid-row`), its task id is new (`duplicate-id`: the first row with an id keeps it, whatever
 * becomes of it), then the format's conversion. The returned tasks are not validated: pass them, with
 * `lines`, to `validateTasks` (or `buildBenchmark`, with `minTests`/`maxTests` to suit the set).
 *
 * Throws `GenerateError('invalid-jsonl')` for a line that is not JSON, `GenerateError('invalid-task-file')`
 * for a bad gzip stream, non-UTF-8 text, a file over `maxBytes` or a format that cannot be detected, and
 * `GenerateError('python-failed')` when Python cannot run the converter.
 *
 * @example
 * const set = await readTaskSet(await readFile('HumanEval.jsonl.gz'))
 * set.format // 'humaneval'
 * set.tasks[0] // { id: 'humaneval_0', domain: 'humaneval', query: 'Check if in given list…', function_name: …, canonical: …, tests: [...] }
 * set.counts.byReason['no-usable-assert'] // rows skipped because every assert of check() was left out
 */
export async function readTaskSet(bytes: Uint8Array, options: ReadTaskSetOptions = {}): Promise<ReadTaskSetResult> {
  if (!(bytes instanceof Uint8Array)) {
    throw new TypeError(
      `@execret/generate readTaskSet: expected the file's bytes as a Uint8Array, received ${typeof bytes}`,
    );
  }
  if (options.format !== undefined && !(TASK_FORMATS as readonly string[]).includes(options.format)) {
    throw new RangeError(
      `@execret/generate readTaskSet: options.format must be one of ${TASK_FORMATS.join(', ')}, received ${String(options.format)}`,
    );
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_TASK_FILE_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) {
    throw new RangeError(
      `@execret/generate readTaskSet: options.maxBytes must be a positive integer, received ${maxBytes}`,
    );
  }
  options.signal?.throwIfAborted();
  const { tasks: rows, lines } = parseTasksJsonl(decodeTaskFile(bytes, maxBytes));
  const format = options.format ?? detectTaskFormat(rows, { lines });
  const reader = READERS[format];

  const skipped: SkippedTaskRow[] = [];
  const accepted: { row: Row; line: number }[] = [];
  const seen = new Set<string>();
  rows.forEach((value, i) => {
    const line = lines[i]!;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      const received = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
      skipped.push({
        line,
        taskId: null,
        reason: 'invalid-row',
        detail: `expected a JSON object, received ${received}`,
      });
      return;
    }
    const row = value as Row;
    const taskId = reader.sourceId(row);
    const problems = reader.fieldProblems(row);
    const id = problems.length === 0 ? reader.taskId(row) : '';
    if (problems.length === 0 && id === '')
      problems.push(`the task id ${JSON.stringify(taskId)} has no letter or digit`);
    if (problems.length > 0) {
      skipped.push({ line, taskId, reason: 'invalid-row', detail: problems.join('; ') });
      return;
    }
    if (seen.has(id)) {
      skipped.push({
        line,
        taskId,
        reason: 'duplicate-id',
        detail: `task id ${JSON.stringify(id)} is taken by an earlier row`,
      });
      return;
    }
    seen.add(id);
    accepted.push({ row, line });
  });

  const conversions: RowConversion[] = await reader.convert(
    accepted.map((a) => a.row),
    options,
  );
  const tasks: Task[] = [];
  const taskLines: number[] = [];
  const droppedTests: DroppedTest[] = [];
  conversions.forEach((conversion, k) => {
    const { row, line } = accepted[k]!;
    if (!conversion.ok) {
      skipped.push({ line, taskId: reader.sourceId(row), reason: conversion.reason, detail: conversion.detail });
      return;
    }
    tasks.push(conversion.task);
    taskLines.push(line);
    for (const d of conversion.dropped) droppedTests.push({ line, taskId: conversion.task.id, ...d });
  });
  skipped.sort((a, b) => a.line - b.line);

  const byReason = Object.fromEntries(TASK_SKIP_REASONS.map((r) => [r.code, 0])) as Record<TaskSkipReason, number>;
  for (const s of skipped) byReason[s.reason] += 1;
  for (const d of droppedTests) byReason[d.reason] += 1;
  return {
    format,
    detected: options.format === undefined,
    tasks,
    lines: taskLines,
    skipped,
    droppedTests,
    counts: {
      rows: rows.length,
      tasks: tasks.length,
      skippedRows: skipped.length,
      droppedTests: droppedTests.length,
      byReason,
    },
  };
}

/**
 * {@link readTaskSet} of the file at `path` (read whole; `.jsonl` or `.jsonl.gz`), with `format` checked: what
 * `execret build --tasks` and `execret tasks convert` read.
 *
 * @throws {GenerateError} `invalid-task-file` when the file cannot be read or `format` is not one of
 *   {@link TASK_FORMATS}, naming the file and the allowed values
 */
export async function readTaskFile(
  path: string,
  options: Omit<ReadTaskSetOptions, 'format'> & { format?: string } = {},
): Promise<ReadTaskSetResult> {
  const { format, ...rest } = options;
  if (format !== undefined && !(TASK_FORMATS as readonly string[]).includes(format)) {
    throw new GenerateError(
      'invalid-task-file',
      `@execret/generate readTaskFile: the format of ${path} must be one of ${TASK_FORMATS.join(', ')}, received ${JSON.stringify(format)}`,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (cause) {
    throw new GenerateError(
      'invalid-task-file',
      `@execret/generate readTaskFile: cannot read ${path}: ${(cause as Error).message}`,
      {
        cause,
      },
    );
  }
  return readTaskSet(bytes, { ...rest, ...(format !== undefined ? { format: format as TaskFormat } : {}) });
}
