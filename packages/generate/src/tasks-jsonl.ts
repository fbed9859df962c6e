import { GenerateError } from './errors.js';

/** Tasks read from a JSONL file, not yet validated, with the line each came from. */
export interface ParsedTasksJsonl {
  /** One parsed JSON value per non-blank line (validate with `validateTasks`). */
  tasks: unknown[];
  /** 1-based line number of each task. */
  lines: number[];
}

/**
 * Parses the text of a tasks file (`execret build --tasks tasks.jsonl`, docs/formats.md): one JSON
 * value per line; blank lines and a leading byte-order mark are skipped; `\r\n` endings are accepted.
 * A line that is not JSON throws `GenerateError('invalid-jsonl')` naming the line. Field checks are
 * left to `validateTasks` (pass `lines` to it so its issues carry line numbers).
 *
 * @example
 * parseTasksJsonl('{"id":"a"}\n\n{"id":"b"}\n') // { tasks: [{ id: 'a' }, { id: 'b' }], lines: [1, 3] }
 */
export function parseTasksJsonl(text: string): ParsedTasksJsonl {
  const tasks: unknown[] = [];
  const lines: number[] = [];
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  body.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    try {
      tasks.push(JSON.parse(line));
      lines.push(i + 1);
    } catch (cause) {
      throw new GenerateError(
        'invalid-jsonl',
        `@execret/generate parseTasksJsonl: line ${i + 1} is not valid JSON (${(cause as Error).message}); expected one task object per line`,
        { cause },
      );
    }
  });
  return { tasks, lines };
}
