import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as kit from '../src/index.js';
import {
  type ChatBody,
  promptField,
  startFakeHub,
  startFakeOpenAI,
  startFakeServer,
  teiRerankResponse,
  vectorFor,
  vllmScoreResponse,
} from '../src/index.js';

const chat = (user: string, assistants = 0): ChatBody => ({
  model: 'm',
  messages: [
    { role: 'user', content: user },
    ...Array.from({ length: assistants }, () => ({ role: 'assistant', content: 'no' })),
  ],
});
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('startFakeServer', () => {
  it('records requests and answers each with its scripted reply when a handler scripts a 429 then a 200', async () => {
    const server = await startFakeServer((_, n) =>
      n === 0 ? { status: 429, headers: { 'retry-after': '7' } } : { json: { n } },
    );
    const first = await post(`${server.url}/v1/x?a=1`, { q: 1 });
    const second = await fetch(`${server.url}/y`, { method: 'POST', body: 'plain' });
    expect([first.status, first.headers.get('retry-after'), first.headers.get('content-type')]).toEqual([
      429,
      '7',
      'application/json',
    ]);
    expect(await second.json()).toEqual({ n: 1 });
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/v1/x?a=1', { q: 1 }],
      ['POST', '/y', 'plain'],
    ]);
    await server.close();
  });

  it('answers 500 naming the error when the handler throws', async () => {
    const server = await startFakeServer(() => {
      throw new Error('boom');
    });
    const res = await fetch(server.url);
    expect([res.status, await res.text()]).toEqual([500, '{"error":{"message":"fake server crashed: boom"}}']);
    await server.close();
  });

  it('counts overlapping requests and releases hanging ones when it closes', async () => {
    const server = await startFakeServer((r) => (r.path === '/hang' ? 'hang' : { delayMs: 50, json: {} }));
    await Promise.all([fetch(server.url), fetch(server.url)]);
    expect(server.maxInFlight()).toBe(2);
    const hanging = fetch(`${server.url}/hang`).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    expect(await hanging).toBeInstanceOf(Error);
  });

  it('sends the announced bytes in pieces, or only the first bytes before dropping the connection when cut', async () => {
    const body = Buffer.from('0123456789');
    const server = await startFakeServer((r) => ({
      headers: { 'content-length': '10' },
      body,
      ...(r.path === '/cut' ? { cutAfterBytes: 4 } : { chunkBytes: 3 }),
    }));
    expect(await (await fetch(`${server.url}/slow`)).text()).toBe('0123456789');
    const cut = await fetch(`${server.url}/cut`);
    await expect(cut.text()).rejects.toThrow();
    await server.close();
  });
});

describe('vectorFor', () => {
  it('derives each entry from a character code and the length when given a text', () => {
    expect(vectorFor('ab', 2)).toEqual([3 / 19, -7 / 19]);
  });
});

describe('rerank responses', () => {
  it('sort by score keeping input order on ties, except vLLM /score', () => {
    expect(teiRerankResponse([0.2, 0.5, 0.2, 0.9]).map((r) => r.index)).toEqual([3, 1, 0, 2]);
    const score = vllmScoreResponse([0.2, 0.9], { model: 'm', totalTokens: 1 }) as { data: { index: number }[] };
    expect(score.data.map((r) => r.index)).toEqual([0, 1]);
  });
});

describe('promptField', () => {
  it('reads the first `<label>: ` line of the user message, or gives an empty string', () => {
    expect(promptField(chat('Query: x\nFunction name: gcd of\nFunction name: lcm'), 'Function name')).toBe('gcd');
    expect(promptField(chat('nothing'), 'Function name')).toBe('');
  });
});

