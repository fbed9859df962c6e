import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@execret/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { capture } from './capture.js';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/llm-generate');
const KEY = 'sk-generate-test-NEVER-WRITTEN';

describe('execret generate (through a local fake OpenAI-compatible server)', () => {
  let server: FakeOpenAI;
  let root: string;

  beforeAll(async () => {
    const replies = JSON.parse(await readFile(join(FIXTURES, 'replies.json'), 'utf8')) as Record<string, unknown>;
    server = await startFakeOpenAI((payload) => {
      const prompt = payload.messages.map((m) => m.content).join('\n');
      const name = Object.keys(replies).find((n) => prompt.includes(`\`${n}\``) || prompt.includes(n));
      const content = JSON.stringify(name ? replies[name] : {});
      return { content, usage: { promptTokens: 100, completionTokens: 200 } };
    });
    root = await mkdtemp(join(tmpdir(), 'execret-generate-'));
    const registry = (await readFile(join(FIXTURES, 'registry.jsonl'), 'utf8'))
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(0, 2);
    await writeFile(join(root, 'registry.jsonl'), `${registry.join('\n')}\n`);
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('generates, validates with the oracle and writes a loadable dataset without writing the key', async () => {
    const env = { ...process.env, EXECRET_CACHE_DIR: join(root, 'cache'), TEST_LLM_KEY: KEY };
    const { code, stdout, stderr } = await capture(() =>
      main(
        [
          'generate',
          '--registry',
          join(root, 'registry.jsonl'),
          '--out',
          join(root, 'ds'),
          '--model',
          'fake-model',
          '--base-url',
          server.baseURL,
          '--api-key-env',
          'TEST_LLM_KEY',
          '--max-retries',
          '0',
          '--json',
        ],
        env,
      ),
    );
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain(KEY);
    const seen = server.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => ({
        authorization: r.headers.authorization,
        model: r.body.model,
        format: r.body.response_format?.type,
      }));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(
      seen.every((s) => s.authorization === `Bearer ${KEY}` && s.model === 'fake-model' && s.format === 'json_schema'),
    ).toBe(true);
    const report = JSON.parse(stdout);
    expect(report.entries.accepted).toBe(2);
    const queries = (await readFile(join(root, 'ds/data/queries.jsonl'), 'utf8')).trim().split('\n');
    expect(queries).toHaveLength(2);
    for (const name of await readdir(join(root, 'ds'), { recursive: true })) {
      const path = join(root, 'ds', name);
      if (name.endsWith('.jsonl') || name.endsWith('.json'))
        expect(await readFile(path, 'utf8'), name).not.toContain(KEY);
    }
    // The generated dataset runs through the benchmark like any release.
    const verify = await capture(() => main(['verify', '--dataset', join(root, 'ds'), '--json'], env));
    expect(verify.code, verify.stderr).toBe(0);
  }, 300_000);

  it('refuses to start when the key variable is not set', async () => {
    const { code, stderr } = await capture(() =>
      main(
        [
          'generate',
          '--registry',
          'r.jsonl',
          '--out',
          'o',
          '--model',
          'm',
          '--api-key-env',
          'EXECRET_SURELY_UNSET_KEY',
        ],
        { PATH: process.env.PATH },
      ),
    );
    expect(code).toBe(2);
    expect(stderr).toContain('EXECRET_SURELY_UNSET_KEY');
  });
});
