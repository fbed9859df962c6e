import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishablePackages } from '../src/workspace-packages.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * Packages without an error class of their own: formats holds the base (`defineExecretError`) and throws only
 * `TypeError`/`RangeError`; report's renderers throw nothing.
 */
const WITHOUT = ['@execret/formats', '@execret/report'];
const names = (await publishablePackages(root)).map((p) => p.name).filter((name) => !WITHOUT.includes(name));

interface DefinedClass {
  new (code: string, message: string, options?: { cause?: unknown }): Error & { code: string };
  readonly packageName: string;
  is(value: unknown): boolean;
}

/** The package's error classes: what `defineExecretError` made for it (they carry `packageName`). */
async function errorClasses(name: string): Promise<DefinedClass[]> {
  const entry = (await import(/* @vite-ignore */ name)) as Record<string, unknown>;
  return Object.values(entry).filter(
    (v): v is DefinedClass => typeof v === 'function' && (v as { packageName?: unknown }).packageName === name,
  );
}

// One rule, in @execret/formats' error base: a message names its package once, whoever wrote it.
describe('every package error class', () => {
  it('covers every other publishable package, and those two have none', async () => {
    expect(names.length).toBeGreaterThanOrEqual(13);
    for (const name of WITHOUT) expect(await errorClasses(name)).toEqual([]);
  }, 120_000);

  it.each(names)(
    '%s exports exactly one, which names the package once in every message',
    async (name) => {
      const classes = await errorClasses(name);
      expect(classes.map((c) => c.name)).toHaveLength(1);
      const [ErrorClass] = classes as [DefinedClass];
      const bare = new ErrorClass('x', 'component: what went wrong');
      const prefixed = new ErrorClass('x', `${name} component: what went wrong`);
      const colon = new ErrorClass('x', `${name}: component: what went wrong`);
      for (const error of [bare, prefixed, colon]) {
        expect(error.message.startsWith(name)).toBe(true);
        expect(error.message.split(name).length - 1, error.message).toBe(1);
      }
      expect(bare.message).toBe(`${name}: component: what went wrong`);
      expect(ErrorClass.is(bare) && ErrorClass.is({ ...bare }) && !ErrorClass.is(new Error('x'))).toBe(true);
    },
    120_000,
  );
});
