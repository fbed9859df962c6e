/**
 * A local fake of the OpenAI HTTP API for tests: `POST /v1/chat/completions`, `POST /v1/files`
 * (multipart), `GET /v1/files/{id}/content`, `POST /v1/batches`, `GET /v1/batches/{id}`. Chat answers
 * come from a script called with the parsed request; batches run every request line through the
 * same script and complete after a set number of polls.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  [key: string]: unknown;
}

/** What the script sees about a chat request. */
export interface ChatContext {
  /** From the user message `Function name: …`. */
  functionName: string;
  /** 1 + number of assistant messages in the conversation. */
  attempt: number;
  /** How many chat requests (including this one) the server has had for this function name and attempt. */
  tries: number;
  via: 'chat' | 'batch';
}

/** A scripted answer: a completion, or a raw HTTP error. */
export type FakeAnswer =
  | {
      content: string | null;
      finishReason?: string;
      refusal?: string;
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  | { status: number; headers?: Record<string, string>; body?: unknown };

export type ChatScript = (body: ChatBody, context: ChatContext) => FakeAnswer;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  json: unknown;
}

export interface FakeBatch {
  id: string;
  inputFileId: string;
  polls: number;
  outputFileId: string | null;
}

export interface FakeServer {
  baseURL: string;
  requests: RecordedRequest[];
  /** Parsed bodies of every `POST /v1/chat/completions`. */
  chatBodies: ChatBody[];
  files: Map<string, { purpose: string; content: string; filename: string }>;
  batches: Map<string, FakeBatch>;
  /** Sum of the usage the server reported, by route. */
  usage: { chat: { prompt: number; completion: number }; batch: { prompt: number; completion: number } };
  setScript(script: ChatScript): void;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  /** `GET /v1/batches/{id}` answers `in_progress` this many times, then the final status (default 1). */
  pollsBeforeDone?: number;
  /** Final batch status (default `completed`). */
  finalStatus?: 'completed' | 'failed' | 'expired';
  /** custom_ids (matched by prefix of the function name) whose batch line is an HTTP 500 instead of the script's answer. */
  batchFailFor?: string[];
}

function read(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'application/octet-stream' : 'application/json',
    ...headers,
  });
  res.end(text);
}

/** The file part of a multipart/form-data body. */
function multipartFile(raw: Buffer, contentType: string): { content: string; purpose: string; filename: string } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/u.exec(contentType);
  if (!boundary) throw new Error(`no multipart boundary in ${contentType}`);
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const parts = raw.toString('utf8').split(delimiter).slice(1, -1);
  let content = '';
  let purpose = '';
  let filename = '';
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split);
    const body = part.slice(split + 4).replace(/\r\n$/u, '');
    const name = /name="([^"]+)"/u.exec(head)?.[1];
    if (name === 'file') {
      content = body;
      filename = /filename="([^"]*)"/u.exec(head)?.[1] ?? '';
    } else if (name === 'purpose') {
      purpose = body;
    }
  }
  return { content, purpose, filename };
}

