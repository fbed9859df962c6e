import type { ChatMessage } from '@execret/formats';

export type { ChatMessage } from '@execret/formats';

import { BUG_TYPES, sha256Hex } from '@execret/formats';
import type { RegistryEntry } from './registry.js';
import {
  type GenerationMode,
  LOCKED_DISTRACTORS,
  type ReplyShapeOptions,
  replyJsonSchema,
  replyShape,
} from './reply-schema.js';

/** Version of the prompts below; bump it with any change to their wording (it is part of {@link promptHash}). */
export const PROMPT_VERSION = 'execret-llm-generate/1';

const SHARED_RULES = `Rules for the canonical implementation:
- Define exactly the function named in the request, at module level, with a plain \`def\` (not async, not a lambda, not a method).
- Implement what the query asks, including every edge case it mentions. Pick the most direct, standard algorithm.
- Python 3 standard library only. Imports go at the top of the snippet.
- No I/O of any kind: no print, input, files, network, subprocesses, environment variables, clocks or randomness.
- Only the function (and helper functions or constants it needs) at module level; no code that runs on import, no tests, no \`if __name__ == "__main__"\` block.

Rules for the tests:
- {test_count} tests. Each test is ONE line holding ONE \`assert\` statement whose condition calls the function, e.g. \`assert f(3) == 6\`.
- No other statements, no semicolons, no comments, no helper variables, no imports; use only literals and builtins.
- Deterministic and fast (all tests together well under one second). Compare floats with round() or abs(x - y) < 1e-9.
- Every test must pass against the canonical. Together the tests must cover the typical case and the edge cases of the query, so that a wrong implementation fails at least one of them.`;

/**
 * The system prompt template of `locked` mode (version {@link PROMPT_VERSION}): one canonical, a test
 * suite of single-line asserts and exactly four distractors, each a copy of the canonical with one
 * minimal edit of one of the six bug types, no alternative algorithm, no refactoring, no comment
 * revealing the bug, and each failing at least one test. The placeholder `{test_count}` is replaced by
 * {@link testCountRule} of the test bounds (`Between 7 and 10` by default); {@link systemPrompt} renders it.
 *
 * @example
 * LOCKED_SYSTEM_PROMPT.includes('remove_edge_case_check') // true
 */
export const LOCKED_SYSTEM_PROMPT = `You build entries of a code-retrieval benchmark that tests whether a retriever can tell a correct Python function from near-identical buggy copies. For the function described in the request, write a correct canonical implementation, a test suite, and exactly ${LOCKED_DISTRACTORS} distractors.

${SHARED_RULES}

Rules for the distractors:
- Each distractor is the canonical, character for character, with exactly ONE small local edit. Keep every name, line, indentation, docstring and comment of the canonical unchanged everywhere else.
- Never write an alternative algorithm, never refactor or reformat, never rename anything, never add comments or text that point at the bug.
- The edit is of one of these bug types (bug_type must be one of these strings):
  - off_by_one: an integer constant, index or step shifted by one (e.g. \`x[i]\` -> \`x[i + 1]\`, \`count + 1\` -> \`count + 2\`).
  - off_by_one_boundary: a loop range, slice bound or comparison bound shifted by one (e.g. \`range(n)\` -> \`range(n - 1)\`, \`s[:k]\` -> \`s[:k + 1]\`).
  - wrong_operator: one arithmetic, bitwise or boolean operator replaced (e.g. \`+\` -> \`-\`, \`//\` -> \`/\`, \`and\` -> \`or\`).
  - wrong_comparison: one comparison operator replaced (e.g. \`<\` -> \`<=\`, \`==\` -> \`!=\`, \`in\` -> \`not in\`).
  - swap_arguments: two positional arguments of one call exchanged (e.g. \`pow(a, b)\` -> \`pow(b, a)\`).
  - remove_edge_case_check: one \`if\` guard that handles a special case deleted together with its one-line body.
- Use four different bug types when the code allows it.
- Each distractor must fail at least one of your tests, and must still define the function and run.
- description: one sentence saying what was changed, for the dataset's metadata.

Answer with one JSON object only, exactly in the requested schema: {"canonical": string, "tests": [string], "distractors": [{"bug_type": string, "code": string, "description": string}]}.`;

