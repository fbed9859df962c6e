/**
 * Tolerant reader of `distractor_metadata.jsonl`, whose field names are not public.
 *
 * Fields are recognised by a conventional name first (`distractor_corpus_id`, `distractor_id`, `corpus_id`,
 * `canonical_corpus_id`, `canonical_id`, `correct_corpus_id`, `query_id`, `bug_type`, `entry_id`,
 * `source_entry_id`) and otherwise by the values they hold, using the corpus and queries already loaded:
 * - a string that is the id of an `incorrect` snippet → the distractor's id; of a `correct` one → its canonical;
 * - a string that is a query id → the query;
 * - a string that is a known bug type (the corpus's bug types and the six documented ones) → the bug type;
 * - a string `exec_<domain>_<n>` → the generation batch id;
 * - 64 hex digits → a hash (kept under its field name).
 * A field takes the role that the majority of its non-null values fit. Everything else is kept on `raw` and
 * reported as not understood.
 */

import { BUG_TYPES } from '@execret/formats';
import type { DatasetIssue } from './errors.js';
import { IssueCollector } from './errors.js';
import type { FieldUnderstanding } from './execution-cache.js';
import type { JsonlLayout, JsonlRecord } from './jsonl.js';

/** What a metadata field was understood to be. */
type MetadataFieldRole = 'distractor_id' | 'canonical_id' | 'query_id' | 'bug_type' | 'entry_id' | 'sha256';

/** One row of the distractor metadata, with the fields that were understood pulled out. */
export interface DistractorMetadataRow {
  /** 1-based line in the file. */
  line: number;
  /** The distractor's corpus id, when recognised. */
  distractorId: string | null;
  /** The canonical's corpus id, when recognised. */
  canonicalId: string | null;
  /** The query id, when recognised. */
  queryId: string | null;
  /** The bug type, when recognised (`""` and `null` read as `null`). */
  bugType: string | null;
  /** The generation batch id, when recognised. */
  entryId: string | null;
  /** Hash-shaped fields, by field name (lowercased hex). */
  hashes: Record<string, string>;
  /** The row exactly as parsed. */
  raw: Record<string, unknown>;
}

/** The distractor metadata, indexed. */
export interface DistractorMetadata {
  rows: DistractorMetadataRow[];
  /** Distractor corpus id → index into `rows` (first row wins). */
  byDistractorId: Map<string, number>;
  /** How each field was understood. */
  fields: FieldUnderstanding<MetadataFieldRole>[];
  /** Findings (never errors: this file cannot make loading fail except for malformed JSON). */
  issues: DatasetIssue[];
  omittedIssues: number;
  /** The file's layout, when read from a file. */
  layout?: JsonlLayout;
}

/** What the reader may use to recognise values. */
export interface DistractorMetadataContext {
  /** Label of a corpus id (`undefined` for an unknown id). */
  corpusLabel?: (id: string) => 'correct' | 'incorrect' | undefined;
  /** Whether a string is a query id. */
  isQueryId?: (id: string) => boolean;
  /** Bug types to recognise besides {@link BUG_TYPES}. */
  bugTypes?: Iterable<string>;
  /** Name used in issues (default `data/distractor_metadata.jsonl`). */
  file?: string;
  /** Maximum stored issues (default 100). */
  maxIssues?: number;
}

const NAMED: Record<string, MetadataFieldRole> = {
  distractor_corpus_id: 'distractor_id',
  distractor_id: 'distractor_id',
  corpus_id: 'distractor_id',
  canonical_corpus_id: 'canonical_id',
  canonical_id: 'canonical_id',
  correct_corpus_id: 'canonical_id',
  query_id: 'query_id',
  bug_type: 'bug_type',
  entry_id: 'entry_id',
  source_entry_id: 'entry_id',
};
const HEX64 = /^[0-9a-fA-F]{64}$/;
const ENTRY = /^exec_.+_\d+$/;
const CORPUS_ID = /^c_\d+$/;
const QUERY_ID = /^q_\d+$/;
const CANONICAL_HINT = /canon|correct|original|source|parent|base/i;

/**
 * Builds the {@link DistractorMetadata} from parsed JSONL records (see the module comment for how fields are
 * recognised). Without a `context`, corpus ids are recognised by the release's `c_<n>` pattern (a field whose
 * name suggests the canonical — `canon`, `correct`, `original`, `source`, `parent`, `base` — is the canonical's,
 * any other the distractor's) and query ids by `q_<n>`.
 *
 * @example
 * const meta = readDistractorMetadataRecords(records, { corpusLabel: (id) => labels.get(id) });
 * meta.rows[0].distractorId; // 'c_0002'
 * meta.fields.filter((f) => f.role === null); // fields that were not understood
 */
