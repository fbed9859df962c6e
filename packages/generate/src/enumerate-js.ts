import { enumerateJsMutants, type JsMutantCandidate, MutateJsError } from '@execret/mutate-js';
import type { TaskMutants } from './enumerate.js';
import type { MutantCandidate, Task } from './types.js';

/** The languages {@link enumerateJsTaskMutants} reads. */
export type JsTaskLanguage = 'javascript' | 'typescript';

function toCandidate(c: JsMutantCandidate): MutantCandidate {
  // `unparsable` (the splice does not parse) is one way of not re-parsing to the intended tree: `unverified`.
  const status = c.status === 'unparsable' ? 'unverified' : c.status;
  const unparsable = c.status === 'unparsable';
  return {
    index: c.index,
    bugType: c.bugType,
    operator: c.operator,
    edit: { ...c.edit },
    code: c.code,
    status,
    reason: unparsable ? `unparsable: ${c.reason ?? 'does not parse'}` : c.reason,
  };
}

/**
 * Enumerates every single-edit mutant of each JavaScript or TypeScript task's canonical with
 * `enumerateJsMutants` of `@execret/mutate-js` (spans from `@babel/parser`, equivalence by esbuild
 * minification), in the shape of the Python engine's candidates: same order (span, bug type, operator,
 * replacement), same `Edit` positions, same statuses, except that a splice that does not parse
 * (`unparsable` there) is `unverified` here with a reason starting `unparsable:`. A canonical that does
 * not parse or does not define the function gives an `error` entry (the ast gate rejects such tasks
 * before enumeration). Pure and synchronous apart from esbuild; same input → same list.
 *
 * @example
 * const [m] = enumerateJsTaskMutants([{ id: 't', function_name: 'f', canonical: 'function f(a, b) {\n  return a < b;\n}\n' }], 'javascript')
 * // m.status === 'ok'; m.candidates[0].edit → { line: 2, colStart: 11, endLine: 2, colEnd: 12, before: '<', after: '<=' }
 */
export function enumerateJsTaskMutants(
  tasks: readonly Pick<Task, 'id' | 'canonical' | 'function_name'>[],
  language: JsTaskLanguage,
): TaskMutants[] {
  return tasks.map((task) => {
    try {
      const candidates = enumerateJsMutants(task.canonical, { functionName: task.function_name, language });
      return { taskId: task.id, status: 'ok' as const, candidates: candidates.map(toCandidate) };
    } catch (error) {
      if (!MutateJsError.is(error)) throw error;
      return { taskId: task.id, status: 'error' as const, error: `${error.code}: ${error.message}` };
    }
  });
}
