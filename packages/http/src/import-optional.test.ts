import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { importOptional } from './import-optional.js';

describe('importOptional', () => {
  it('returns the module when it loads', async () => {
    await expect(importOptional('node:path', 'x', () => import('node:path'))).resolves.toHaveProperty('join');
  });

  it('throws missing-dependency naming the package when the module is not installed', async () => {
    const error = await importOptional(
      'execret-no-such-package',
      '@execret/test thing',
      // a computed specifier so that no tool tries to resolve it
      () => import(['execret', 'no-such-package'].join('-')),
    ).catch((e: unknown) => e);
    expect(HttpError.is(error) && error.code).toBe('missing-dependency');
    expect((error as Error).message).toBe(
      '@execret/test thing: the optional package "execret-no-such-package" is not installed; run `pnpm add execret-no-such-package` (or npm i execret-no-such-package)',
    );
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('passes other errors through when the failure is not a missing module', async () => {
    const boom = new Error('syntax error in module');
    await expect(importOptional('x', 'y', () => Promise.reject(boom))).rejects.toBe(boom);
  });

  it('passes a missing module of another name through when it is not the named package', async () => {
    const other = Object.assign(new Error("Cannot find package 'other-dep'"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(importOptional('cohere-ai', 'y', () => Promise.reject(other))).rejects.toBe(other);
  });
});