/**
 * The system prompt template of `free-form` mode (version {@link PROMPT_VERSION}): the same canonical
 * and test rules, then `{rewrites}` buggy rewrites written the way a programmer might naturally get the
 * function subtly wrong (any kind of bug, any amount of code), without comments revealing the bug.
 * The placeholders `{rewrites}` and `{test_count}` are replaced by the number asked for and by
 * {@link testCountRule}; {@link systemPrompt} renders it.
 *
 * @example
 * FREE_FORM_SYSTEM_PROMPT.includes('{rewrites}') // true
 */
export const FREE_FORM_SYSTEM_PROMPT = `You build entries of a code-retrieval benchmark that tests whether a retriever can tell a correct Python function from plausible buggy implementations. For the function described in the request, write a correct canonical implementation, a test suite, and exactly {rewrites} buggy rewrites.

${SHARED_RULES}

Rules for the buggy rewrites:
- Each rewrite is a complete implementation of the same function (same name and signature) that a competent programmer could plausibly write while getting it subtly wrong: a mishandled edge case, a wrong boundary, a wrong formula, a misread requirement. Any kind and size of bug is allowed.
- Each rewrite must look correct at a glance: no comments, names or text that point at the bug, no deliberately absurd code, no exceptions raised on purpose.
- Each rewrite must differ from the canonical and from the other rewrites, must still define the function and run, and must fail at least one of your tests.
- Standard library only and no I/O, as for the canonical.
- description: one sentence saying what the bug is.

Answer with one JSON object only, exactly in the requested schema: {"canonical": string, "tests": [string], "buggy_rewrites": [{"code": string, "description": string}]}.`;

/**
 * The user message template; `{function_name}`, `{domain}` and `{query}` are replaced by the registry
 * entry's fields.
 *
 * @example
 * USER_PROMPT_TEMPLATE.split('\n')[0] // 'Function name: {function_name}'
 */
const USER_PROMPT_TEMPLATE = 'Function name: {function_name}\nDomain: {domain}\nQuery: {query}';

/**
 * The follow-up message sent after a rejected attempt; `{reasons}` is replaced by one `- <gate>/<code>:
 * <message>` line per rejection reason.
 *
 * @example
 * FEEDBACK_PROMPT_TEMPLATE.includes('{reasons}') // true
 */
const FEEDBACK_PROMPT_TEMPLATE =
  'Your previous answer was rejected by the automatic validation:\n{reasons}\nFix every problem listed and answer again with the complete JSON object (all fields, not only the changed parts), following all the rules.';

/** A reason an attempt was rejected (see the package README for every gate and code). */
export interface RejectionReason {
  /** `reply` (no usable JSON), the gates of `@execret/generate` (`schema`, `ast`, `execution`, `integrity`) or `edit` (single-edit check). */
  gate: 'reply' | 'schema' | 'ast' | 'execution' | 'edit' | 'integrity';
  code: string;
  message: string;
  /** 0-based distractor (or rewrite) index for reasons about one distractor. */
  distractor?: number;
  /** 0-based test index for reasons about one test. */
  test?: number;
}

/** A previous attempt of the same entry: the raw reply and why it was rejected. */
export interface PreviousAttempt {
  content: string;
  reasons: readonly RejectionReason[];
}

/**
 * Options of {@link systemPrompt}, {@link buildMessages} and {@link promptHash}: the buggy rewrites of
 * `free-form` mode (default 6) and the test-suite size bounds (default `DEFAULT_TEST_SUITE_SIZE` of
 * `@execret/dataset`, 7 to 10).
 */
export type PromptOptions = ReplyShapeOptions;

/**
 * The test-count rule of the prompts: `Between <minTests> and <maxTests>`, or `Exactly <n>` when both
 * bounds are `n`.
 *
 * @example
 * testCountRule(7, 10) // 'Between 7 and 10'
 * testCountRule(5, 5)  // 'Exactly 5'
 */
export function testCountRule(minTests: number, maxTests: number): string {
  return minTests === maxTests ? `Exactly ${minTests}` : `Between ${minTests} and ${maxTests}`;
}

