import { checkFields, convertWithPython, type FormatReader, idText, type Row, slug } from './format-reader.js';

/** The `domain` of every task converted from HumanEval rows. */
const HUMANEVAL_DOMAIN = 'humaneval';

const FIELDS = {
  task_id: { kind: 'non-empty string' },
  prompt: { kind: 'non-empty string' },
  canonical_solution: { kind: 'string' },
  test: { kind: 'non-empty string' },
  entry_point: { kind: 'non-empty string' },
} as const;

/**
 * HumanEval rows (OpenAI's `HumanEval.jsonl`: `task_id`, `prompt`, `canonical_solution`, `test`,
 * `entry_point`) to tasks; the rules are `convert_humaneval` of `python/task_formats.py`, documented in the
 * README's "Task sets". Ids: `humaneval_` + the task id without a leading `HumanEval/`, lower-cased, other
 * characters than letters and digits as `_` (`HumanEval/0` → `humaneval_0`); domain `humaneval`.
 */
export const humanEvalReader: FormatReader = {
  sourceId: (row: Row) => idText(row.task_id),
  fieldProblems: (row: Row) => checkFields(row, FIELDS),
  taskId: (row: Row) => {
    const rest = slug(String(row.task_id).replace(/^humaneval\//iu, ''));
    return rest === '' ? '' : `${HUMANEVAL_DOMAIN}_${rest}`;
  },
  convert: (rows, options) =>
    convertWithPython(
      'humaneval',
      rows,
      Object.keys(FIELDS).filter((f) => f !== 'task_id'),
      (row) => ({
        id: humanEvalReader.taskId(row),
        domain: HUMANEVAL_DOMAIN,
      }),
      options,
    ),
};
