import type { Expectation } from '../expectation.js';
import { replyJson } from './reply-json.js';

/** Result of {@link parseProbeReply}. */
export interface ParsedProbeReply {
  /** Per call (aligned with the question list), the expectation, or `null` when unanswered or unusable. */
  answers: (Expectation | null)[];
  /** Answers that could not be used: unknown or repeated id, neither `returns` nor a class name in `raises`, a value that is not a plain literal. */
  rejected: number;
}

/**
 * Reads an `exec/probe@…` reply for `count` calls: `answers[]` items `{ id, returns }` or `{ id, raises }` with
 * `id` from 1 to `count`; `returns` goes through `readValue` (the language's `readExpectedValue`), `raises` must be
 * an identifier. The first answer of an id wins.
 *
 * @example
 * parseProbeReply('{"answers": [{"id": 1, "returns": "3"}, {"id": 7, "returns": "1"}]}', 2, (v) => String(v));
 * // { answers: [{ returns: '3' }, null], rejected: 1 }
 */
export function parseProbeReply(
  content: string | null,
  count: number,
  readValue: (value: unknown) => string | null,
): ParsedProbeReply {
  const answers: (Expectation | null)[] = Array.from({ length: count }, () => null);
  let rejected = 0;
  const json = content === null ? undefined : (replyJson(content) as { answers?: unknown } | undefined);
  if (json === undefined || !Array.isArray(json.answers)) return { answers, rejected };
  for (const item of json.answers) {
    const a = item as { id?: unknown; returns?: unknown; raises?: unknown } | null;
    const id = typeof a?.id === 'number' ? a.id : typeof a?.id === 'string' ? Number(a.id) : Number.NaN;
    if (a === null || !Number.isInteger(id) || id < 1 || id > count || answers[id - 1] !== null) {
      rejected += 1;
      continue;
    }
    if (typeof a.raises === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(a.raises.trim())) {
      answers[id - 1] = { raises: a.raises.trim() };
      continue;
    }
    const value = a.returns === undefined ? null : readValue(a.returns);
    if (value === null) rejected += 1;
    else answers[id - 1] = { returns: value };
  }
  return { answers, rejected };
}