/**
 * The system prompt sent in `mode`: its template with `{rewrites}` (free-form) and `{test_count}`
 * ({@link testCountRule}) filled in. With the defaults the locked prompt says `Between 7 and 10 tests.`
 *
 * @example
 * systemPrompt('locked').includes('Between 7 and 10 tests.')                    // true
 * systemPrompt('free-form', { rewrites: 3, minTests: 3, maxTests: 5 }).includes('exactly 3 buggy rewrites') // true
 */
export function systemPrompt(mode: GenerationMode, options: PromptOptions = {}): string {
  const { rewrites, minTests, maxTests } = replyShape(options);
  const template = mode === 'locked' ? LOCKED_SYSTEM_PROMPT : FREE_FORM_SYSTEM_PROMPT;
  return template
    .replaceAll('{rewrites}', String(rewrites))
    .replaceAll('{test_count}', testCountRule(minTests, maxTests));
}

/**
 * Formats rejection reasons as the feedback message ({@link FEEDBACK_PROMPT_TEMPLATE}); each message is
 * cut to 400 characters.
 *
 * @example
 * feedbackMessage([{ gate: 'execution', code: 'canonical_fails', message: 'canonical fails 1 of 8 tests: …' }])
 * // 'Your previous answer was rejected by the automatic validation:\n- execution/canonical_fails: canonical fails 1 of 8 tests: …\nFix every problem …'
 */
export function feedbackMessage(reasons: readonly RejectionReason[]): string {
  const lines = reasons.map(
    (r) => `- ${r.gate}/${r.code}: ${r.message.length > 400 ? `${r.message.slice(0, 397)}...` : r.message}`,
  );
  return FEEDBACK_PROMPT_TEMPLATE.replace('{reasons}', lines.join('\n'));
}

/**
 * The messages of one attempt: the mode's system prompt, the entry's user message, then for every
 * previous attempt its raw reply as an `assistant` message followed by the feedback on it
 * ({@link feedbackMessage}). Attempt n therefore sees all n − 1 earlier answers and their rejections.
 *
 * @example
 * const messages = buildMessages({ id: 't', function_name: 'add', query: 'Add two numbers.', domain: 'math_numerical' }, 'locked')
 * messages.map((m) => m.role) // ['system', 'user']
 * messages[1].content         // 'Function name: add\nDomain: math_numerical\nQuery: Add two numbers.'
 */
export function buildMessages(
  entry: RegistryEntry,
  mode: GenerationMode,
  previous: readonly PreviousAttempt[] = [],
  options: PromptOptions = {},
): ChatMessage[] {
  const user = USER_PROMPT_TEMPLATE.replace('{function_name}', entry.function_name)
    .replace('{domain}', entry.domain)
    .replace('{query}', entry.query);
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(mode, options) },
    { role: 'user', content: user },
  ];
  for (const attempt of previous) {
    messages.push(
      { role: 'assistant', content: attempt.content },
      { role: 'user', content: feedbackMessage(attempt.reasons) },
    );
  }
  return messages;
}

/**
 * SHA-256 identifying everything the model is told: `JSON.stringify` of the prompt version, the mode,
 * the rendered system prompt ({@link systemPrompt}), the user and feedback templates and the reply JSON
 * schema. Rewrites (free-form) and test bounds enter through the prompt and the schema, so other bounds
 * give another hash, and the defaults give the hash of the prompts before the bounds were options. It
 * goes into progress keys (a changed prompt regenerates every entry) and into the dataset's metadata.
 *
 * @example
 * promptHash('locked') === promptHash('locked')                                // true
 * promptHash('locked') === promptHash('free-form')                             // false
 * promptHash('locked') === promptHash('locked', { minTests: 3, maxTests: 5 })  // false
 */
export function promptHash(mode: GenerationMode, options: PromptOptions = {}): string {
  return sha256Hex(
    JSON.stringify({
      version: PROMPT_VERSION,
      mode,
      system: systemPrompt(mode, options),
      user: USER_PROMPT_TEMPLATE,
      feedback: FEEDBACK_PROMPT_TEMPLATE,
      schema: replyJsonSchema(mode, options),
      bugTypes: BUG_TYPES,
    }),
  );
}
