import { describe, expect, it } from 'vitest';
import { RESULTS_LAYOUT, rerankFolderFiles, resultFileName } from './results-layout.js';

describe('resultFileName', () => {
  it.each([
    ['bm25', '.json', 'bm25.json'],
    ['openai/text-embedding-3-small', '.json', 'openai__text-embedding-3-small.json'],
    ['bm25>>exec/consensus', '.jsonl', 'bm25__exec__consensus.jsonl'],
    ['bm25>>exec/tests@openai/gpt-5-mini', '.run', 'bm25__exec__tests__openai__gpt-5-mini.run'],
    ['local/bge-base-en-v1.5', '.npz', 'local__bge-base-en-v1.5.npz'],
  ] as const)('names %s%s as %s when it holds unsafe characters', (system, extension, name) => {
    expect(resultFileName(system, extension)).toBe(name);
  });

  it('uses .json when no extension is given', () => {
    expect(resultFileName('a/b')).toBe('a__b.json');
  });
});

describe('RESULTS_LAYOUT', () => {
  it('keeps the release paths of the tests/ files', () => {
    expect(RESULTS_LAYOUT.pairwise).toBe('tests/pairwise_tests.json');
    expect(RESULTS_LAYOUT.intervals).toBe('tests/confidence_intervals.json');
  });
});

describe('rerankFolderFiles', () => {
  it('gives one decisions file per system and the artifacts file only when there are artifact lines', () => {
    const systems = [{ id: 'bm25>>exec/consensus', decisions: [{ query_id: 'q_0001' }, { query_id: 'q_0002' }] }];
    expect(rerankFolderFiles(systems, [])).toEqual([
      ['rerank/bm25__exec__consensus.jsonl', '{"query_id":"q_0001"}\n{"query_id":"q_0002"}\n'],
    ]);
    expect(rerankFolderFiles([], ['{"a":1}\n'])).toEqual([['rerank/exec-artifacts.jsonl', '{"a":1}\n']]);
  });
});
