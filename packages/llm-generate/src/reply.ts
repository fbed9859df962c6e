import type { ZodError } from 'zod';
import type { RejectionReason } from './prompt.js';
import {
  freeFormReplySchema,
  type GeneratedReply,
  type GenerationMode,
  lockedReplySchema,
  type ReplyShapeOptions,
} from './reply-schema.js';

/** What a chat completion said besides its text, as far as parsing needs it. */
interface ReplyMeta {
  /** `finish_reason` of the choice (`length` means the reply was cut off). */
  finishReason?: string | null;
  /** `message.refusal`, when the model refused. */
  refusal?: string | null;
}

/**
 * Options of {@link parseReply}: what the completion said besides its text, and the reply's expected shape
 * (`rewrites` in `free-form` mode, default 6; `minTests`–`maxTests` asserts, default 7–10).
 */
export interface ParseReplyOptions extends ReplyMeta, ReplyShapeOptions {}

/** Result of {@link parseReply}: the validated reply, or the reasons it is unusable. */
export type ParseReplyResult = { ok: true; reply: GeneratedReply } | { ok: false; reasons: RejectionReason[] };

const FENCE = /^```[A-Za-z0-9_-]*\s*\n([\s\S]*?)\n?```$/u;

function zodReasons(error: ZodError, value: unknown): RejectionReason[] {
  return error.issues.slice(0, 12).map((issue) => {
    const path = issue.path.map(String).join('.') || '(root)';
    const received = issue.path.reduce<unknown>(
      (v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k as PropertyKey],
      value,
    );
    const what =
      received === undefined
        ? 'nothing'
        : Array.isArray(received)
          ? `an array of ${received.length}`
          : received === null
            ? 'null'
            : typeof received;
    const tail = /\breceived\b/u.test(issue.message) ? '' : `, received ${what}`;
    return { gate: 'reply', code: 'wrong_schema', message: `field ${path}: ${issue.message}${tail}` };
  });
}

/**
 * Turns the text of a chat completion into a validated reply. In order:
 * 1. a refusal (`meta.refusal`) → `refusal`; empty or whitespace-only text → `empty_reply`;
 * 2. surrounding whitespace and one enclosing Markdown code fence (```` ```json … ``` ````) are removed;
 * 3. the text must parse as JSON → else `malformed_json` (with `finish_reason: 'length'` the code is
 *    `truncated` instead);
 * 4. the value must satisfy the mode's zod schema (`lockedReplySchema`, `freeFormReplySchema`, built
 *    with `options.rewrites`, `options.minTests` and `options.maxTests`) → else one `wrong_schema` reason
 *    per zod issue (at most 12), naming the field path and what was received (e.g. `field tests: expected
 *    3–5 asserts, received an array of 6`).
 * Every reason has gate `reply`. Unknown extra fields are dropped. Nothing is thrown.
 *
 * @example
 * parseReply('{"canonical": "x"}', 'locked')
 * // { ok: false, reasons: [
 * //   { gate: 'reply', code: 'wrong_schema', message: 'field tests: Invalid input: expected array, received undefined' },
 * //   { gate: 'reply', code: 'wrong_schema', message: 'field distractors: Invalid input: expected array, received undefined' } ] }
 * parseReply('not json', 'locked').ok // false (code 'malformed_json')
 */
export function parseReply(
  content: string | null | undefined,
  mode: GenerationMode,
  options: ParseReplyOptions = {},
): ParseReplyResult {
  if (options.refusal)
    return {
      ok: false,
      reasons: [{ gate: 'reply', code: 'refusal', message: `the model refused: ${options.refusal.slice(0, 300)}` }],
    };
  const text = (content ?? '').trim();
  if (text === '')
    return {
      ok: false,
      reasons: [{ gate: 'reply', code: 'empty_reply', message: 'the reply is empty; expected one JSON object' }],
    };
  const fenced = FENCE.exec(text);
  const body = fenced ? fenced[1]! : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (cause) {
    const truncated = options.finishReason === 'length';
    return {
      ok: false,
      reasons: [
        {
          gate: 'reply',
          code: truncated ? 'truncated' : 'malformed_json',
          message: truncated
            ? `the reply was cut off at the token limit (finish_reason "length") after ${body.length} characters; expected one complete JSON object`
            : `expected one JSON object, received text that does not parse (${(cause as Error).message}); starts with ${JSON.stringify(body.slice(0, 60))}`,
        },
      ],
    };
  }
  if (mode === 'locked') {
    const out = lockedReplySchema(options).safeParse(value);
    return out.success
      ? { ok: true, reply: { mode, value: out.data } }
      : { ok: false, reasons: zodReasons(out.error, value) };
  }
  const out = freeFormReplySchema(options).safeParse(value);
  return out.success
    ? { ok: true, reply: { mode, value: out.data } }
    : { ok: false, reasons: zodReasons(out.error, value) };
}
