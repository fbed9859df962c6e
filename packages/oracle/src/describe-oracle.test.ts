import { describe, expect, it } from 'vitest';
import { describeJsRunner, describeOracle } from './describe-oracle.js';

describe('describeOracle', () => {
  it('names the isolation, the fork servers and the interpreter version', () => {
    const info = { isolation: 'rlimit', concurrency: 3, python: { version: '3.12.1' } } as const;
    expect(describeOracle(info as never)).toBe('rlimit isolation, 3 fork servers, Python 3.12.1');
  });

  it('says how a job memory is limited as a whole when the info says', () => {
    const info = { isolation: 'bwrap', concurrency: 2, python: { version: '3.11.7' } } as const;
    const cgroup = { kind: 'per-server', version: 'v1', memoryBytes: 1152 * 2 ** 20, maxProcesses: 76 } as const;
    expect(describeOracle({ ...info, cgroup } as never)).toBe(
      'bwrap isolation, 2 fork servers, Python 3.11.7, a cgroup v1 per server (1152 MiB)',
    );
    expect(describeOracle({ ...info, cgroup: { kind: 'none', reason: 'not root' } } as never)).toBe(
      'bwrap isolation, 2 fork servers, Python 3.11.7, memory limited per process (no cgroup)',
    );
  });
});

describe('describeJsRunner', () => {
  it('names the engine with its QuickJS build when there is one, node and the isolation', () => {
    const node = { path: '/usr/bin/node', version: 'v20.20.2' };
    expect(
      describeJsRunner({
        engine: 'quickjs',
        quickjs: { variant: 'release-sync', version: '0.31.0' },
        node,
        isolation: 'bwrap',
      }),
    ).toBe('quickjs (release-sync 0.31.0), node v20.20.2, bwrap isolation');
    expect(describeJsRunner({ engine: 'node', node, isolation: 'rlimit' })).toBe(
      'node, node v20.20.2, rlimit isolation',
    );
  });
});
