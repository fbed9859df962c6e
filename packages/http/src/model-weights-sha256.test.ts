import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { modelWeightsSha256 } from './model-weights-sha256.js';

describe('modelWeightsSha256', () => {
  it('is the SHA-256 of sha256sum lines in code-point order of path, whatever order the files come in', () => {
    const a = { path: 'onnx/model.onnx', sha256: 'a'.repeat(64) };
    const b = { path: 'config.json', sha256: 'b'.repeat(64) };
    const expected = sha256Hex(`${'b'.repeat(64)}  config.json\n${'a'.repeat(64)}  onnx/model.onnx\n`);
    expect(modelWeightsSha256([a, b])).toBe(expected);
    expect(modelWeightsSha256([b, a])).toBe(expected);
  });

  it('equals `sha256sum <sorted paths> | sha256sum` run in the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'execret-weights-'));
    try {
      const files = { 'config.json': '{"a":1}\n', 'Zeta.txt': 'z', 'tokenizer.json': '{}' };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const paths = Object.keys(files).sort();
      const reference = execFileSync('sh', ['-c', `sha256sum ${paths.join(' ')} | sha256sum`], {
        cwd: dir,
        encoding: 'utf8',
      }).split(' ')[0];
      const ours = modelWeightsSha256(Object.entries(files).map(([path, text]) => ({ path, sha256: sha256Hex(text) })));
      expect(ours).toBe(reference);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('throws TypeError when a path is listed twice', () => {
    const f = { path: 'x', sha256: 'a'.repeat(64) };
    expect(() => modelWeightsSha256([f, f])).toThrow(/x is listed twice/);
  });
});
