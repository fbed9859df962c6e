import type { ChatMessage } from '@execret/rerankers/llm';

/** Version of the probe prompt; part of `exec/probe@…`'s `configHash`. */
export const PROBE_PROMPT_VERSION = 'exec-probe/1';

/** The system message of `exec/probe@…`. */
export const PROBE_SYSTEM_PROMPT =
  'You predict what a Python function should return, from its description alone. You never see an implementation.';

/** The user message of `exec/probe@…`; `{query}`, `{signature}` and `{calls}` (numbered lines) are filled in. */
export const PROBE_USER_TEMPLATE = `A Python function is described below. For each numbered call, give the value the function should return according to the description, or the exception it should raise.

Description:
{query}

Signature:
{signature}

Calls:
{calls}

Write each return value as Python literal source inside a JSON string (e.g. "3", "'abc'", "[1, 2]", "None"). Reply with JSON only, one answer per call, in this shape:
{"answers": [{"id": 1, "returns": "<python literal>"}, {"id": 2, "raises": "ValueError"}]}`;

/**
 * The conversation `exec/probe@…` sends: the query text, the prompted signature and the calls on which the
 * candidates disagree, numbered from 1. No candidate body, no candidate output, no benchmark test.
 *
 * @example
 * probeMessages('Add two numbers.', 'def add(a, b)', ['add(1, 2)'])[1].content.includes('1. add(1, 2)'); // true
 */
export function probeMessages(query: string, signature: string, calls: readonly string[]): ChatMessage[] {
  const user = PROBE_USER_TEMPLATE.replace('{query}', () => query)
    .replace('{signature}', () => signature)
    .replace('{calls}', () => calls.map((c, i) => `${i + 1}. ${c}`).join('\n'));
  return [
    { role: 'system', content: PROBE_SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
