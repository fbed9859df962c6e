import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OracleJob } from '@execret/oracle';
import { describe, expect, it } from 'vitest';
import { openArtifactCache } from './artifact-cache.js';
import { CostMeter } from './cost-meter.js';
import { executeSuites } from './execute-suites.js';
import type { ExecOracle } from './types.js';

/** An oracle that answers after a tick, passing every test, and notes the code of every job it runs. */
function slowOracle(): ExecOracle & { ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    runMany: async (jobs) => {
      ran.push(...jobs.map((j) => j.code));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return jobs.map((j) => ({
        status: 'pass',
        tests: j.tests.map(() => 'pass'),
        durationMs: 1,
        isolation: 'rlimit',
        cached: false,
      })) as unknown as Awaited<ReturnType<ExecOracle['runMany']>>;
    },
  };
}

const job = (code: string): OracleJob => ({ code, tests: ['assert f() == 1'] });

describe('executeSuites', () => {
  it('runs a suite once when calls on the same cache ask for it at the same time, or twice in one call', async () => {
    const cache = await openArtifactCache(join(mkdtempSync(join(tmpdir(), 'exec-suites-')), 'a.jsonl'));
    const oracle = slowOracle();
    const meters = [new CostMeter(undefined), new CostMeter(undefined)];
    const [a, b] = await Promise.all([
      executeSuites([job('x'), job('y'), job('x')], oracle, cache, meters[0]!, undefined),
      executeSuites([job('y'), job('z')], oracle, cache, meters[1]!, undefined),
    ]);
    expect(oracle.ran.sort()).toEqual(['x', 'y', 'z']);
    expect(a).toEqual([['pass'], ['pass'], ['pass']]);
    expect(b).toEqual([['pass'], ['pass']]);
    expect(meters.map((m) => [m.executions, m.cachedExecutions])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    // and once it is in the cache, not at all
    await executeSuites([job('z')], oracle, cache, new CostMeter(undefined), undefined);
    expect(oracle.ran).toHaveLength(3);
    cache.close();
  });

  it('runs a suite itself when the run it waited for failed', async () => {
    const cache = await openArtifactCache(join(mkdtempSync(join(tmpdir(), 'exec-suites-')), 'a.jsonl'));
    const good = slowOracle();
    const failing: ExecOracle = {
      runMany: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('backend gone');
      },
    };
    const first = executeSuites([job('x')], failing, cache, new CostMeter(undefined), undefined);
    const second = executeSuites([job('x')], good, cache, new CostMeter(undefined), undefined);
    await expect(first).rejects.toThrow('backend gone');
    expect(await second).toEqual([['pass']]);
    expect(good.ran).toEqual(['x']);
    cache.close();
  });
});
