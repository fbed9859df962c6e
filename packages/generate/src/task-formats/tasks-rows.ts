import { LANGUAGES } from '@execret/formats';
import type { Task } from '../types.js';
import { checkFields, type FormatReader, idText, type Row } from './format-reader.js';

const FIELDS = {
  id: { kind: 'non-empty string' },
  domain: { kind: 'non-empty string' },
  query: { kind: 'non-empty string' },
  function_name: { kind: 'non-empty string' },
  canonical: { kind: 'non-empty string' },
  tests: { kind: 'string array' },
} as const;

/**
 * Rows of execret's own tasks JSONL (docs/formats.md) are taken as they are: a row whose fields have the
 * right JSON types (the five strings non-empty, `tests` an array of strings, `language` absent or one of
 * `LANGUAGES`) is returned unchanged, extra fields such as `distractors` included. Everything else about a
 * task (identifiers, 7–10 asserts, parsing, execution) is for `validateTasks`.
 */
export const tasksReader: FormatReader = {
  sourceId: (row: Row) => idText(row.id),
  fieldProblems: (row: Row) => {
    const problems = checkFields(row, FIELDS);
    if (row.language !== undefined && !(LANGUAGES as readonly unknown[]).includes(row.language)) {
      problems.push(
        `field "language": expected absent or one of ${LANGUAGES.map((l) => `"${l}"`).join(' | ')}, received ${String(JSON.stringify(row.language)).slice(0, 60)}`,
      );
    }
    return problems;
  },
  taskId: (row: Row) => String(row.id),
  convert: async (rows) => rows.map((row) => ({ ok: true, task: row as unknown as Task, dropped: [] })),
};
