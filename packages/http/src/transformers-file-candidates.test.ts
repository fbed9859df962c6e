import { describe, expect, it } from 'vitest';
import { transformersFileCandidates } from './transformers-file-candidates.js';

describe('transformersFileCandidates', () => {
  const lookup = { folder: '/m/Xenova/mini', name: 'Xenova/mini', revision: 'main', fileCacheDir: '/c' };

  it.each([
    [
      'the cache under the local path, the cache key, then the folder',
      lookup,
      ['/c/m/Xenova/mini/onnx/model.onnx', '/c/Xenova/mini/onnx/model.onnx', '/m/Xenova/mini/onnx/model.onnx'],
    ],
    [
      'a revision other than main in the cache key',
      { ...lookup, revision: 'abc123' },
      ['/c/m/Xenova/mini/onnx/model.onnx', '/c/Xenova/mini/abc123/onnx/model.onnx', '/m/Xenova/mini/onnx/model.onnx'],
    ],
    [
      'the folder only without a file-system cache',
      { ...lookup, fileCacheDir: null },
      ['/m/Xenova/mini/onnx/model.onnx'],
    ],
  ])('lists %s', (_, where, expected) => {
    expect(transformersFileCandidates('onnx/model.onnx', where)).toEqual(expected);
  });
});