describe('startFakeOpenAI', () => {
  it('counts tries per subject and attempt and answers scripted errors when a script asks', async () => {
    const contexts: unknown[] = [];
    const server = await startFakeOpenAI(
      (_, context) => {
        contexts.push(context);
        return context.tries === 1
          ? { status: 503 }
          : { content: 'ok', usage: { promptTokens: 5, completionTokens: 2 } };
      },
      { subject: (body) => promptField(body, 'Name') },
    );
    const url = `${server.baseURL}/chat/completions`;
    expect((await post(url, chat('Name: a'))).status).toBe(503);
    const ok = await (await post(url, chat('Name: a'))).json();
    await post(url, chat('Name: a', 1));
    expect(contexts).toEqual([
      { count: 1, via: 'chat', attempt: 1, subject: 'a', tries: 1 },
      { count: 2, via: 'chat', attempt: 1, subject: 'a', tries: 2 },
      { count: 3, via: 'chat', attempt: 2, subject: 'a', tries: 1 },
    ]);
    expect(ok).toMatchObject({ model: 'm-2026-01-01', choices: [{ message: { content: 'ok', refusal: null } }] });
    expect(server.usage.chat).toEqual({ prompt: 5, completion: 2 });
    expect(server.chatBodies).toHaveLength(3);
    await server.close();
  });

  it('runs an uploaded batch through the script after the set polls, failing the lines asked for', async () => {
    const server = await startFakeOpenAI((body, { via }) => ({ content: `${via}:${body.model}` }), {
      subject: (body) => promptField(body, 'Name'),
      batchFailFor: ['b'],
    });
    const lines = ['a', 'b'].map((name) =>
      JSON.stringify({ custom_id: name, method: 'POST', url: '/v1/chat/completions', body: chat(`Name: ${name}`) }),
    );
    const form = new FormData();
    form.append('purpose', 'batch');
    form.append('file', new Blob([lines.join('\n')]), 'in.jsonl');
    const file = (await (await fetch(`${server.baseURL}/files`, { method: 'POST', body: form })).json()) as {
      id: string;
    };
    expect(server.files.get(file.id)).toEqual({ purpose: 'batch', content: lines.join('\n'), filename: 'in.jsonl' });
    const batch = (await (
      await post(`${server.baseURL}/batches`, {
        input_file_id: file.id,
        endpoint: '/v1/chat/completions',
        completion_window: '24h',
      })
    ).json()) as { id: string };
    const poll = async () => (await fetch(`${server.baseURL}/batches/${batch.id}`)).json();
    expect(await poll()).toMatchObject({ status: 'in_progress' });
    const done = (await poll()) as { status: string; output_file_id: string; request_counts: unknown };
    expect(done).toMatchObject({ status: 'completed', request_counts: { total: 2, completed: 1, failed: 1 } });
    const output = await (await fetch(`${server.baseURL}/files/${done.output_file_id}/content`)).text();
    const results = output
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(results.map((r) => [r.custom_id, r.response.status_code])).toEqual([
      ['a', 200],
      ['b', 500],
    ]);
    expect(results[0].response.body.choices[0].message.content).toBe('batch:m');
    await server.close();
  });
});

describe('startFakeHub', () => {
  it('serves ranges, revalidation and LFS redirects to its storage host', async () => {
    const hub = await startFakeHub({ owner: 'o', name: 'n', revision: 'main' });
    hub.files.set('data/a.txt', Buffer.from('hello world'));
    hub.files.set('big.bin', Buffer.from('0123456789'));
    hub.lfs.add('big.bin');
    const info = (await (await fetch(`${hub.endpoint}/api/datasets/o/n/revision/main`)).json()) as { sha: string };
    expect(info.sha).toBe(hub.commit());
    const file = `${hub.endpoint}/datasets/o/n/resolve/${info.sha}/data/a.txt`;
    const whole = await fetch(file);
    const etag = whole.headers.get('etag') as string;
    expect(await whole.text()).toBe('hello world');
    const part = await fetch(file, { headers: { range: 'bytes=6-' } });
    expect([part.status, await part.text()]).toEqual([206, 'world']);
    expect((await fetch(file, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const lfs = await fetch(`${hub.endpoint}/datasets/o/n/resolve/main/big.bin`);
    expect([lfs.url.startsWith(hub.cdnEndpoint), await lfs.text()]).toEqual([true, '0123456789']);
    expect(hub.requests.map((r) => r.server)).toEqual(['hub', 'hub', 'hub', 'hub', 'hub', 'cdn']);
    await hub.close();
  });
});

describe('README', () => {
  it('documents every value export in its table', () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    for (const name of Object.keys(kit)) expect(readme, name).toContain(`\`${name}`);
  });
});

describe('indexExportNames and readmeExportNames', () => {
  it('read the names of export statements and of the exports table, and refuse export *', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'execret-kit-readme-'));
    try {
      mkdirSync(join(root, 'src'));
      writeFileSync(
        join(root, 'src', 'index.ts'),
        "export { a, type B, c as d } from './x.js';\nexport type { E } from './y.js';\n",
      );
      writeFileSync(
        join(root, 'README.md'),
        '# p\n\n## Exports\n\n| export | what |\n| --- | --- |\n| `a(x)`, `B` | … |\n| `d`, `E` | … |\n\n## Other\n\n| `z` | no |\n',
      );
      expect(kit.indexExportNames(root)).toEqual(['a', 'B', 'd', 'E']);
      expect(kit.readmeExportNames(root)).toEqual(['a', 'B', 'd', 'E']);
      writeFileSync(join(root, 'src', 'index.ts'), "export * from './x.js';\n");
      expect(() => kit.indexExportNames(root)).toThrow(/re-export by name only/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
