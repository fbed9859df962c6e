import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
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

beforeAll(async () => {
  await import('@huggingface/transformers'); // slow first import, outside the per-test timeout
}, 120_000);

describe('loadTransformersModel', () => {
  it('loads the tokenizer and model from <localModelPath>/<model> and lists the files it opened', async () => {
    const reported: { folder: string; files: readonly string[] }[] = [];
    const loaded = await loadTransformersModel(tiny, {
      localModelPath: `${FIXTURES}/tiny-model`,
      allowRemoteModels: false,
      onLoaded: (what) => reported.push(what),
    });
    try {
      expect(loaded.folder).toBe(`${FIXTURES}/tiny-model/execret/tiny-bert`);
      expect(reported).toEqual([{ folder: loaded.folder, files: loaded.files }]);
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
      /^@execret\/example transformers: cannot load local\/tiny-bert \(execret\/absent, fp32\) from .*fixtures\/tiny-model\/execret\/absent and remote loading is disabled: /,
    );
  }, 60_000);
});
