// Class 8 of the third round of attacks (issue 26): a reported value within the size limit whose rebuilding
// needs huge arithmetic (a Fraction with megabit parts that the judge's Fraction() normalises with a gcd taking
// seconds; a range whose length is a megabit division) kept the judge busy past the watchdog, which killed the
// server and lost every test of the job. Now such values are refused as Unjudgeable at once, the judge's time
// for rebuilding a job's values is bounded too, the server survives, and honest values are judged as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracle, type Oracle } from '../src/index.js';

const TIMEOUT_MS = 3000;
const GRACE_MS = 4000;

describe.each([
  { isolation: 'bwrap' as const, sandboxUid: 65250 },
  { isolation: 'rlimit' as const, sandboxUid: 65240 },
])('the judge rebuilding reported values under $isolation', ({ isolation, sandboxUid }) => {
  let oracle: Oracle | undefined;
  beforeAll(async () => {
    oracle = await createOracle({
      isolation,
      concurrency: 1,
      sandboxUid,
      timeoutMs: TIMEOUT_MS,
      watchdogGraceMs: GRACE_MS,
    }).catch(() => undefined);
  }, 60_000);
  afterAll(async () => {
    await oracle?.close();
  });

  it('refuses values whose rebuilding needs megabit arithmetic, quickly, and keeps its server', async (ctx) => {
    if (!oracle) return ctx.skip();
    const code = [
      'import random',
      'from fractions import Fraction',
      'def fraction(seed):',
      '    r = random.Random(seed)',
      '    a, b = r.getrandbits(1 << 20) | 1, r.getrandbits(1 << 20) | 1',
      '    return Fraction(a * 7, b * 7, _normalize=False)',
      'def span():',
      '    return range(0, 1 << (1 << 20), 3)',
    ].join('\n');
    const tests = [
      'assert fraction(1) == 0.5',
      'assert fraction(2) == 0.5',
      'assert fraction(3) == 0.5',
      'assert fraction(4) == 0.5',
      'assert span() == 1',
      'assert 5 in span()',
    ];
    const restarts = oracle.stats().serverRestarts;
    const started = performance.now();
    const result = await oracle.run({ code, tests });
    const elapsed = performance.now() - started;
    for (const outcome of result.tests) expect(outcome).toMatch(/^ERROR:Unjudgeable: rebuilding the tested value/);
    expect(result.infrastructure).toBeUndefined();
    expect(oracle.stats().serverRestarts).toBe(restarts);
    // Well within the job's budget plus the judge's share of the grace (each megabit gcd alone took ~5 s here).
    expect(elapsed).toBeLessThan(TIMEOUT_MS + GRACE_MS / 2);
  }, 60_000);

  it('still judges the same kinds of values when their arithmetic is small', async (ctx) => {
    if (!oracle) return ctx.skip();
    const code = 'from fractions import Fraction\nfrom decimal import Decimal\n';
    const tests = [
      'assert Fraction(6, 12) == 0.5',
      'assert Fraction(2**4000 + 1, 3) != 1',
      'assert range(0, 10**30, 7) != 1',
      'assert 14 in range(0, 10**30, 7)',
      "assert Decimal('1.10') == 1.1",
    ];
    const result = await oracle.run({ code, tests });
    expect(result.tests).toEqual(['pass', 'pass', 'pass', 'pass', 'FAIL']);
    expect(result.judged).toEqual(['split', 'split', 'split', 'split', 'split']);
  }, 30_000);
});
