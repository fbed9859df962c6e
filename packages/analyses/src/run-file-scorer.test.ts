import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testPool } from '../test/test-pool.js';
import { AnalysesError } from './analyses-error.js';
import { readRunFileScorers, runFileScorer } from './run-file-scorer.js';

const pool = testPool();
const bytes = (text: string) => new TextEncoder().encode(text);

describe('runFileScorer', () => {
  it('scores a TREC run named by its tag, hashing the file bytes, when the id is new', () => {
    const scorer = runFileScorer(pool, 'mine.trec', bytes('q_1 Q0 c_01 1 2.0 mine\n'), ['bm25']);
    expect(scorer.id).toBe('mine');
    expect(scorer.provider).toBe('trec');
    expect(scorer.configHash).toMatch(/^[0-9a-f]{64}$/);
    expect(runFileScorer(pool, 'again.trec', bytes('q_1 Q0 c_01 1 2.0 mine\n'), []).configHash).toBe(scorer.configHash);
  });

  it('refuses a run whose id is taken, and one naming a document the pool lacks, as invalid-run', () => {
    const taken = (() => {
      try {
        return runFileScorer(pool, 'a.trec', bytes('q_1 Q0 c_01 1 2.0 bm25\n'), ['bm25']);
      } catch (error) {
        return error;
      }
    })();
    expect(AnalysesError.is(taken) && [taken.code, taken.details.file]).toEqual(['invalid-run', 'a.trec']);
    expect((taken as Error).message).toBe(
      '@execret/analyses: a.trec: system id "bm25" is already taken by another run file',
    );
    expect(() => runFileScorer(pool, 'b.trec', bytes('q_1 Q0 c_99 1 2.0 b\n'), [])).toThrow(/c_99/);
  });
});

describe('readRunFileScorers', () => {
  it('reads the files in order, one system each, and refuses a second file with an id already read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'execret-runs-'));
    try {
      const files = ['a.trec', 'b.trec', 'c.trec'].map((name) => join(dir, name));
      await writeFile(files[0]!, 'q_1 Q0 c_01 1 2.0 one\n');
      await writeFile(files[1]!, 'q_1 Q0 c_02 1 2.0 two\n');
      await writeFile(files[2]!, 'q_1 Q0 c_03 1 2.0 one\n');
      expect((await readRunFileScorers(pool, files.slice(0, 2))).map((s) => s.id)).toEqual(['one', 'two']);
      await expect(readRunFileScorers(pool, files)).rejects.toThrow(`${files[2]}: system id "one" is already taken`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
