import { DEFAULT_TEST_SUITE_SIZE } from '@execret/dataset';
import { BUG_TYPES } from '@execret/formats';
import { z } from 'zod';

/** Generation modes: `locked` (four single-edit distractors of the six bug types) or `free-form` (naturally written buggy rewrites). */
export const GENERATION_MODES = ['locked', 'free-form'] as const;
/** One of {@link GENERATION_MODES}. */
export type GenerationMode = (typeof GENERATION_MODES)[number];
/** The mode of `generateDataset` when none is given. */
export const DEFAULT_GENERATION_MODE: GenerationMode = 'locked';

/** Distractors asked for in `locked` mode (the paper's four). */
export const LOCKED_DISTRACTORS = 4;
/** Default number of buggy rewrites asked for in `free-form` mode. */
export const DEFAULT_FREE_FORM_REWRITES = 6;

/**
 * What a reply must look like besides its mode: the buggy rewrites asked for in `free-form` mode and the
 * test-suite size bounds (inclusive). Shared by the schemas, the prompts (`PromptOptions`) and the reply parser
 * (`ParseReplyOptions`). Every field is optional; defaults {@link DEFAULT_FREE_FORM_REWRITES} and `DEFAULT_TEST_SUITE_SIZE.min`
 * / `.max` of `@execret/dataset` (7 and 10). Checked once, at `generateDataset`'s boundary.
 */
export interface ReplyShapeOptions {
  /** Buggy rewrites asked for in `free-form` mode (default {@link DEFAULT_FREE_FORM_REWRITES}). */
  rewrites?: number;
  /** Asserts per test suite, at least (default `DEFAULT_TEST_SUITE_SIZE.min` of `@execret/dataset`, 7). */
  minTests?: number;
  /** Asserts per test suite, at most (default `DEFAULT_TEST_SUITE_SIZE.max` of `@execret/dataset`, 10). */
  maxTests?: number;
}

/** {@link ReplyShapeOptions} with the defaults filled in. */
interface ReplyShape {
  rewrites: number;
  minTests: number;
  maxTests: number;
}

/**
 * Fills in the defaults of {@link ReplyShapeOptions} (no checks: `generateDataset` checks its options).
 *
 * @example
 * replyShape({ minTests: 3 }) // { rewrites: 6, minTests: 3, maxTests: 10 }
 */
export function replyShape(options: ReplyShapeOptions = {}): ReplyShape {
  return {
    rewrites: options.rewrites ?? DEFAULT_FREE_FORM_REWRITES,
    minTests: options.minTests ?? DEFAULT_TEST_SUITE_SIZE.min,
    maxTests: options.maxTests ?? DEFAULT_TEST_SUITE_SIZE.max,
  };
}

const code = z.string().min(1, 'expected non-empty Python source');

function testsSchema({ minTests, maxTests }: ReplyShape) {
  const message = `expected ${minTests}–${maxTests} asserts`;
  return z
    .array(z.string().min(1, 'expected a non-empty assert'))
    .min(minTests, message)
    .max(maxTests, message)
    .describe(`${minTests} to ${maxTests} single-line assert statements that call the function.`);
}

/**
 * The zod schema of a `locked`-mode reply: `{ canonical, tests[minTests..maxTests], distractors[4]: { bug_type,
 * code, description } }`, `bug_type` one of the six `BUG_TYPES` of `@execret/generate`; the test bounds default
 * to 7 and 10 (`DEFAULT_TEST_SUITE_SIZE` of `@execret/dataset`). Unknown fields are stripped.
 *
 * @example
 * lockedReplySchema().safeParse({ canonical: 'def f(): ...', tests: [], distractors: [] }).success // false
 * lockedReplySchema({ minTests: 3, maxTests: 5 }).shape.tests.safeParse(['assert f()']).success // false (1 < 3)
 */
export function lockedReplySchema(options: ReplyShapeOptions = {}) {
  return z.object({
    canonical: code.describe('The complete, correct Python implementation.'),
    tests: testsSchema(replyShape(options)),
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
}

/** A parsed `locked`-mode reply. */
export type LockedReply = z.infer<ReturnType<typeof lockedReplySchema>>;

/**
 * The zod schema of a `free-form` reply with `rewrites` buggy rewrites (default 6):
 * `{ canonical, tests[minTests..maxTests], buggy_rewrites[rewrites]: { code, description } }`.
 *
 * @example
 * freeFormReplySchema({ rewrites: 3 }).safeParse({ canonical: 'def f(): ...', tests: [], buggy_rewrites: [] }).success // false
 */
export function freeFormReplySchema(options: ReplyShapeOptions = {}) {
  const shape = replyShape(options);
  return z.object({
    canonical: code.describe('The complete, correct Python implementation.'),
    tests: testsSchema(shape),
    buggy_rewrites: z
      .array(
        z.object({
          code: code.describe('A complete, plausible implementation that contains a subtle bug.'),
          description: z.string().describe('One sentence: what the bug is.'),
        }),
      )
      .length(shape.rewrites, `expected exactly ${shape.rewrites} buggy rewrites`),
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
 * schema with the given rewrites and test bounds (draft 2020-12, output types) without the keywords that OpenAI's strict structured outputs
 * reject (`$schema`, `minLength`, `maxLength`). Every object has `additionalProperties: false` and
 * lists all its properties as required; `minItems`/`maxItems` and the bug-type `enum` are kept. The
 * reply is validated with the full zod schema anyway (models and compatible servers do not always
 * honour the schema).
 *
 * @example
 * const schema = replyJsonSchema('locked')
 * JSON.stringify(schema).includes('"minItems":4') // true (four distractors)
 * JSON.stringify(replyJsonSchema('free-form', { rewrites: 3, minTests: 3, maxTests: 5 })).includes('"maxItems":5') // true
 */
export function replyJsonSchema(mode: GenerationMode, options: ReplyShapeOptions = {}): Record<string, unknown> {
  const schema = mode === 'locked' ? lockedReplySchema(options) : freeFormReplySchema(options);
  return stripKeywords(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' })) as Record<string, unknown>;
}
