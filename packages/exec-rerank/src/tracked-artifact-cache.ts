import { compareCodePoints } from '@execret/formats';
import { type ArtifactCache, formatArtifactLine } from './artifact-cache.js';
import type { ArtifactRecord } from './artifact-record.js';

/** An artifact cache that remembers what went through it; see {@link trackArtifactCache}. */
export interface TrackedArtifactCache {
  /** The cache to hand to the rerankers: the inner cache, noting every record it returns or is given. */
  readonly cache: ArtifactCache;
  /**
   * Every record read or written through `cache` so far, as artifact-cache lines ({@link formatArtifactLine}): chat
   * replies, then inputs, then executions, each by key in code-point order (so the copy does not depend on the order
   * queries finished).
   */
  lines(): string[];
}

/** Order of the artifact kinds in the copy: chat replies, then inputs, then executions. */
const KIND_ORDER: Readonly<Record<ArtifactRecord['kind'], number>> = { chat: 0, inputs: 1, execution: 2 };

/**
 * Wraps an artifact cache so that the records a run used can be copied next to its results
 * (`rerank/exec-artifacts.jsonl` of a results folder): a rerun from that copy needs no model.
 *
 * @example
 * const tracked = trackArtifactCache(await openArtifactCache(file));
 * const reranker = createExecReranker('exec/consensus', { oracle, cache: tracked.cache });
 * // … rerank …
 * tracked.lines().join(''); // the artifacts this run read or wrote
 */
export function trackArtifactCache(inner: ArtifactCache): TrackedArtifactCache {
  const used = new Map<string, ArtifactRecord>();
  const note = <T extends ArtifactRecord | undefined>(record: T): T => {
    if (record !== undefined) used.set(`${KIND_ORDER[record.kind]}:${record.key}`, record);
    return record;
  };
  const cache: ArtifactCache = {
    get file() {
      return inner.file;
    },
    get issues() {
      return inner.issues;
    },
    get size() {
      return inner.size;
    },
    chat: (key) => note(inner.chat(key)),
    inputs: (key) => note(inner.inputs(key)),
    execution: (code, tests) => note(inner.execution(code, tests)),
    put: (record) => {
      inner.put(record);
      note(record);
    },
    records: () => inner.records(),
    close: () => inner.close(),
  };
  return {
    cache,
    lines: () =>
      [...used.entries()].sort(([a], [b]) => compareCodePoints(a, b)).map(([, record]) => formatArtifactLine(record)),
  };
}
