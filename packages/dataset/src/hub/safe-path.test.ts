import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.js';
import { checkRemotePath, hasControlCharacter, safeCachePath } from './safe-path.js';

describe('checkRemotePath', () => {
  it.each([
    ['data/corpus.jsonl'],
    ['embeddings/bm25.npz'],
    ['results/a b (c).json'],
    ['tests/ünïcode.json'],
    ['.gitattributes'],
    ['a/..b/c..'],
  ])('accepts %j when it is a plain relative POSIX path', (name) => {
    expect(checkRemotePath(name)).toEqual({ ok: true, path: name });
  });

  it.each([
    ['', 'empty'],
    ['../x', 'parent-segment'],
    ['a/../../b', 'parent-segment'],
    ['embeddings/..', 'parent-segment'],
    ['/etc/passwd', 'absolute'],
    ['a\\b', 'backslash'],
    ['..\\..\\x', 'backslash'],
    ['a\u0000b', 'control-character'],
    ['a\u001b[31m', 'control-character'],
    ['a\u0085b', 'control-character'],
    ['./a', 'dot-segment'],
    ['a/./b', 'dot-segment'],
    ['a//b', 'empty-segment'],
    ['a/', 'empty-segment'],
  ])('refuses %j with %s', (name, reason) => {
    const check = checkRemotePath(name);
    expect(check).toMatchObject({ ok: false, reason });
    if (!check.ok) expect(check.message).toContain(JSON.stringify(name));
  });
});

describe('hasControlCharacter', () => {
  it('finds C0, DEL and C1 controls and nothing else when given mixed text', () => {
    expect(['\u0000', '\t', '\u007f', '\u009f'].map(hasControlCharacter)).toEqual([true, true, true, true]);
    expect(['abc', 'é', '\u00a0', '😀'].map(hasControlCharacter)).toEqual([false, false, false, false]);
  });
});

describe('safeCachePath', () => {
  it('returns the path below the directory when no link is involved', async () => {
    const root = tempDir('execret-safe-');
    const dir = join(root, 'snap');
    expect(await safeCachePath(root, dir, 'data/x.jsonl')).toEqual({ ok: true, path: join(dir, 'data', 'x.jsonl') });
  });

  it('refuses a name that passes the name check but the directory lies outside the cache root', async () => {
    const root = tempDir('execret-safe-');
    const other = tempDir('execret-safe-other-');
    expect(await safeCachePath(root, other, 'a.json')).toMatchObject({ ok: false, reason: 'outside-cache' });
  });

  it('refuses a parent directory that is a symlink pointing outside the cache', async () => {
    const root = tempDir('execret-safe-');
    const outside = tempDir('execret-safe-out-');
    mkdirSync(join(root, 'snap'), { recursive: true });
    symlinkSync(outside, join(root, 'snap', 'data'));
    const check = await safeCachePath(root, join(root, 'snap'), 'data/x.jsonl');
    expect(check).toMatchObject({ ok: false, reason: 'symlink-outside-cache' });
  });

  it('refuses the file itself when it is a symlink outside the cache, or a dangling one', async () => {
    const root = tempDir('execret-safe-');
    const outside = tempDir('execret-safe-out-');
    writeFileSync(join(outside, 'secret'), 'x');
    mkdirSync(join(root, 'snap'), { recursive: true });
    symlinkSync(join(outside, 'secret'), join(root, 'snap', 'a'));
    symlinkSync(join(root, 'nowhere'), join(root, 'snap', 'b'));
    expect(await safeCachePath(root, join(root, 'snap'), 'a')).toMatchObject({ reason: 'symlink-outside-cache' });
    expect(await safeCachePath(root, join(root, 'snap'), 'b')).toMatchObject({ reason: 'symlink-outside-cache' });
  });

  it('accepts a symlink that stays inside the cache', async () => {
    const root = tempDir('execret-safe-');
    mkdirSync(join(root, 'blobs'), { recursive: true });
    mkdirSync(join(root, 'snap'), { recursive: true });
    symlinkSync(join(root, 'blobs'), join(root, 'snap', 'data'));
    expect(await safeCachePath(root, join(root, 'snap'), 'data/x')).toMatchObject({ ok: true });
  });

  it('accepts a cache root that is itself reached through a symlink', async () => {
    const real = tempDir('execret-safe-real-');
    const holder = tempDir('execret-safe-link-');
    symlinkSync(real, join(holder, 'cache'));
    const root = join(holder, 'cache');
    expect(await safeCachePath(root, join(root, 'snap'), 'x')).toMatchObject({ ok: true });
  });
});
