import type { ChatBody } from './chat-body.js';
import { chatCompletionResponse } from './chat-completion.js';
import { type FakeReply, type FakeRequest, startFakeServer } from './fake-server.js';
import { type MultipartFile, multipartFile } from './multipart-file.js';

/** A scripted answer: a completion (`content` `null` with a `refusal` for a refusal), or an HTTP error. */
export type ChatAnswer =
  | {
      content: string | null;
      refusal?: string;
      /** Default `'stop'`. */
      finishReason?: string;
      /** Default: about one token per four characters of the messages (as JSON) and of the content. */
      usage?: { promptTokens: number; completionTokens: number };
      logprobs?: unknown;
    }
  | {
      status: number;
      headers?: Record<string, string>;
      /** Default `{ error: { message: 'scripted <status>', type: 'server_error' } }`. */
      json?: unknown;
    };

/** What a script knows about the chat request it answers. */
export interface ChatContext {
  /** How many chat answers the server has computed, this one included (chat requests and batch lines). */
  count: number;
  via: 'chat' | 'batch';
  /** 1 + the number of assistant messages in the conversation. */
  attempt: number;
  /** `options.subject(body)` (`''` without it): what the request is about, e.g. a function name. */
  subject: string;
  /** How many chat answers (this one included) the server has computed for this subject and attempt. */
  tries: number;
}

export type ChatScript = (body: ChatBody, context: ChatContext) => ChatAnswer;

export interface FakeBatch {
  id: string;
  inputFileId: string;
  /** `GET /v1/batches/{id}` requests so far. */
  polls: number;
  /** Set once the batch has completed. */
  outputFileId: string | null;
  /** Lines answered with an HTTP error. */
  failed: number;
}

export interface FakeOpenAIOptions {
  /** What a request is about (its `subject` in the script's context and for `batchFailFor`). */
  subject?: (body: ChatBody) => string;
  /** `GET /v1/batches/{id}` answers `in_progress` this many times, then the final status (default 1). */
  pollsBeforeDone?: number;
  /** Final batch status (default `completed`). */
  finalStatus?: 'completed' | 'failed' | 'expired';
  /** Subjects whose batch line is an HTTP 500 instead of the script's answer. */
  batchFailFor?: readonly string[];
}

export interface FakeOpenAI {
  /** `http://127.0.0.1:<port>/v1`, what the openai SDK takes as `baseURL`. */
  baseURL: string;
  /** Every request, in arrival order. */
  requests: FakeRequest[];
  /** The bodies of every `POST /v1/chat/completions` (errors included), in arrival order. */
  chatBodies: ChatBody[];
  /** Uploaded files and batch output files by id. */
  files: Map<string, MultipartFile>;
  batches: Map<string, FakeBatch>;
  /** Tokens the server reported, summed by route. */
  usage: { chat: { prompt: number; completion: number }; batch: { prompt: number; completion: number } };
  setScript(script: ChatScript): void;
  close(): Promise<void>;
}

const CREATED = 1_700_000_000;

function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Starts a fake of the OpenAI HTTP API on 127.0.0.1, for the real openai SDK (or any OpenAI-compatible client):
 * `POST /v1/chat/completions`, `POST /v1/files` (multipart), `GET /v1/files/{id}/content`, `POST /v1/batches`,
 * `GET /v1/batches/{id}`; any other route is a 404. Chat answers come from `script`; a completion names the model
 * `<requested model>-2026-01-01`. A batch runs every line of its input file through the same script (`via: 'batch'`)
 * once it completes, after `pollsBeforeDone` polls.
 *
 * @example
 * const server = await startFakeOpenAI((body, { count }) => (count === 1 ? { status: 429 } : { content: 'ok' }));
 * const client = new OpenAI({ baseURL: server.baseURL, apiKey: 'sk-test' });
 */
