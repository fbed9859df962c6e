import { readFile } from 'node:fs/promises';
import { sha256Hex } from '@execret/formats';
import { z } from 'zod';
import { LlmGenerateError } from './errors.js';

/** One registry entry: what to generate (the paper's registry of function name, query and domain). */
export interface RegistryEntry {
  /** Unique id; becomes the task id. Default when absent: `<domain>_<function_name>`. */
  id: string;
  /** The Python function the canonical must define and the tests must call. */
  function_name: string;
  /** The natural-language description a retriever sees. */
  query: string;
  /** Lowercase snake_case domain (it becomes the middle of `entry_id` = `exec_<domain>_<n>`). */
  domain: string;
}

/** A problem with one registry record. */
export interface RegistryIssue {
  /** `invalid_json` (line is not JSON), `invalid_field` (zod issue), `duplicate_id` (two entries share an id). */
  code: 'invalid_json' | 'invalid_field' | 'duplicate_id';
  /** The file name given to the parser, or null. */
  file: string | null;
  /** 1-based line in the file (JSONL: the record's line; JSON array: the line where the element starts). */
  line: number;
  /** 0-based position of the record among the file's records. */
  index: number;
  /** Dotted field path, or null for problems with the whole record. */
  field: string | null;
  /** `<file>:<line> <field>: <what was expected>, received <what>`. */
  message: string;
}

/** A record left out because an earlier record has the same normalised function name and/or query. */
export interface RegistryDuplicate {
  /** What matched: `function_name` ({@link normalizeFunctionName}), `query` ({@link normalizeQuery}) or both. */
  kinds: ('function_name' | 'query')[];
  /** Line and id of the record left out. */
  line: number;
  id: string;
  /** Line and id of the earlier record that is kept. */
  keptLine: number;
  keptId: string;
}

/** What {@link parseRegistry} returns. */
export interface ParsedRegistry {
  /** Valid, de-duplicated entries in file order. */
  entries: RegistryEntry[];
  /** Line of each entry of `entries` in the file. */
  lines: number[];
  /** Records left out as duplicates (the first occurrence is kept). */
  duplicates: RegistryDuplicate[];
  /** Every problem found; a record with an issue is not in `entries`. */
  issues: RegistryIssue[];
  /** `jsonl` (one object per line) or `json` (one array of objects). */
  format: 'jsonl' | 'json';
  /** Records read, valid or not. */
  records: number;
}

/** Options of {@link parseRegistry}. */
export interface ParseRegistryOptions {
  /** Name used in issue messages (e.g. the path). Default: none. */
  file?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/u;
const DOMAIN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/u;

/**
 * The zod schema of one registry record (unknown fields are allowed and ignored).
 *
 * @example
 * registryRecordSchema.safeParse({ function_name: 'add', query: 'Add two numbers.', domain: 'math_numerical' }).success // true
 */
const registryRecordSchema = z.object({
  id: z.string().trim().min(1, 'expected a non-empty string').optional(),
  function_name: z.string().regex(IDENTIFIER, 'expected a Python identifier'),
  query: z.string().trim().min(1, 'expected a non-empty query'),
  domain: z.string().regex(DOMAIN, 'expected a lowercase snake_case domain such as string_processing'),
});

/**
 * The key two function names are compared by: lowercase, underscores removed. `isPalindrome`,
 * `is_palindrome` and `_is_palindrome_` are the same function.
 *
 * @example
 * normalizeFunctionName('Is_Palindrome') // 'ispalindrome'
 */
export function normalizeFunctionName(name: string): string {
  return name.toLowerCase().replace(/_/gu, '');
}

/**
 * The key two queries are compared by: Unicode NFKC, lowercase, every run of characters that are
 * neither letters nor digits replaced by one space, trimmed. Queries that differ only in case,
 * punctuation or spacing are the same query.
 *
 * @example
 * normalizeQuery('  Reverse the WORDS of a sentence. ') // 'reverse the words of a sentence'
 */
export function normalizeQuery(query: string): string {
  return query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * SHA-256 of an entry's content (`JSON.stringify([id, function_name, query, domain])`): the registry
 * part of a progress key. Changing any field makes the entry new.
 *
 * @example
 * registryEntryHash({ id: 'a', function_name: 'f', query: 'q', domain: 'd' }).length // 64
 */
export function registryEntryHash(entry: RegistryEntry): string {
  return sha256Hex(JSON.stringify([entry.id, entry.function_name, entry.query, entry.domain]));
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string')
    return value.length > 40 ? `${JSON.stringify(value.slice(0, 37))}…` : JSON.stringify(value);
  return typeof value;
}

/** Records of a JSON array with the line each element starts on (a scan that skips strings). */
function splitJsonArray(text: string): { value: unknown; line: number }[] | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    return { error: (cause as Error).message };
  }
  if (!Array.isArray(parsed)) return { error: 'expected an array of objects' };
  const starts: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\n') line += 1;
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      if (depth === 1) starts.push(line);
    } else if (c === '[' || c === '{') {
      if (depth === 1) starts.push(line);
      depth += 1;
    } else if (c === ']' || c === '}') {
      depth -= 1;
    } else if (depth === 1 && /[-0-9tfn]/u.test(c) && !/[-0-9.eE+a-z]/u.test(text[i - 1] ?? ' ')) {
      starts.push(line);
    }
  }
  return parsed.map((value, k) => ({ value, line: starts[k] ?? 1 }));
}

