import { describe, expect, it } from 'vitest';
import { ISOLATION_REQUESTS, isolationRisks } from './isolation-requests.js';

describe('isolationRisks', () => {
  it('names no risk under bubblewrap', () => {
    expect(isolationRisks({ isolation: 'bwrap' }, true)).toEqual([]);
  });

  it('names files, network and the caller’s environment under rlimits when not root', () => {
    const risks = isolationRisks({ isolation: 'rlimit' }, false).join(' ');
    expect(risks).toMatch(/read every file its uid may read .* reach the network/);
    expect(risks).toMatch(/read your environment \(API keys\)/);
  });

  it('names the world-writable folders instead of the environment as root', () => {
    const risks = isolationRisks({ isolation: 'rlimit' }, true).join(' ');
    expect(risks).toMatch(/world-writable directories/);
    expect(risks).not.toMatch(/environment/);
  });
});

describe('ISOLATION_REQUESTS', () => {
  it('lists what createOracle accepts, auto first', () => {
    expect(ISOLATION_REQUESTS).toEqual(['auto', 'bwrap', 'rlimit']);
  });
});
