import { checkFields, convertWithPython, type FormatReader, idText, type Row, slug } from './format-reader.js';

/** The `domain` of every task converted from MBPP rows. */
const MBPP_DOMAIN = 'mbpp';

const FIELDS = {
  task_id: { kind: 'id' },
  text: { kind: 'non-empty string' },
  code: { kind: 'non-empty string' },
  test_list: { kind: 'string array' },
  test_setup_code: { kind: 'string', optional: true },
  challenge_test_list: { kind: 'string array', optional: true },
} as const;

/**
 * MBPP rows (Google's `mbpp.jsonl`: `text`, `code`, `task_id`, `test_setup_code`, `test_list`,
 * `challenge_test_list`; the last two may be absent, read as `""` and `[]`) to tasks; the rules are
 * `convert_mbpp` of `python/task_formats.py`, documented in the README's "Task sets". Ids: `mbpp_` + the task
 * id lower-cased, other characters than letters and digits as `_` (`11` → `mbpp_11`); domain `mbpp`.
 */
export const mbppReader: FormatReader = {
  sourceId: (row: Row) => idText(row.task_id),
  fieldProblems: (row: Row) => checkFields(row, FIELDS),
  taskId: (row: Row) => {
    const rest = slug(String(row.task_id));
    return rest === '' ? '' : `${MBPP_DOMAIN}_${rest}`;
  },
  convert: (rows, options) =>
    convertWithPython(
      'mbpp',
      rows.map((row) => ({
        ...row,
        test_setup_code: row.test_setup_code ?? '',
        challenge_test_list: row.challenge_test_list ?? [],
      })),
      Object.keys(FIELDS).filter((f) => f !== 'task_id'),
      (row) => ({ id: mbppReader.taskId(row), domain: MBPP_DOMAIN }),
      options,
    ),
};
