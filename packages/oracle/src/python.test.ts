import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OracleError } from './errors.js';
import { resolvePython } from './python.js';

describe('resolvePython', () => {
  it('returns the real interpreter and its version when given a command on PATH', async () => {
    const info = await resolvePython('python3');
    expect(info.executable.startsWith('/')).toBe(true);
    expect(info.executable).not.toMatch(/\/shims\//);
    expect(realpathSync(info.executable)).toMatch(/python3/);
    expect(info.version).toMatch(/^3\.\d+\.\d+$/);
  });

  it('is idempotent when given the executable it returned', async () => {
    const first = await resolvePython('python3');
    expect(await resolvePython(first.executable)).toEqual(first);
  });

  it.each([
    ['a missing path', '/nonexistent/python3'],
    ['a program that is not Python', '/bin/echo'],
    ['a program that fails', '/bin/false'],
  ])('rejects with python-not-found for %s', async (_name, python) => {
    await expect(resolvePython(python)).rejects.toSatisfy(
      (e: unknown) => OracleError.is(e) && e.code === 'python-not-found',
    );
  });

  it('throws TypeError for an empty name', async () => {
    await expect(resolvePython('')).rejects.toThrow(TypeError);
  });
});
