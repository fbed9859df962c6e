/**
 * The registry phase of `generateDataset`: the registry as given (entries or a parsed registry file), checked and
 * de-duplicated.
 */

import { LlmGenerateError } from './errors.js';
import { type ParsedRegistry, parseRegistry, type RegistryDuplicate, type RegistryEntry } from './registry.js';

/** A registry entry as input: `id` may be left out (default `<domain>_<function_name>`). */
export type RegistryEntryInput = Omit<RegistryEntry, 'id'> & { id?: string };

/**
 * The entries to generate and the duplicates left out. Entries given as an array go through `parseRegistry`
 * like a file would; a parsed registry with issues is refused.
 *
 * @throws TypeError when `registry` is neither an array nor a parsed registry
 * @throws LlmGenerateError `invalid-registry` listing every invalid record
 * @example
 * registryEntries([{ function_name: 'clamp', query: 'Clamp x into [lo, hi].', domain: 'math_numerical' }])
 *   .entries[0].id; // 'math_numerical_clamp'
 */
export function registryEntries(registry: readonly RegistryEntryInput[] | ParsedRegistry): {
  entries: RegistryEntry[];
  duplicates: RegistryDuplicate[];
} {
  let parsed: ParsedRegistry;
  if (Array.isArray(registry)) {
    parsed = parseRegistry(registry.map((e) => JSON.stringify(e)).join('\n'), { file: 'registry[]' });
  } else if (typeof registry === 'object' && registry !== null && Array.isArray((registry as ParsedRegistry).entries)) {
    parsed = registry as ParsedRegistry;
  } else {
    throw new TypeError(
      '@execret/llm-generate generateDataset: registry must be an array of { function_name, query, domain, id? } or the result of parseRegistry/readRegistry',
    );
  }
  if (parsed.issues.length > 0) {
    throw new LlmGenerateError(
      'invalid-registry',
      `@execret/llm-generate generateDataset: the registry has ${parsed.issues.length} invalid record(s); fix them first:\n${parsed.issues.map((i) => i.message).join('\n')}`,
    );
  }
  return { entries: parsed.entries, duplicates: parsed.duplicates };
}
