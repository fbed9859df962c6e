/**
 * The summary table of a validation: counts per domain, bug type, distractor count and test count, and the
 * execution verdicts of the queries' own snippets.
 */

import { compareCodePoints, isBugType } from '@execret/formats';
import { type ValidationContext, verdictOf } from './checks/context.js';

/** Counts per domain. */
interface DomainSummary {
  /** Domain, or `null` for queries whose entry_id has no domain. */
  domain: string | null;
  queries: number;
  canonicals: number;
  distractors: number;
}

/** Counts per bug type (over distractors). */
interface BugTypeSummary {
  /** Bug type, or `null` for distractors without one. */
  bugType: string | null;
  distractors: number;
  /** Whether it is one of the six documented bug types. */
  documented: boolean;
}

/** Execution verdicts of the queries' own snippets. */
interface ExecutionSummary {
  canonicalsPass: number;
  canonicalsFail: number;
  canonicalsMissing: number;
  distractorsFail: number;
  distractorsPass: number;
  distractorsMissing: number;
}

/** The summary table of a validation. */
export interface ValidationSummary {
  queries: number;
  snippets: number;
  canonicals: number;
  distractors: number;
  /** Number of queries with 0, 1, 2, ... paired distractors (index = count). */
  distractorsPerQuery: number[];
  /** Number of queries with 0, 1, 2, ... tests (index = count). */
  testsPerQuery: number[];
  perDomain: DomainSummary[];
  perBugType: BugTypeSummary[];
  /** Present when an execution cache was available. */
  execution: ExecutionSummary | null;
}

/**
 * Summarises the benchmark of a validation context. Domains and bug types are sorted by code point, `null`
 * (none) last; `perDomain` counts every resolvable correct and distractor id of a domain's queries.
 *
 * @example
 * const summary = summarizeValidation(createValidationContext(benchmark));
 * summary.distractorsPerQuery[4]; // number of queries with four paired distractors
 */
export function summarizeValidation(ctx: ValidationContext): ValidationSummary {
  const b = ctx.benchmark;
  const nq = b.queries.length;
  const distractorsPerQuery: number[] = [0];
  const testsPerQuery: number[] = [0];
  const perDomain = new Map<string | null, DomainSummary>();
  const perBug = new Map<string | null, number>();
  for (let q = 0; q < nq; q++) {
    const row = b.queries[q];
    if (row === undefined) continue;
    const nd = row.paired_distractor_corpus_ids.length;
    distractorsPerQuery[nd] = (distractorsPerQuery[nd] ?? 0) + 1;
    const nt = row.test_suite.length;
    testsPerQuery[nt] = (testsPerQuery[nt] ?? 0) + 1;
    const d = b.queryDomain[q] ?? null;
    let s = perDomain.get(d);
    if (s === undefined) {
      s = { domain: d, queries: 0, canonicals: 0, distractors: 0 };
      perDomain.set(d, s);
    }
    s.queries++;
    s.canonicals += (b.correctOffsets[q + 1] as number) - (b.correctOffsets[q] as number);
    s.distractors += (b.distractorOffsets[q + 1] as number) - (b.distractorOffsets[q] as number);
    for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
      const bug = b.snippetBugType[b.distractorIndices[k] as number] ?? null;
      perBug.set(bug, (perBug.get(bug) ?? 0) + 1);
    }
  }
  const byName = (x: string | null, y: string | null) => (x === null ? 1 : y === null ? -1 : compareCodePoints(x, y));
  let canonicals = 0;
  for (let c = 0; c < b.corpus.length; c++) canonicals += b.isCanonical[c] as number;
  return {
    queries: nq,
    snippets: b.corpus.length,
    canonicals,
    distractors: b.distractorIndices.length,
    distractorsPerQuery: Array.from(distractorsPerQuery, (x) => x ?? 0),
    testsPerQuery: Array.from(testsPerQuery, (x) => x ?? 0),
    perDomain: [...perDomain.values()].sort((x, y) => byName(x.domain, y.domain)),
    perBugType: [...perBug]
      .map(([bugType, distractors]) => ({
        bugType,
        distractors,
        documented: bugType !== null && isBugType(bugType),
      }))
      .sort((x, y) => byName(x.bugType, y.bugType)),
    execution: ctx.executionCache === null ? null : executionSummary(ctx),
  };
}

function executionSummary(ctx: ValidationContext): ExecutionSummary {
  const b = ctx.benchmark;
  const s: ExecutionSummary = {
    canonicalsPass: 0,
    canonicalsFail: 0,
    canonicalsMissing: 0,
    distractorsFail: 0,
    distractorsPass: 0,
    distractorsMissing: 0,
  };
  for (let q = 0; q < b.queries.length; q++) {
    for (let k = b.correctOffsets[q] as number; k < (b.correctOffsets[q + 1] as number); k++) {
      const verdict = verdictOf(ctx.cacheEntry(q, b.correctIndices[k] as number));
      if (verdict === 'pass') s.canonicalsPass++;
      else if (verdict === 'fail') s.canonicalsFail++;
      else s.canonicalsMissing++;
    }
    for (let k = b.distractorOffsets[q] as number; k < (b.distractorOffsets[q + 1] as number); k++) {
      const verdict = verdictOf(ctx.cacheEntry(q, b.distractorIndices[k] as number));
      if (verdict === 'fail') s.distractorsFail++;
      else if (verdict === 'pass') s.distractorsPass++;
      else s.distractorsMissing++;
    }
  }
  return s;
}
