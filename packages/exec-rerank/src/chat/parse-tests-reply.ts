import { replyJson } from './reply-json.js';

/** Result of {@link parseTestsReply}. */
export interface ParsedTestsReply {
  /** Candidate tests in reply order, trimmed (checked later). */
  tests: string[];
  /** How the reply was read: `json` (`{"tests": [...]}`), `lines` (assert lines of free text), or `none`. */
  format: 'json' | 'lines' | 'none';
}

/**
 * Reads the tests of an `exec/tests@…` reply: the `tests` array of its JSON (non-string items dropped), or, when
 * the reply has no such JSON, every line (of code fences included) that starts with `assert`. `null` content (a
 * refusal) gives no tests.
 *
 * @example
 * parseTestsReply('{"tests": ["assert f(1) == 2", 3]}'); // { tests: ['assert f(1) == 2'], format: 'json' }
 * parseTestsReply('```python\nassert f(1) == 2\n```');   // { tests: ['assert f(1) == 2'], format: 'lines' }
 */
export function parseTestsReply(content: string | null): ParsedTestsReply {
  if (content === null) return { tests: [], format: 'none' };
  const json = replyJson(content) as { tests?: unknown } | undefined;
  if (json !== undefined && Array.isArray(json.tests))
    return {
      tests: json.tests.filter((t): t is string => typeof t === 'string').map((t) => t.trim()),
      format: 'json',
    };
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^assert\b/.test(l));
  return lines.length > 0 ? { tests: lines, format: 'lines' } : { tests: [], format: 'none' };
}
