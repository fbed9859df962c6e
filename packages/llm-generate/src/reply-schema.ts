import { BUG_TYPES } from '@execret/formats';
import { z } from 'zod';

/** Generation modes: `locked` (four single-edit distractors of the six bug types) or `free-form` (naturally written buggy rewrites). */
export const MODES = ['locked', 'free-form'] as const;
/** One of {@link MODES}. */
export type GenerationMode = (typeof MODES)[number];

/** Distractors asked for in `locked` mode (the paper's four). */
export const LOCKED_DISTRACTORS = 4;
/** Default number of buggy rewrites asked for in `free-form` mode. */
export const DEFAULT_FREE_FORM_REWRITES = 6;
/** Asserts per test suite, at least (docs/formats.md). */
export const MIN_TESTS = 7;
/** Asserts per test suite, at most. */
export const MAX_TESTS = 10;

const code = z.string().min(1, 'expected non-empty Python source');
const testsSchema = z
  .array(z.string().min(1, 'expected a non-empty assert'))
  .min(MIN_TESTS, `expected ${MIN_TESTS}–${MAX_TESTS} asserts`)
  .max(MAX_TESTS, `expected ${MIN_TESTS}–${MAX_TESTS} asserts`);

/**
 * The zod schema of a `locked`-mode reply: `{ canonical, tests[7..10], distractors[4]: { bug_type,
 * code, description } }`, `bug_type` one of the six `BUG_TYPES` of `@execret/generate`. Unknown fields
 * are stripped.
 *
 * @example
 * lockedReplySchema.safeParse({ canonical: 'def f(): ...', tests: [], distractors: [] }).success // false
 */
export const lockedReplySchema = z.object({
  canonical: code.describe('The complete, correct Python implementation.'),
  tests: testsSchema.describe('7 to 10 single-line assert statements that call the function.'),
  distractors: z
    .array(
      z.object({
        bug_type: z.enum(BUG_TYPES).describe('The kind of the one edit.'),
        code: code.describe('The canonical with exactly one minimal edit of bug_type.'),
        description: z.string().describe('One sentence: what was changed.'),
      }),
    )
    .length(LOCKED_DISTRACTORS, `expected exactly ${LOCKED_DISTRACTORS} distractors`),
});

/** A parsed `locked`-mode reply. */
export type LockedReply = z.infer<typeof lockedReplySchema>;

/**
 * The zod schema of a `free-form` reply with `rewrites` buggy rewrites:
 * `{ canonical, tests[7..10], buggy_rewrites[rewrites]: { code, description } }`.
 *
 * @example
 * freeFormReplySchema(3).safeParse({ canonical: 'def f(): ...', tests: [], buggy_rewrites: [] }).success // false
 */
export function freeFormReplySchema(rewrites: number = DEFAULT_FREE_FORM_REWRITES) {
  return z.object({
    canonical: code.describe('The complete, correct Python implementation.'),
    tests: testsSchema.describe('7 to 10 single-line assert statements that call the function.'),
    buggy_rewrites: z
      .array(
        z.object({
          code: code.describe('A complete, plausible implementation that contains a subtle bug.'),
          description: z.string().describe('One sentence: what the bug is.'),
        }),
      )
      .length(rewrites, `expected exactly ${rewrites} buggy rewrites`),
  });
}

/** A parsed `free-form` reply. */
type FreeFormReply = z.infer<ReturnType<typeof freeFormReplySchema>>;

/** A reply of either mode, tagged. */
export type GeneratedReply = { mode: 'locked'; value: LockedReply } | { mode: 'free-form'; value: FreeFormReply };

const STRICT_UNSUPPORTED = new Set(['$schema', 'minLength', 'maxLength']);

function stripKeywords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripKeywords);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (STRICT_UNSUPPORTED.has(key)) continue;
    out[key] = stripKeywords(value);
  }
  return out;
}

/**
 * The JSON schema sent as `response_format.json_schema.schema`: `z.toJSONSchema` of the mode's reply
 * schema (draft 2020-12, output types) without the keywords that OpenAI's strict structured outputs
 * reject (`$schema`, `minLength`, `maxLength`). Every object has `additionalProperties: false` and
 * lists all its properties as required; `minItems`/`maxItems` and the bug-type `enum` are kept. The
 * reply is validated with the full zod schema anyway (models and compatible servers do not always
 * honour the schema).
 *
 * @example
 * const schema = replyJsonSchema('locked')
 * JSON.stringify(schema).includes('"minItems":4') // true (four distractors)
 */
export function replyJsonSchema(
  mode: GenerationMode,
  rewrites: number = DEFAULT_FREE_FORM_REWRITES,
): Record<string, unknown> {
  const schema = mode === 'locked' ? lockedReplySchema : freeFormReplySchema(rewrites);
  return stripKeywords(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' })) as Record<string, unknown>;
}
