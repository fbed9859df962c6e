import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunTwoStageSystem, writeRerankFiles } from './stages.js';

// The decisions' rows are @execret/rerankers' (tested there), the folder's file names @execret/dataset's
// `rerankFolderFiles`; this checks that the run writes them where the folder layout says.
describe('writeRerankFiles', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execret-rerank-files-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes one decision per query to rerank/<system>.jsonl, and the artifacts only when there are some', async () => {
    const system = {
      run: { id: 'dense>>a/x' },
      decisions: [{ query_id: 'q_1' }, { query_id: 'q_2' }, { query_id: 'q_3' }],
    } as unknown as RunTwoStageSystem;
    const written = await writeRerankFiles(root, [system], []);
    expect(written).toEqual([join(root, 'rerank', 'dense__a__x.jsonl')]);
    const lines = (await readFile(written[0]!, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.query_id)).toEqual(['q_1', 'q_2', 'q_3']);
    const withArtifacts = await writeRerankFiles(root, [], ['{"v":1}\n']);
    expect(withArtifacts).toEqual([join(root, 'rerank', 'exec-artifacts.jsonl')]);
  });
});