function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export async function startFakeOpenAI(script: ChatScript, options: FakeServerOptions = {}): Promise<FakeServer> {
  let current = script;
  const requests: RecordedRequest[] = [];
  const chatBodies: ChatBody[] = [];
  const files = new Map<string, { purpose: string; content: string; filename: string }>();
  const batches = new Map<string, FakeBatch>();
  const tries = new Map<string, number>();
  const usage = { chat: { prompt: 0, completion: 0 }, batch: { prompt: 0, completion: 0 } };
  let nextId = 1;

  const answer = (
    body: ChatBody,
    via: 'chat' | 'batch',
  ): { status: number; headers: Record<string, string>; body: unknown } => {
    const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const functionName = /^Function name: (\S+)/mu.exec(user)?.[1] ?? '';
    const attempt = 1 + body.messages.filter((m) => m.role === 'assistant').length;
    const key = `${functionName}#${attempt}`;
    const n = (tries.get(key) ?? 0) + 1;
    tries.set(key, n);
    const out = current(body, { functionName, attempt, tries: n, via });
    if ('status' in out)
      return {
        status: out.status,
        headers: out.headers ?? {},
        body: out.body ?? { error: { message: `scripted ${out.status}`, type: 'server_error' } },
      };
    const prompt = out.usage?.prompt_tokens ?? approxTokens(JSON.stringify(body.messages));
    const completion = out.usage?.completion_tokens ?? approxTokens(out.content ?? '');
    usage[via].prompt += prompt;
    usage[via].completion += completion;
    return {
      status: 200,
      headers: {},
      body: {
        id: `chatcmpl-${nextId++}`,
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
      },
    };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const path = (req.url ?? '').split('?')[0]!;
      let json: unknown = null;
      if ((req.headers['content-type'] ?? '').includes('application/json'))
        json = JSON.parse(raw.toString('utf8') || 'null');
      requests.push({ method: req.method ?? '', path, headers: req.headers, raw: raw.toString('utf8'), json });

      if (req.method === 'POST' && path === '/v1/chat/completions') {
        chatBodies.push(json as ChatBody);
        const out = answer(json as ChatBody, 'chat');
        send(res, out.status, out.body, out.headers);
        return;
      }
      if (req.method === 'POST' && path === '/v1/files') {
        const file = multipartFile(raw, req.headers['content-type'] ?? '');
        const id = `file-${nextId++}`;
        files.set(id, file);
        send(res, 200, {
          id,
          object: 'file',
          bytes: Buffer.byteLength(file.content),
          created_at: 1_700_000_000,
          filename: file.filename,
          purpose: file.purpose,
          status: 'processed',
        });
        return;
      }
      const content = /^\/v1\/files\/([^/]+)\/content$/u.exec(path);
      if (req.method === 'GET' && content) {
        const file = files.get(content[1]!);
        if (!file) return send(res, 404, { error: { message: 'no such file' } });
        send(res, 200, file.content);
        return;
      }
      if (req.method === 'POST' && path === '/v1/batches') {
        const body = json as { input_file_id: string; endpoint: string; completion_window: string };
        const id = `batch_${nextId++}`;
        batches.set(id, { id, inputFileId: body.input_file_id, polls: 0, outputFileId: null });
        send(res, 200, {
          id,
          object: 'batch',
          endpoint: body.endpoint,
          input_file_id: body.input_file_id,
          completion_window: body.completion_window,
          status: 'validating',
          created_at: 1_700_000_000,
        });
        return;
      }
      const batchPath = /^\/v1\/batches\/([^/]+)$/u.exec(path);
      if (req.method === 'GET' && batchPath) {
        const batch = batches.get(batchPath[1]!);
        if (!batch) return send(res, 404, { error: { message: 'no such batch' } });
        batch.polls += 1;
        const lines = (files.get(batch.inputFileId)?.content ?? '').split('\n').filter((l) => l.trim() !== '');
        const base = {
          id: batch.id,
          object: 'batch',
          endpoint: '/v1/chat/completions',
          input_file_id: batch.inputFileId,
          completion_window: '24h',
          created_at: 1_700_000_000,
        };
        if (batch.polls <= (options.pollsBeforeDone ?? 1)) {
          send(res, 200, {
            ...base,
            status: 'in_progress',
            request_counts: { total: lines.length, completed: 0, failed: 0 },
          });
          return;
        }
        const status = options.finalStatus ?? 'completed';
        if (status === 'failed') {
          send(res, 200, {
            ...base,
            status,
            errors: { object: 'list', data: [{ code: 'invalid_request', message: 'scripted failure', line: 1 }] },
          });
          return;
        }
        if (batch.outputFileId === null) {
          const out: string[] = [];
          let failed = 0;
          for (const line of lines) {
            const request = JSON.parse(line) as { custom_id: string; body: ChatBody };
            const fn =
              /^Function name: (\S+)/mu.exec(
                request.body.messages.find((m) => m.role === 'user')?.content ?? '',
              )?.[1] ?? '';
            if ((options.batchFailFor ?? []).includes(fn)) {
              failed += 1;
              out.push(
                JSON.stringify({
                  id: `batch_req_${nextId++}`,
                  custom_id: request.custom_id,
                  response: {
                    status_code: 500,
                    request_id: 'r',
                    body: { error: { message: 'scripted batch failure' } },
                  },
                  error: null,
                }),
              );
              continue;
            }
            const a = answer(request.body, 'batch');
            out.push(
              JSON.stringify({
                id: `batch_req_${nextId++}`,
                custom_id: request.custom_id,
                response: { status_code: a.status, request_id: 'r', body: a.body },
                error: null,
              }),
            );
          }
          const fileId = `file-${nextId++}`;
          files.set(fileId, { purpose: 'batch_output', content: `${out.join('\n')}\n`, filename: 'output.jsonl' });
          batch.outputFileId = fileId;
          (batch as FakeBatch & { failed?: number }).failed = failed;
        }
        const failed = (batch as FakeBatch & { failed?: number }).failed ?? 0;
        send(res, 200, {
          ...base,
          status,
          output_file_id: batch.outputFileId,
          error_file_id: null,
          request_counts: { total: lines.length, completed: lines.length - failed, failed },
        });
        return;
      }
      send(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    })().catch((error: unknown) => {
      send(res, 500, { error: { message: `fake server crashed: ${(error as Error).message}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    chatBodies,
    files,
    batches,
    usage,
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
