// Creates (once) a Python virtual environment for a benchmark, with the pinned packages of a requirements file,
// under the cache folder, and prints the path of its interpreter. Benchmarks and reference scripts use PyPI
// packages (peer tools, real local models, reference implementations) through it; the packages never do.
//
// Usage: node scripts/python-venv.mjs <requirements.txt> [--quiet]
//   cache folder: $EXECRET_CACHE_DIR (default ~/.cache/execret); the environment is
//   <cache>/venvs/<requirements name>-<first 12 hex of SHA-256(python version + requirements)>/
//   Every requirement must be pinned with `==` (reproducible setups). A killed setup leaves no `.complete`
//   marker and is redone from scratch on the next call; a complete one is reused as is (~0 s).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const file = args.find((a) => !a.startsWith('--'));
if (file === undefined) {
  console.error('usage: node scripts/python-venv.mjs <requirements.txt> [--quiet]');
  process.exit(2);
}
const requirements = readFileSync(resolve(file), 'utf8');
requirements.split('\n').forEach((raw, i) => {
  const line = raw.replace(/#.*/, '').trim();
  if (line === '' || line.startsWith('--')) return;
  if (!/^[A-Za-z0-9._-]+(\[[A-Za-z0-9._,-]+\])?==[A-Za-z0-9.+!_-]+(\s*;.*)?$/.test(line)) {
    console.error(`${file}:${i + 1}: requirement ${JSON.stringify(line)} is not pinned with == (name==version)`);
    process.exit(2);
  }
});

// The real interpreter behind pyenv's shim (the shim costs ~0.1 s per start).
const probe = spawnSync(
  process.env.EXECRET_PYTHON ?? 'python3',
  ['-c', 'import sys; print(sys.executable); print("%d.%d.%d" % sys.version_info[:3])'],
  {
    encoding: 'utf8',
  },
);
if (probe.status !== 0) {
  console.error(`python-venv: cannot run ${process.env.EXECRET_PYTHON ?? 'python3'}: ${probe.stderr || probe.error}`);
  process.exit(1);
}
const [python, version] = probe.stdout.trim().split('\n');
const cache = process.env.EXECRET_CACHE_DIR ?? join(homedir(), '.cache', 'execret');
const hash = createHash('sha256').update(`${version}\n${requirements}`).digest('hex').slice(0, 12);
const dir = join(cache, 'venvs', `${basename(file).replace(/\.txt$/, '')}-${hash}`);
const venvPython = join(dir, 'bin', 'python');
const marker = join(dir, '.complete');

if (!existsSync(marker)) {
  rmSync(dir, { recursive: true, force: true });
  const log = (msg) => quiet || console.error(msg);
  log(`python-venv: creating ${dir} (Python ${version}) from ${file}`);
  const started = Date.now();
  const steps = [
    [python, ['-m', 'venv', dir]],
    [venvPython, ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '-q', '-r', resolve(file)]],
  ];
  for (const [command, commandArgs] of steps) {
    const run = spawnSync(command, commandArgs, { stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] });
    if (run.status !== 0) {
      console.error(`python-venv: ${command} ${commandArgs.join(' ')} failed (exit ${run.status})`);
      process.exit(1);
    }
  }
  writeFileSync(marker, `${new Date().toISOString()}\n${requirements}`);
  log(`python-venv: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log(venvPython);