/**
 * Parses a registry: JSONL (one `{ function_name, query, domain, id? }` object per line; blank lines
 * skipped) or, when the text starts with `[`, a JSON array of such objects. Unknown fields are
 * ignored. Every record is checked with {@link registryRecordSchema} and every problem is collected
 * with its file, line and field (nothing is thrown for bad content). Valid records are then
 * de-duplicated in file order: a record whose normalised function name ({@link normalizeFunctionName})
 * or normalised query ({@link normalizeQuery}) equals an earlier kept record's is left out and listed
 * in `duplicates` with both line numbers. Ids default to `<domain>_<function_name>`; two kept entries
 * with the same id are a `duplicate_id` issue (the later one is left out). Input is not modified.
 *
 * @example
 * const reg = parseRegistry('{"function_name": "add", "query": "Add two numbers.", "domain": "math_numerical"}\n' +
 *   '{"function_name": "Add", "query": "Sum two numbers", "domain": "math_numerical"}\n', { file: 'reg.jsonl' })
 * reg.entries    // [{ id: 'math_numerical_add', function_name: 'add', query: 'Add two numbers.', domain: 'math_numerical' }]
 * reg.duplicates // [{ kinds: ['function_name'], line: 2, id: 'math_numerical_Add', keptLine: 1, keptId: 'math_numerical_add' }]
 */
export function parseRegistry(text: string, options: ParseRegistryOptions = {}): ParsedRegistry {
  const file = options.file ?? null;
  const where = (line: number): string => (file === null ? `line ${line}` : `${file}:${line}`);
  const body = text.replace(/^\ufeff/u, '');
  const issues: RegistryIssue[] = [];
  const format: 'json' | 'jsonl' = body.trimStart().startsWith('[') ? 'json' : 'jsonl';
  let records: { value: unknown; line: number; bad?: string }[] = [];
  if (format === 'json') {
    const split = splitJsonArray(body);
    if ('error' in split) {
      issues.push({
        code: 'invalid_json',
        file,
        line: 1,
        index: 0,
        field: null,
        message: `${where(1)} (file): expected a JSON array of registry objects, received unparseable text (${split.error})`,
      });
    } else {
      records = split;
    }
  } else {
    body.split(/\r?\n/u).forEach((raw, i) => {
      if (raw.trim() === '') return;
      try {
        records.push({ value: JSON.parse(raw) as unknown, line: i + 1 });
      } catch (cause) {
        records.push({ value: undefined, line: i + 1, bad: (cause as Error).message });
      }
    });
  }
  const valid: { entry: RegistryEntry; line: number; index: number }[] = [];
  records.forEach((record, index) => {
    if (record.bad !== undefined) {
      issues.push({
        code: 'invalid_json',
        file,
        line: record.line,
        index,
        field: null,
        message: `${where(record.line)} (record): expected one JSON object per line, received invalid JSON (${record.bad})`,
      });
      return;
    }
    if (typeof record.value !== 'object' || record.value === null || Array.isArray(record.value)) {
      issues.push({
        code: 'invalid_field',
        file,
        line: record.line,
        index,
        field: null,
        message: `${where(record.line)} (record): expected an object with function_name, query and domain, received ${describe(record.value)}`,
      });
      return;
    }
    const out = registryRecordSchema.safeParse(record.value);
    if (!out.success) {
      for (const issue of out.error.issues) {
        const field = issue.path.map(String).join('.') || null;
        const received = issue.path.reduce<unknown>(
          (v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k as PropertyKey],
          record.value,
        );
        issues.push({
          code: 'invalid_field',
          file,
          line: record.line,
          index,
          field,
          message: `${where(record.line)} ${field ?? '(record)'}: ${issue.message}, received ${describe(received)}`,
        });
      }
      return;
    }
    const { id, function_name, query, domain } = out.data;
    valid.push({
      entry: { id: id ?? `${domain}_${function_name}`, function_name, query, domain },
      line: record.line,
      index,
    });
  });

  const entries: RegistryEntry[] = [];
  const lines: number[] = [];
  const duplicates: RegistryDuplicate[] = [];
  const byName = new Map<string, { line: number; id: string }>();
  const byQuery = new Map<string, { line: number; id: string }>();
  const byId = new Map<string, number>();
  for (const { entry, line, index } of valid) {
    const name = byName.get(normalizeFunctionName(entry.function_name));
    const query = byQuery.get(normalizeQuery(entry.query));
    if (name || query) {
      const kept = (name ?? query)!;
      const kinds: RegistryDuplicate['kinds'] = [];
      if (name) kinds.push('function_name');
      if (query) kinds.push('query');
      duplicates.push({ kinds, line, id: entry.id, keptLine: kept.line, keptId: kept.id });
      continue;
    }
    const sameId = byId.get(entry.id);
    if (sameId !== undefined) {
      issues.push({
        code: 'duplicate_id',
        file,
        line,
        index,
        field: 'id',
        message: `${where(line)} id: expected a unique id, received ${JSON.stringify(entry.id)} (also on line ${sameId})`,
      });
      continue;
    }
    byName.set(normalizeFunctionName(entry.function_name), { line, id: entry.id });
    byQuery.set(normalizeQuery(entry.query), { line, id: entry.id });
    byId.set(entry.id, line);
    entries.push(entry);
    lines.push(line);
  }
  return { entries, lines, duplicates, issues, format, records: records.length };
}

/**
 * Reads and parses a registry file ({@link parseRegistry}, with the path as `file`). Throws
 * `LlmGenerateError('invalid-registry')` only when the file cannot be read; content problems are
 * returned in `issues`.
 *
 * @example
 * const registry = await readRegistry('registry.jsonl')
 * if (registry.issues.length > 0) console.error(registry.issues.map((i) => i.message).join('\n'))
 */
export async function readRegistry(path: string): Promise<ParsedRegistry> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new LlmGenerateError(
      'invalid-registry',
      `@execret/llm-generate registry: could not read ${path} (${(cause as Error).message})`,
      { cause },
    );
  }
  return parseRegistry(text, { file: path });
}