export function readDistractorMetadataRecords(
  records: readonly JsonlRecord[],
  context: DistractorMetadataContext = {},
): DistractorMetadata {
  const file = context.file ?? 'data/distractor_metadata.jsonl';
  const collector = new IssueCollector(context.maxIssues ?? 100);
  const bugTypes = new Set<string>([...BUG_TYPES, ...(context.bugTypes ?? [])]);
  const shapeOf = (key: string, value: unknown): MetadataFieldRole | null => {
    if (typeof value !== 'string' || value === '') return null;
    if (context.corpusLabel) {
      const label = context.corpusLabel(value);
      if (label === 'incorrect') return 'distractor_id';
      if (label === 'correct') return 'canonical_id';
    } else if (CORPUS_ID.test(value)) {
      return CANONICAL_HINT.test(key) ? 'canonical_id' : 'distractor_id';
    }
    if (context.isQueryId ? context.isQueryId(value) : QUERY_ID.test(value)) return 'query_id';
    if (bugTypes.has(value)) return 'bug_type';
    if (ENTRY.test(value)) return 'entry_id';
    if (HEX64.test(value)) return 'sha256';
    return null;
  };
  // pass 1: votes per field
  const votes = new Map<string, { present: number; byRole: Map<MetadataFieldRole, number> }>();
  for (const record of records) {
    const row = record.value as Record<string, unknown>;
    for (const key of Object.keys(row)) {
      const value = row[key];
      let v = votes.get(key);
      if (v === undefined) {
        v = { present: 0, byRole: new Map() };
        votes.set(key, v);
      }
      if (value === null || value === '') continue;
      v.present++;
      const role = shapeOf(key, value);
      if (role !== null) v.byRole.set(role, (v.byRole.get(role) ?? 0) + 1);
    }
  }
  const roleOf = new Map<string, { role: MetadataFieldRole | null; how: 'name' | 'shape' | null }>();
  for (const [key, v] of votes) {
    const named = NAMED[key];
    if (named !== undefined) {
      roleOf.set(key, { role: named, how: 'name' });
      continue;
    }
    let best: MetadataFieldRole | null = null;
    let bestCount = 0;
    for (const [role, count] of v.byRole) {
      if (count > bestCount) {
        best = role;
        bestCount = count;
      }
    }
    roleOf.set(
      key,
      best !== null && bestCount * 2 > v.present ? { role: best, how: 'shape' } : { role: null, how: null },
    );
  }
  // A single-valued role may be claimed by several fields: keep the named one, else the first; demote the rest.
  for (const single of ['distractor_id', 'canonical_id', 'query_id', 'bug_type', 'entry_id'] as const) {
    const claimants = [...roleOf].filter(([, r]) => r.role === single);
    if (claimants.length <= 1) continue;
    const keep =
      claimants.find(([, r]) => r.how === 'name') ??
      (claimants[0] as [string, { role: MetadataFieldRole | null; how: 'name' | 'shape' | null }]);
    for (const [key] of claimants) if (key !== keep[0]) roleOf.set(key, { role: null, how: null });
  }
  // pass 2: extract
  const rows: DistractorMetadataRow[] = [];
  const byDistractorId = new Map<string, number>();
  const fieldRows = new Map<string, number>();
  for (const record of records) {
    const raw = record.value as Record<string, unknown>;
    const out: DistractorMetadataRow = {
      line: record.line,
      distractorId: null,
      canonicalId: null,
      queryId: null,
      bugType: null,
      entryId: null,
      hashes: {},
      raw,
    };
    for (const key of Object.keys(raw)) {
      fieldRows.set(key, (fieldRows.get(key) ?? 0) + 1);
      const role = roleOf.get(key)?.role ?? null;
      const value = raw[key];
      if (role === null || typeof value !== 'string' || value === '') continue;
      if (role === 'distractor_id') out.distractorId = value;
      else if (role === 'canonical_id') out.canonicalId = value;
      else if (role === 'query_id') out.queryId = value;
      else if (role === 'bug_type') out.bugType = value;
      else if (role === 'entry_id') out.entryId = value;
      else if (HEX64.test(value)) out.hashes[key] = value.toLowerCase();
    }
    if (out.distractorId === null) {
      collector.add({
        severity: 'warning',
        code: 'metadata-row-without-distractor',
        message: `no field of this row was recognised as the distractor's corpus id (fields: ${Object.keys(raw).join(', ') || 'none'})`,
        file,
        line: record.line,
      });
    } else if (byDistractorId.has(out.distractorId)) {
      collector.add({
        severity: 'warning',
        code: 'metadata-duplicate-distractor',
        message: `distractor ${out.distractorId} already has metadata on line ${rows[byDistractorId.get(out.distractorId) as number]?.line}`,
        file,
        line: record.line,
        corpusId: out.distractorId,
      });
    } else {
      byDistractorId.set(out.distractorId, rows.length);
    }
    rows.push(out);
  }
  const fields: FieldUnderstanding<MetadataFieldRole>[] = [];
  for (const [key, r] of roleOf) {
    const n = fieldRows.get(key) ?? 0;
    fields.push({ field: key, role: r.role, how: r.how, rows: n });
    if (r.role === null) {
      collector.add({
        severity: 'info',
        code: 'metadata-field-not-understood',
        message: `field "${key}" (in ${n} row${n === 1 ? '' : 's'}) was not understood; it is kept but unused`,
        file,
      });
    }
  }
  return { rows, byDistractorId, fields, issues: collector.issues, omittedIssues: collector.omitted };
}
