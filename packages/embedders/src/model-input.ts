import type { EmbedKind, Prefixes } from './types.js';

/**
 * The exact text a model receives for `text` of `kind`: `prefixes[kind] + text`, nothing trimmed or
 * added. Provider task parameters (Gemini `taskType`, Voyage `input_type`) are sent beside the text and
 * are not part of it.
 *
 * @example
 * modelInput({ query: 'query: ', document: 'passage: ' }, 'sort a list', 'query'); // 'query: sort a list'
 * modelInput({ query: 'query: ', document: 'passage: ' }, 'def f(): pass', 'document'); // 'passage: def f(): pass'
 */
export function modelInput(prefixes: Prefixes, text: string, kind: EmbedKind): string {
  return prefixes[kind] + text;
}
