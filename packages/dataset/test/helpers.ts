import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/** The hand-written release fixture (see fixtures/release-tiny/README.md). */
export const FIXTURE_DIR = fileURLToPath(new URL('../../../fixtures/release-tiny', import.meta.url));

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test file. */
export function tempDir(prefix = 'execret-dataset-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A copy of the fixture in a temporary directory, without SHA256SUMS unless asked for. */
export function copyFixture(options: { sums?: boolean } = {}): string {
  const dir = tempDir();
  cpSync(FIXTURE_DIR, dir, { recursive: true });
  if (!options.sums) rmSync(join(dir, 'SHA256SUMS'));
  return dir;
}

export function readFixture(path: string): string {
  return readFileSync(join(FIXTURE_DIR, path), 'utf8');
}

export function writeText(dir: string, path: string, text: string): void {
  writeFileSync(join(dir, path), text);
}
