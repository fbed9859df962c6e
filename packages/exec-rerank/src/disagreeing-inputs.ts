import type { ProbeOutput } from './probe-output.js';

const TIMEOUTS = new Set(['E:ProbeTimeout', 'TIMEOUT']);

/**
 * The inputs worth asking about: those on which the group's outputs differ (at least two distinct keys), at
 * least one member returned a value, and no member timed out (`E:ProbeTimeout`, `TIMEOUT`: an expected-value
 * test would hang there too). At most `max` are chosen, those with the most distinct outputs first (ties: lower
 * index); returned in ascending index order.
 *
 * @example
 * const v = (key: string) => ({ key, value: true });
 * disagreeingInputs([[v('R:1'), v('R:2'), v('R:5')], [v('R:1'), v('R:3'), v('R:6')]], 1); // [1]
 */
export function disagreeingInputs(outputs: readonly (readonly ProbeOutput[])[], max: number): number[] {
  const m = outputs[0]?.length ?? 0;
  const candidates: { i: number; distinct: number }[] = [];
  for (let i = 0; i < m; i++) {
    const column = outputs.map((row) => row[i] as ProbeOutput);
    if (!column.some((o) => o.value) || column.some((o) => TIMEOUTS.has(o.key))) continue;
    const distinct = new Set(column.map((o) => o.key)).size;
    if (distinct >= 2) candidates.push({ i, distinct });
  }
  candidates.sort((a, b) => b.distinct - a.distinct || a.i - b.i);
  return candidates
    .slice(0, Math.max(0, max))
    .map((c) => c.i)
    .sort((a, b) => a - b);
}
