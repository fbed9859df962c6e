/**
 * Where each registry entry stands during a run, and the resume phase of `generateDataset`: the state of every
 * entry rebuilt from the records of the progress file.
 */

import type { ProgressAttempt, ProgressEntry, ProgressRecord } from './progress.js';
import { progressKey } from './progress.js';
import type { RejectionReason } from './prompt.js';
import type { RegistryEntry } from './registry.js';

/** One entry's progress: its answered attempts, its final record once finished, and what went wrong. */
export interface EntryState {
  entry: RegistryEntry;
  /** Progress key: entry content, prompt hash and model. */
  key: string;
  /** Answered attempts, contiguous from 1. */
  attempts: ProgressAttempt[];
  final: ProgressEntry | null;
  /** Finished in an earlier run. */
  resumed: boolean;
  /** The request failure that left the entry unfinished in this run. */
  error: string | null;
  /** Reasons the cross-entry integrity pass rejected an accepted entry. */
  integrity: RejectionReason[];
}

/**
 * Rebuilds each entry's state from the progress records under its key: a finished entry is reused as it is; an
 * entry with answered attempts continues with the next one. Attempts must be contiguous from 1; an accepted
 * attempt without its entry record (a torn write) is dropped and redone, with everything after it.
 *
 * @example
 * const states = resumeEntries(entries, store.records, promptSha256, 'gpt-5-mini');
 * states.filter((s) => s.final !== null).length; // entries finished in earlier runs
 */
export function resumeEntries(
  entries: readonly RegistryEntry[],
  records: readonly ProgressRecord[],
  promptSha256: string,
  model: string,
): EntryState[] {
  const byKey = new Map<string, ProgressRecord[]>();
  for (const record of records) {
    if (record.type !== 'attempt' && record.type !== 'entry') continue;
    byKey.set(record.key, [...(byKey.get(record.key) ?? []), record]);
  }
  return entries.map((entry) => {
    const key = progressKey(entry, promptSha256, model);
    const own = byKey.get(key) ?? [];
    const attempts = new Map<number, ProgressAttempt>();
    for (const r of own) if (r.type === 'attempt' && !attempts.has(r.attempt)) attempts.set(r.attempt, r);
    const final = (own.find((r) => r.type === 'entry') as ProgressEntry | undefined) ?? null;
    let sorted = [...attempts.values()].sort((a, b) => a.attempt - b.attempt);
    const gap = sorted.findIndex((a, i) => a.attempt !== i + 1 || (final === null && a.ok));
    if (gap >= 0) sorted = sorted.slice(0, gap);
    return { entry, key, attempts: sorted, final, resumed: final !== null, error: null, integrity: [] };
  });
}
