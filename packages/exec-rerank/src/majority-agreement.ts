import type { ProbeOutput } from './probe-output.js';

/** Result of {@link majorityAgreement}. */
export interface MajorityAgreement {
  /** Indices of the inputs kept: those on which at least one candidate returned a value. */
  readonly retained: number[];
  /** Per candidate, on how many retained inputs its output is a plurality output. */
  readonly agreement: Int32Array;
  /** Per retained input (aligned with `retained`), the plurality output keys in code-point order. */
  readonly plurality: string[][];
}

/**
 * MBR-exec agreement with the majority. `outputs[c][i]` is candidate c's output on input i. Inputs on which no
 * candidate returned a value (every candidate raised, timed out or escaped) are dropped. On each retained input
 * the plurality outputs are the keys shared by the most candidates (several when tied, so a tie favours no
 * one); a candidate scores 1 for every retained input on which its output is one of them. Exceptions are
 * outputs too: raising `E:ValueError` where most candidates raise it agrees with them.
 *
 * @throws {RangeError} when the rows have different lengths
 * @example
 * const v = (key: string) => ({ key, value: true });
 * majorityAgreement([[v('R:1'), v('R:2')], [v('R:1'), v('R:3')], [v('R:0'), v('R:2')]]).agreement;
 * // Int32Array [2, 1, 1]: input 0 → R:1 (2 votes); input 1 → R:2 (2 votes)
 */
export function majorityAgreement(outputs: readonly (readonly ProbeOutput[])[]): MajorityAgreement {
  const n = outputs.length;
  const m = outputs[0]?.length ?? 0;
  for (const row of outputs)
    if (row.length !== m)
      throw new RangeError(`@execret/exec-rerank majorityAgreement: rows of ${row.length} and ${m} outputs`);
  const agreement = new Int32Array(n);
  const retained: number[] = [];
  const plurality: string[][] = [];
  for (let i = 0; i < m; i++) {
    if (!outputs.some((row) => (row[i] as ProbeOutput).value)) continue;
    const counts = new Map<string, number>();
    for (const row of outputs) {
      const key = (row[i] as ProbeOutput).key;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const best = Math.max(...counts.values());
    const keys = [...counts].filter(([, c]) => c === best).map(([k]) => k);
    keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    retained.push(i);
    plurality.push(keys);
    const set = new Set(keys);
    outputs.forEach((row, c) => {
      if (set.has((row[i] as ProbeOutput).key)) agreement[c] = (agreement[c] as number) + 1;
    });
  }
  return { retained, agreement, plurality };
}
