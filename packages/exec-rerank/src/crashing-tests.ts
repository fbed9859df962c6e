/**
 * Which generated tests crash on most of the candidates they were written for: `outcomes[c][t]` is the outcome
 * of test t on candidate c (release vocabulary), `members` the candidates that count (those sharing the prompted
 * signature). A test crashes on a candidate when its outcome is `ERROR:…` or `TIMEOUT`; it is flagged when the
 * share of members it crashes on is greater than `maxCrashFraction`. With no members, nothing is flagged.
 *
 * @example
 * crashingTests([['pass', 'ERROR:NameError: x'], ['FAIL', 'ERROR:NameError: x'], ['pass', 'pass']], [0, 1, 2], 0.5);
 * // [false, true]: test 1 crashes on 2 of 3 members
 */
export function crashingTests(
  outcomes: readonly (readonly string[])[],
  members: readonly number[],
  maxCrashFraction: number,
): boolean[] {
  const tests = outcomes.reduce((m, row) => Math.max(m, row.length), 0);
  return Array.from({ length: tests }, (_, t) => {
    if (members.length === 0) return false;
    let crashes = 0;
    for (const c of members) {
      const o = outcomes[c]?.[t] ?? '';
      if (o === 'TIMEOUT' || o.startsWith('ERROR:')) crashes += 1;
    }
    return crashes / members.length > maxCrashFraction;
  });
}
