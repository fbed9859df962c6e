/**
 * Why `readTaskSet` left something out, as stable kebab-case codes with a one-line description each, in the
 * order a report lists them. `scope: 'row'` codes skip a whole row (counted in `skipped`); `scope: 'test'`
 * codes leave one assert out of a task that is still converted (counted in `droppedTests`).
 *
 * @example
 * TASK_SKIP_REASONS.find((r) => r.code === 'setup-code')?.description
 * // 'MBPP: test_setup_code holds statements other than imports'
 */
export const TASK_SKIP_REASONS = [
  {
    code: 'invalid-row',
    scope: 'row',
    description: 'the row is not a JSON object, or a field the format needs is absent, empty or of the wrong type',
  },
  { code: 'duplicate-id', scope: 'row', description: 'an earlier row has the same task id (the first row keeps it)' },
  {
    code: 'canonical-does-not-parse',
    scope: 'row',
    description: 'the canonical (HumanEval: prompt + canonical_solution; MBPP: code) is not valid Python',
  },
  {
    code: 'entry-point-not-defined',
    scope: 'row',
    description:
      'HumanEval: the canonical has no top-level def entry_point; MBPP: the asserts call no function the code defines at top level',
  },
  {
    code: 'ambiguous-entry-point',
    scope: 'row',
    description:
      'MBPP: the asserts call several top-level functions of the code and no one of them is called by every assert',
  },
  {
    code: 'no-docstring',
    scope: 'row',
    description:
      'HumanEval: the entry point has no docstring, or nothing is left once its doctest examples are removed',
  },
  { code: 'tests-do-not-parse', scope: 'row', description: 'HumanEval: the test field is not valid Python' },
  {
    code: 'no-check-function',
    scope: 'row',
    description: 'HumanEval: the test defines no top-level def check(candidate) with exactly one parameter',
  },
  { code: 'setup-code', scope: 'row', description: 'MBPP: test_setup_code holds statements other than imports' },
  { code: 'no-usable-assert', scope: 'row', description: 'no assert of the row is usable (every one was left out)' },
  {
    code: 'assert-nested',
    scope: 'test',
    description: 'HumanEval: the assert sits inside a loop, if, with, try or nested function of check()',
  },
  {
    code: 'assert-uses-test-locals',
    scope: 'test',
    description: 'HumanEval: the assert uses a name bound inside check() other than its parameter',
  },
  {
    code: 'assert-uses-test-globals',
    scope: 'test',
    description: 'HumanEval: the assert uses a module-level name of the test (METADATA, a helper, an import)',
  },
  {
    code: 'assert-uses-undefined-name',
    scope: 'test',
    description: 'HumanEval: the assert uses a name that neither the canonical nor the builtins define',
  },
  {
    code: 'assert-does-not-call-entry-point',
    scope: 'test',
    description: "the assert's condition does not call the entry point (e.g. assert True, 'debug message')",
  },
  {
    code: 'test-not-single-assert',
    scope: 'test',
    description: 'the test is not exactly one assert statement that prints on one line',
  },
] as const satisfies readonly { code: string; scope: 'row' | 'test'; description: string }[];

/** One code of {@link TASK_SKIP_REASONS}. */
export type TaskSkipReason = (typeof TASK_SKIP_REASONS)[number]['code'];

/** Whether `value` is a code of {@link TASK_SKIP_REASONS} of the given scope (checks the Python script's answers). */
export function isTaskSkipReason(value: unknown, scope: 'row' | 'test'): value is TaskSkipReason {
  return TASK_SKIP_REASONS.some((r) => r.code === value && r.scope === scope);
}
