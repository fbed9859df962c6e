/**
 * What the real-model benchmarks share: where the repository, the prepared model folder and the reference's Python
 * are, the reference script (`reference_embed.py`) run as a child process, and float32 matrix files.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readConfig } from '../../src/config.js';

export const REPO = resolve(import.meta.dirname, '../../../..');
export const MODEL_ID = 'local/all-minilm-l6-v2';
export const DIMS = 384;

/** `--name value` from the command line, or the fallback. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : fallback;
}

/** The `--local-models` folder (default: the CLI's, `<cache>/models`), checked to hold the prepared model. */
export function localModels(): string {
  const folder = resolve(arg('local-models', join(readConfig().cacheDir, 'models')));
  const weights = join(folder, 'Xenova/all-MiniLM-L6-v2/weights.json');
  if (!existsSync(weights)) {
    throw new Error(`no prepared model at ${weights}: run \`node scripts/local-model/prepare.mjs\` first`);
  }
  return folder;
}

/** The interpreter of the pinned venv of a requirements file (made on first use by scripts/python-venv.mjs). */
export function venvPython(requirements: string): string {
  const out = execFileSync(process.execPath, [join(REPO, 'scripts/python-venv.mjs'), requirements, '--quiet'], {
    encoding: 'utf8',
  });
  return out.trim().split('\n').at(-1) as string;
}

/** The interpreter of the reference's venv: scripts/local-model/requirements.txt, as the prepare command uses. */
export function referencePython(): string {
  return venvPython(join(REPO, 'scripts/local-model/requirements.txt'));
}

/** Runs `reference_embed.py <args>` and resolves with its standard output. */
export function runReference(python: string, args: readonly string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(python, [join(import.meta.dirname, 'reference_embed.py'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done(stdout) : fail(new Error(`reference_embed.py ${args[0]} exited with ${code}`)),
    );
  });
}

/** A row-major float32 file written by numpy's `tofile`. */
export function readF32(file: string): Float32Array {
  const bytes = readFileSync(file);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
