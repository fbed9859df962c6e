import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadExecRetrieval } from '@execret/dataset';

/** A local fake of an OpenAI-compatible `POST /v1/chat/completions` scripted for `exec/tests@…` and `exec/probe@…`. */
export interface FakeChatServer {
  /** Base URL to put in `EXECRET_OPENAI_COMPATIBLE_URL` (ends in `/v1`). */
  readonly baseUrl: string;
  /** The messages of every request, in arrival order. */
  readonly requests: { role: string; content: string }[][];
  close(): Promise<void>;
}

/**
 * Starts the fake on 127.0.0.1. A test-writing request (`Write … tests`, with the query after `Description:`) is
 * answered with `{"tests": […]}` holding that query's own test suite from the bundled mini set — a scripted model
 * that writes correct tests, read from the fixture, never from the run's dataset, so its answer depends on the prompt
 * alone; a probe request (`Calls:`) is answered with `None` for every call. Anything else gets an empty reply.
 */
export async function startFakeChatServer(): Promise<FakeChatServer> {
  const mini = await loadExecRetrieval('mini');
  const suites = new Map(mini.queries.map((row) => [row.query, row.test_suite]));
  const requests: { role: string; content: string }[][] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      requests.push(request.messages);
      const user = request.messages.find((m) => m.role === 'user')?.content ?? '';
      let content = '';
      const description = /Description:\n([\s\S]*?)\n\nSignature:/.exec(user)?.[1];
      if (user.startsWith('Write ') && description !== undefined) {
        content = JSON.stringify({ tests: suites.get(description) ?? [] });
      } else if (user.includes('\nCalls:\n')) {
        const calls = user
          .split('\nCalls:\n')[1]!
          .split('\n')
          .filter((l) => /^\d+\. /.test(l));
        content = JSON.stringify({ answers: calls.map((_, i) => ({ id: i + 1, returns: 'None' })) });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 0,
          model: request.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
          usage: {
            prompt_tokens: Math.ceil(user.length / 4),
            completion_tokens: Math.ceil(content.length / 4),
            total_tokens: Math.ceil((user.length + content.length) / 4),
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
