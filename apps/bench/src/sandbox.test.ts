import { describe, expect, it } from 'vitest';
import { UsageError } from './command.js';
import { fallbackWarning, isolationChoice, requireSandbox } from './sandbox.js';

describe('isolationChoice', () => {
  it.each([
    [undefined, undefined, 'auto'],
    [undefined, 'rlimit', 'rlimit'],
    ['bwrap', 'rlimit', 'bwrap'],
    ['auto', undefined, 'auto'],
  ] as const)('takes --isolation %s over EXECRET_ISOLATION %s (→ %s)', (flag, env, expected) => {
    expect(isolationChoice(flag, { isolation: env })).toBe(expected);
  });

  it('names the flag or the variable when the value is not an isolation', () => {
    expect(() => isolationChoice('docker', { isolation: undefined })).toThrow(
      new UsageError('--isolation must be one of auto, bwrap, rlimit, got "docker"'),
    );
    expect(() => isolationChoice(undefined, { isolation: 'none' })).toThrow(
      new UsageError('EXECRET_ISOLATION must be one of auto, bwrap, rlimit, got "none"'),
    );
  });
});

describe('fallbackWarning', () => {
  it('says what rlimit exposes and how to get bubblewrap when auto fell back', () => {
    const warning = fallbackWarning('auto', {
      isolation: 'rlimit',
      fallbackReason: 'bwrap: No such file or directory',
    });
    expect(warning).toMatch(/bubblewrap is not usable here \(bwrap: No such file or directory\)/);
    expect(warning).toMatch(/read every file its uid may read/);
    expect(warning).toMatch(/reach the network/);
    expect(warning).toMatch(/apt-get install bubblewrap/);
    expect(warning).toMatch(/--isolation bwrap/);
  });

  it('says nothing under bubblewrap, or when rlimit was asked for', () => {
    expect(fallbackWarning('auto', { isolation: 'bwrap' })).toBeUndefined();
    expect(fallbackWarning('rlimit', { isolation: 'rlimit' })).toBeUndefined();
  });
});

describe('requireSandbox', () => {
  it('refuses model-written code under rlimit unless allowed, naming the way out', () => {
    expect(() => requireSandbox('rlimit', 'execret generate', false)).toThrow(/--allow-unsandboxed/);
    expect(() => requireSandbox('rlimit', 'execret generate', true)).not.toThrow();
    expect(() => requireSandbox('bwrap', 'execret generate', false)).not.toThrow();
  });
});