export async function startFakeOpenAI(script: ChatScript, options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let current = script;
  const chatBodies: ChatBody[] = [];
  const files = new Map<string, MultipartFile>();
  const batches = new Map<string, FakeBatch>();
  const tries = new Map<string, number>();
  const usage = { chat: { prompt: 0, completion: 0 }, batch: { prompt: 0, completion: 0 } };
  const subjectOf = options.subject ?? (() => '');
  let count = 0;
  let nextId = 1;

  /** The script's answer as `{ status, headers, json }`, with the usage it reports added to `usage[via]`. */
  const answer = (body: ChatBody, via: 'chat' | 'batch') => {
    const subject = subjectOf(body);
    const attempt = 1 + body.messages.filter((m) => m.role === 'assistant').length;
    const key = `${subject}#${attempt}`;
    const n = (tries.get(key) ?? 0) + 1;
    tries.set(key, n);
    count += 1;
    const out = current(body, { count, via, attempt, subject, tries: n });
    if ('status' in out)
      return {
        status: out.status,
        headers: out.headers ?? {},
        json: out.json ?? { error: { message: `scripted ${out.status}`, type: 'server_error' } },
      };
    const promptTokens = out.usage?.promptTokens ?? approxTokens(JSON.stringify(body.messages));
    const completionTokens = out.usage?.completionTokens ?? approxTokens(out.content ?? '');
    usage[via].prompt += promptTokens;
    usage[via].completion += completionTokens;
    const json = chatCompletionResponse(out.content, {
      id: `chatcmpl-${nextId++}`,
      created: CREATED,
      model: `${body.model}-2026-01-01`,
      usage: { promptTokens, completionTokens },
      refusal: out.refusal,
      finishReason: out.finishReason,
      logprobs: out.logprobs,
    });
    return { status: 200, headers: {}, json };
  };

  const runBatch = (batch: FakeBatch, lines: string[]): void => {
    const out: string[] = [];
    for (const line of lines) {
      const request = JSON.parse(line) as { custom_id: string; body: ChatBody };
      let response: { status_code: number; request_id: string; body: unknown };
      if ((options.batchFailFor ?? []).includes(subjectOf(request.body))) {
        batch.failed += 1;
        response = { status_code: 500, request_id: 'r', body: { error: { message: 'scripted batch failure' } } };
      } else {
        const a = answer(request.body, 'batch');
        response = { status_code: a.status, request_id: 'r', body: a.json };
      }
      out.push(JSON.stringify({ id: `batch_req_${nextId++}`, custom_id: request.custom_id, response, error: null }));
    }
    const fileId = `file-${nextId++}`;
    files.set(fileId, { purpose: 'batch_output', content: `${out.join('\n')}\n`, filename: 'output.jsonl' });
    batch.outputFileId = fileId;
  };

  const pollBatch = (batch: FakeBatch): FakeReply => {
    batch.polls += 1;
    const lines = (files.get(batch.inputFileId)?.content ?? '').split('\n').filter((l) => l.trim() !== '');
    const base = {
      id: batch.id,
      object: 'batch',
      endpoint: '/v1/chat/completions',
      input_file_id: batch.inputFileId,
      completion_window: '24h',
      created_at: CREATED,
    };
    if (batch.polls <= (options.pollsBeforeDone ?? 1))
      return {
        json: { ...base, status: 'in_progress', request_counts: { total: lines.length, completed: 0, failed: 0 } },
      };
    const status = options.finalStatus ?? 'completed';
    if (status === 'failed')
      return {
        json: {
          ...base,
          status,
          errors: { object: 'list', data: [{ code: 'invalid_request', message: 'scripted failure', line: 1 }] },
        },
      };
    if (batch.outputFileId === null) runBatch(batch, lines);
    return {
      json: {
        ...base,
        status,
        output_file_id: batch.outputFileId,
        error_file_id: null,
        request_counts: { total: lines.length, completed: lines.length - batch.failed, failed: batch.failed },
      },
    };
  };

  const handle = (request: FakeRequest): FakeReply => {
    const path = request.path.split('?')[0] ?? '';
    const { method } = request;
    if (method === 'POST' && path === '/v1/chat/completions') {
      const body = request.body as ChatBody;
      chatBodies.push(body);
      return answer(body, 'chat');
    }
    if (method === 'POST' && path === '/v1/files') {
      const file = multipartFile(request.raw, String(request.headers['content-type'] ?? ''));
      const id = `file-${nextId++}`;
      files.set(id, file);
      return {
        json: {
          id,
          object: 'file',
          bytes: Buffer.byteLength(file.content),
          created_at: CREATED,
          filename: file.filename,
          purpose: file.purpose,
          status: 'processed',
        },
      };
    }
    const content = /^\/v1\/files\/([^/]+)\/content$/u.exec(path);
    if (method === 'GET' && content) {
      const file = files.get(content[1]!);
      if (!file) return { status: 404, json: { error: { message: 'no such file' } } };
      return { body: file.content, headers: { 'content-type': 'application/octet-stream' } };
    }
    if (method === 'POST' && path === '/v1/batches') {
      const body = request.body as { input_file_id: string; endpoint: string; completion_window: string };
      const id = `batch_${nextId++}`;
      batches.set(id, { id, inputFileId: body.input_file_id, polls: 0, outputFileId: null, failed: 0 });
      return {
        json: {
          id,
          object: 'batch',
          endpoint: body.endpoint,
          input_file_id: body.input_file_id,
          completion_window: body.completion_window,
          status: 'validating',
          created_at: CREATED,
        },
      };
    }
    const batchPath = /^\/v1\/batches\/([^/]+)$/u.exec(path);
    if (method === 'GET' && batchPath) {
      const batch = batches.get(batchPath[1]!);
      if (!batch) return { status: 404, json: { error: { message: 'no such batch' } } };
      return pollBatch(batch);
    }
    return { status: 404, json: { error: { message: `no route ${method} ${path}` } } };
  };

  const server = await startFakeServer(handle);
  return {
    baseURL: `${server.url}/v1`,
    requests: server.requests,
    chatBodies,
    files,
    batches,
    usage,
    setScript(next) {
      current = next;
    },
    close: () => server.close(),
  };
}
