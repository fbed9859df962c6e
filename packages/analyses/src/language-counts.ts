/**
 * Queries per language, in first-seen order.
 *
 * @example
 * languageCounts(['python', 'javascript', 'python']); // { python: 2, javascript: 1 }
 */
export function languageCounts(languages: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const language of languages) counts[language] = (counts[language] ?? 0) + 1;
  return counts;
}
