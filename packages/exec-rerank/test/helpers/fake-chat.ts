/**
 * A local fake of OpenAI's `POST /v1/chat/completions` for tests, reached through the real `openai` SDK. Each
 * request body is recorded; the answer comes from a script called with the body and the request's number.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  [key: string]: unknown;
}

/** A completion (content may be null for a refusal), or a raw HTTP error. */
export type FakeAnswer =
  | { content: string | null; refusal?: string; finishReason?: string; usage?: [number, number] }
  | { status: number; headers?: Record<string, string> };

export type ChatScript = (body: ChatBody, request: number) => FakeAnswer;

export interface FakeChat {
  baseURL: string;
  /** Every request body, in arrival order (errors included). */
  bodies: ChatBody[];
  /** Raw request texts (bodies), for leakage checks. */
  raw: string[];
  setScript(script: ChatScript): void;
  close(): Promise<void>;
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeChat(script: ChatScript): Promise<FakeChat> {
  let current = script;
  const bodies: ChatBody[] = [];
  const raw: string[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    void read(req).then((text) => {
      if (req.method !== 'POST' || !(req.url ?? '').startsWith('/v1/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'no route' } }));
        return;
      }
      raw.push(text);
      const body = JSON.parse(text) as ChatBody;
      bodies.push(body);
      n += 1;
      const out = current(body, n);
      if ('status' in out) {
        res.writeHead(out.status, { 'content-type': 'application/json', ...(out.headers ?? {}) });
        res.end(JSON.stringify({ error: { message: `scripted ${out.status}`, type: 'server_error' } }));
        return;
      }
      const [prompt, completion] = out.usage ?? [100, 50];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${n}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: `${body.model}-2026-01-01`,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: out.content, refusal: out.refusal ?? null },
              finish_reason: out.finishReason ?? 'stop',
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    raw,
    setScript(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The user message of a request. */
export function userMessage(body: ChatBody): string {
  return body.messages.find((m) => m.role === 'user')?.content ?? '';
}
