// Importing the oracle for Python jobs loads none of the JavaScript tooling (Babel's parser, sucrase): they
// come with the first JavaScript runner. Checked on the built CommonJS entry, in a fresh node process.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CJS = fileURLToPath(new URL('../dist/index.cjs', import.meta.url));

function loaded(script: string): { babel: boolean; sucrase: boolean } {
  const out = execFileSync(
    process.execPath,
    [
      '-e',
      `${script}.then(() => { const k = Object.keys(require.cache); console.log(JSON.stringify({ babel: k.some((f) => f.includes('@babel/parser')), sucrase: k.some((f) => f.includes('sucrase')) })); process.exit(0); })`,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as { babel: boolean; sucrase: boolean };
}

describe('the oracle package entry', () => {
  it.skipIf(!existsSync(CJS))(
    'loads neither Babel nor sucrase until a JavaScript runner starts',
    () => {
      expect(loaded(`Promise.resolve(require(${JSON.stringify(CJS)}))`)).toEqual({ babel: false, sucrase: false });
      expect(
        loaded(
          `require(${JSON.stringify(CJS)}).createJsRunner({ isolation: 'rlimit', concurrency: 1 }).then((r) => r.close())`,
        ),
      ).toEqual({ babel: true, sucrase: true });
    },
    60_000,
  );
});
