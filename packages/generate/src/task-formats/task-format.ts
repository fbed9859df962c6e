import { GenerateError } from '../errors.js';

/**
 * The task-file formats `readTaskSet` reads: `tasks` (execret's own tasks JSONL, docs/formats.md), `humaneval`
 * (OpenAI's `HumanEval.jsonl`) and `mbpp` (Google's `mbpp.jsonl`).
 */
export const TASK_FORMATS = ['tasks', 'humaneval', 'mbpp'] as const;

/** One of {@link TASK_FORMATS}. */
export type TaskFormat = (typeof TASK_FORMATS)[number];

/** The keys a row must carry to count as a row of each format when detecting. */
const SIGNATURES: Record<TaskFormat, readonly string[]> = {
  tasks: ['id', 'function_name', 'canonical', 'tests'],
  humaneval: ['task_id', 'prompt', 'canonical_solution', 'test', 'entry_point'],
  mbpp: ['task_id', 'text', 'code', 'test_list'],
};

function formatsOf(row: unknown): TaskFormat[] {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return [];
  return TASK_FORMATS.filter((format) => SIGNATURES[format].every((key) => Object.hasOwn(row, key)));
}

/** Options of {@link detectTaskFormat}. */
export interface DetectTaskFormatOptions {
  /** Line number of each row in its file, used in messages (default: the 1-based row position). */
  lines?: readonly number[];
}

/**
 * Detects the format of a task file from its parsed rows: a row counts for a format when it has all of that
 * format's keys (`tasks`: `id`, `function_name`, `canonical`, `tests`; `humaneval`: `task_id`, `prompt`,
 * `canonical_solution`, `test`, `entry_point`; `mbpp`: `task_id`, `text`, `code`, `test_list`). The file's
 * format is the one format its rows count for; rows that count for none are allowed (the reader skips them as
 * `invalid-row`). Throws `GenerateError('invalid-task-file')` when no row counts for any format (an empty
 * file included) or rows count for two formats, naming the lines, so that the caller passes the format
 * explicitly.
 *
 * @example
 * detectTaskFormat([{ task_id: 'HumanEval/0', prompt: '…', canonical_solution: '…', test: '…', entry_point: 'f' }])
 * // 'humaneval'
 */
export function detectTaskFormat(rows: readonly unknown[], options: DetectTaskFormatOptions = {}): TaskFormat {
  const firstLine = new Map<TaskFormat, number>();
  rows.forEach((row, i) => {
    for (const format of formatsOf(row)) {
      if (!firstLine.has(format)) firstLine.set(format, options.lines?.[i] ?? i + 1);
    }
  });
  const found = [...firstLine.keys()];
  if (found.length === 1) return found[0]!;
  const expected = TASK_FORMATS.map((f) => `${f} (${SIGNATURES[f].join(', ')})`).join('; ');
  if (found.length === 0) {
    throw new GenerateError(
      'invalid-task-file',
      `@execret/generate detectTaskFormat: no row of the ${rows.length} carries the keys of a known format; expected the keys of one of ${expected}, or pass the format explicitly`,
    );
  }
  const where = found.map((f) => `${f} from line ${firstLine.get(f)}`).join(', ');
  throw new GenerateError(
    'invalid-task-file',
    `@execret/generate detectTaskFormat: rows of several formats (${where}); expected one of ${TASK_FORMATS.join(', ')} throughout, or pass the format explicitly`,
  );
}
