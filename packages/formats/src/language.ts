/**
 * The languages of execret's tasks and snippets: `python` (the ExecRetrieval release; what a row without a
 * `language` field is), `javascript` and `typescript` (run by the oracle's JavaScript runner; TypeScript is
 * stripped of its types first).
 */
export const LANGUAGES = ['python', 'javascript', 'typescript'] as const;

/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The language of rows and jobs that do not name one. */
export const DEFAULT_LANGUAGE: Language = 'python';

/**
 * Whether `value` is one of {@link LANGUAGES}.
 *
 * @example
 * isLanguage('javascript'); // true
 * isLanguage('JavaScript'); // false
 */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
