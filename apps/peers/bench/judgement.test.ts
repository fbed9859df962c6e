// The pure parts of the benchmark: the containment rules of the hostile section and the outer sandbox's argv.
import { describe, expect, it } from 'vitest';
import { escapes, type Observation } from './hostile.js';
import { OUTER_UID, outerSandbox } from './outer-sandbox.js';

const clean: Observation = {
  id: 'c',
  passed: false,
  detail: '',
  seconds: 1,
  peakVmMb: 100,
  leftovers: [],
  files: [],
  connections: 0,
  outputBytes: 0,
  controlPassed: true,
};
const rule = (contained: object) =>
  ({ id: 'c', language: 'python', harm: '', from: '', contained }) as Parameters<typeof escapes>[0];

describe('escapes', () => {
  it('finds nothing when every observation is clean', () => {
    expect(escapes(rule({ verdict: 'not-pass', withinBudget: true, memory: true }), clean)).toEqual([]);
  });

  it.each([
    ['a pass the case must not get', { verdict: 'not-pass' }, { passed: true }, 'judged a pass'],
    ['a probe that found its secret', { verdict: 'pass' }, { passed: false }, 'the probe found what it looked for'],
    ['a job past the time bound', { verdict: 'any', withinBudget: true }, { seconds: 40 }, 'ran 40 s'],
    [
      'a memory bomb past 8 GiB',
      { verdict: 'any', memory: true },
      { peakVmMb: 9000 },
      'reached 8.8 GiB of address space',
    ],
    ['a process left', { verdict: 'any' }, { leftovers: ['sleep 1000'] }, 'left 1 process ("sleep 1000")'],
    ['a file written', { verdict: 'any' }, { files: ['/root/x'] }, 'wrote /root/x'],
    ['a connection', { verdict: 'any' }, { connections: 1 }, "connected to the harness's listener"],
    [
      'a broken executor',
      { verdict: 'any' },
      { controlPassed: false },
      'the executor failed a trivial suite afterwards',
    ],
  ])('reports %s', (_name, contained, observed, expected) => {
    expect(escapes(rule(contained), { ...clean, ...observed })).toEqual([expected]);
  });

  it('reports a killed harness when there is no observation', () => {
    expect(escapes(rule({ verdict: 'any' }), undefined)).toEqual(['killed the harness']);
  });

  it('ignores a long run and a large address space where the case does not bound them', () => {
    expect(escapes(rule({ verdict: 'any' }), { ...clean, seconds: 100, peakVmMb: 20_000 })).toEqual([]);
  });
});

describe('outerSandbox', () => {
  const argv = outerSandbox(['python', 'x.py'], {
    io: '/work/io',
    pyenv: '/root/.pyenv/versions/3.11.7',
    env: { A: 'b' },
  });

  it('runs the command last, as the unprivileged uid, with no capability left', () => {
    expect(argv.slice(-2)).toEqual(['python', 'x.py']);
    expect(argv).toContain(`--reuid=${OUTER_UID}`);
    expect(argv.join(' ')).toContain('--cap-drop ALL');
    expect(argv).toContain('--bounding-set=-all');
  });

  it('replaces /root and keeps the interpreter reachable through traversable folders', () => {
    const joined = argv.join(' ');
    expect(joined).toContain('--perms 1777 --tmpfs /root');
    expect(joined).toContain('--perms 0755 --dir /root/.pyenv --perms 0755 --dir /root/.pyenv/versions');
    expect(joined).toContain('--ro-bind /root/.pyenv/versions/3.11.7 /root/.pyenv/versions/3.11.7');
  });

  it('unshares the network and passes only the variables given', () => {
    expect(argv).toContain('--unshare-net');
    expect(argv).toContain('--clearenv');
    expect(argv.join(' ')).toContain('--setenv A b');
  });
});
