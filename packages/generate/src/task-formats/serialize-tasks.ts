import { canonicalLayout, serializeJsonl } from '@execret/dataset';
import { LANGUAGES } from '@execret/formats';
import type { Task } from '../types.js';

/** The key order of a tasks JSONL row (docs/formats.md, "Test-task input"). */
const KEYS = ['id', 'domain', 'query', 'function_name', 'canonical', 'tests', 'language'] as const;

function checkTask(task: Task, index: number): void {
  const where = `@execret/generate serializeTasksJsonl: task ${index}`;
  for (const key of ['id', 'domain', 'query', 'function_name', 'canonical'] as const) {
    if (typeof task[key] !== 'string')
      throw new TypeError(`${where}: field "${key}" must be a string, received ${typeof task[key]}`);
  }
  if (!Array.isArray(task.tests) || !task.tests.every((t) => typeof t === 'string')) {
    throw new TypeError(`${where}: field "tests" must be an array of strings`);
  }
  if (task.language !== undefined && !(LANGUAGES as readonly string[]).includes(task.language)) {
    throw new TypeError(
      `${where}: field "language" must be absent or one of ${LANGUAGES.join(', ')}, received ${String(task.language)}`,
    );
  }
}

/**
 * Writes tasks as execret's tasks JSONL (what `execret build --tasks` reads, docs/formats.md): one object per
 * task with exactly the keys `id`, `domain`, `query`, `function_name`, `canonical`, `tests` and, when present,
 * `language`, in that order (other properties of the objects are not written); Python `json.dumps` style like
 * the release's data files (`", "`/`": "` separators, non-ASCII as `\uXXXX`), LF endings, every line ending in
 * `\n`, no BOM (`''` for no tasks). Pure and byte-stable: the same tasks give the same bytes, and
 * `readTaskSet` of the bytes gives the tasks back. Throws `TypeError` for a task whose fields have the wrong
 * types (the writer is strict; it does not check test counts or syntax: see `validateTasks`).
 *
 * @example
 * serializeTasksJsonl([{ id: 'mbpp_2', domain: 'mbpp', query: 'Add.', function_name: 'add', canonical: 'def add(a, b):\n    return a + b\n', tests: ['assert add(1, 2) == 3'] }])
 * // '{"id": "mbpp_2", "domain": "mbpp", "query": "Add.", "function_name": "add", "canonical": "def add(a, b):\\n    return a + b\\n", "tests": ["assert add(1, 2) == 3"]}\n'
 */
export function serializeTasksJsonl(tasks: readonly Task[]): string {
  const rows = tasks.map((task, index) => {
    checkTask(task, index);
    const row: Record<string, unknown> = {};
    for (const key of KEYS) if (task[key] !== undefined) row[key] = task[key];
    return row;
  });
  return serializeJsonl(rows, canonicalLayout('tasks.jsonl'));
}
