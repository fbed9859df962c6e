import type { ChatMessage } from '@execret/rerankers/llm';

/** Version of the test-writing prompt; part of `exec/tests@…`'s `configHash`. */
export const TESTS_PROMPT_VERSION = 'exec-tests/1';

/** The system message of `exec/tests@…`. */
export const TESTS_SYSTEM_PROMPT =
  'You write precise unit tests for Python functions from their descriptions. You never see an implementation: ' +
  'derive every expected value from the description alone.';

/**
 * The user message of `exec/tests@…`; `{count}`, `{query}`, `{signature}` and `{name}` are filled in. Nothing
 * else reaches the model: no candidate body, no benchmark test.
 */
export const TESTS_USER_TEMPLATE = `Write {count} tests for the Python function described below.

Description:
{query}

Signature:
{signature}

Rules:
- Each test is a single line holding one \`assert\` statement that calls \`{name}\` with literal arguments and compares the result with the value the description implies, e.g. \`assert {name}(...) == ...\`.
- No imports, no helper functions, no randomness, no printing.
- Cover ordinary inputs, the edge cases the description mentions, and boundaries.

Reply with JSON only, in this shape: {"tests": ["assert ...", "assert ..."]}`;

/**
 * The conversation `exec/tests@…` sends: the system prompt and the user template filled with the test count,
 * the query text and the prompted signature (`def name(params)`, no body).
 *
 * @example
 * testsMessages('Add two numbers.', 'def add(a, b)', 'add', 3)[1].content.startsWith('Write 3 tests'); // true
 */
export function testsMessages(query: string, signature: string, name: string, count: number): ChatMessage[] {
  const user = TESTS_USER_TEMPLATE.replaceAll('{count}', String(count))
    .replace('{query}', () => query)
    .replace('{signature}', () => signature)
    .replaceAll('{name}', () => name);
  return [
    { role: 'system', content: TESTS_SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
