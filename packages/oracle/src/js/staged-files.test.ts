import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runnerFiles } from './runner-files.js';
import { stageRunnerFiles } from './staged-files.js';

const made: string[] = [];
/** A fresh folder under the system's temporary folder, with `mode`. */
function folder(mode: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'execret-staging-test-'));
  chmodSync(dir, mode);
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('stageRunnerFiles', () => {
  it('copies the engine scripts and the QuickJS packages runtime files into a folder others can read', () => {
    const source = runnerFiles();
    const staged = stageRunnerFiles(source, folder(0o755));
    try {
      expect(statSync(staged.dir).mode & 0o7777).toBe(0o755);
      expect(readdirSync(staged.files.jsDir).sort()).toEqual(
        readdirSync(source.jsDir)
          .filter((name) => /\.m?js$/.test(name))
          .sort(),
      );
      for (const name of readdirSync(staged.files.jsDir)) {
        const path = join(staged.files.jsDir, name);
        expect(statSync(path).mode & 0o7777).toBe(0o644);
        expect(statSync(path).uid).toBe(process.geteuid?.());
        expect(readFileSync(path)).toEqual(readFileSync(join(source.jsDir, name)));
      }
      const variant = staged.files.quickjs.variant;
      expect(variant.root).toBe(join(staged.dir, 'node_modules', '@jitl', 'quickjs-wasmfile-release-sync'));
      const dist = readdirSync(join(variant.root, 'dist'));
      expect(dist).toContain('emscripten-module.wasm');
      expect(dist.filter((name) => name.endsWith('.map') || name.endsWith('.d.ts'))).toEqual([]);
      expect(existsSync(join(staged.files.quickjs.core.root, 'package.json'))).toBe(true);
    } finally {
      staged.remove();
    }
    expect(existsSync(staged.dir)).toBe(false);
  });

  it.each([
    ['writable by others without the sticky bit', 0o777, /writable by other users and not sticky/],
    ['closed to other users', 0o700, /closed to other users/],
  ])('refuses a staging folder %s', (_, mode, pattern) => {
    const base = folder(mode);
    expect(() => stageRunnerFiles(runnerFiles(), base)).toThrow(pattern);
    expect(readdirSync(base)).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)('refuses a staging folder that belongs to another user (as root)', () => {
    const base = folder(0o755);
    chownSync(base, 65123, 65123);
    expect(() => stageRunnerFiles(runnerFiles(), base)).toThrow(/belongs to uid 65123/);
  });

  it('accepts a sticky folder writable by others, as /tmp', () => {
    const staged = stageRunnerFiles(runnerFiles(), folder(0o1777));
    staged.remove();
    expect(existsSync(staged.dir)).toBe(false);
  });
});
