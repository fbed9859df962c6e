import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake server received it (recorded once its body has arrived). */
export interface FakeRequest {
  readonly method: string;
  /** The request target as sent, query string included (`/v1/embeddings`, `/api/…?recursive=true`). */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or its text when it is not JSON (`''` when there is none). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the client sent
  readonly body: any;
  /** The body as UTF-8 text. */
  readonly raw: string;
}

/**
 * What the fake answers, or `'hang'`: no answer at all until the server closes.
 *
 * The body is `body` when given (bytes or text, sent with only the `headers` given), else `raw` (text sent as
 * `application/json`, for bodies that claim to be JSON but are not), else `JSON.stringify(json ?? {})`.
 */
export type FakeReply =
  | {
      /** HTTP status (default 200). */
      status?: number;
      /** Response headers; with `json` or `raw` they are added to (and may replace) `content-type: application/json`. */
      headers?: Record<string, string>;
      json?: unknown;
      raw?: string;
      body?: string | Uint8Array;
      /** Wait this long before answering. */
      delayMs?: number;
      /** Send the body in pieces of this many bytes, one per millisecond. */
      chunkBytes?: number;
      /** Send only this many bytes of the body, stall, then drop the connection. */
      cutAfterBytes?: number;
    }
  | 'hang';

/** Computes the reply to a request; `n` counts requests from 0 in arrival order. */
export type FakeHandler = (request: FakeRequest, n: number) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request, in arrival order. */
  readonly requests: FakeRequest[];
  /** Most requests that were open at the same time. */
  readonly maxInFlight: () => number;
  /** Drops every open connection (hanging requests included) and stops listening. */
  close(): Promise<void>;
}

/** How long a cut body stalls before its connection is dropped, so the client has taken the bytes sent. */
const CUT_STALL_MS = 100;

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function crashed(error: unknown): FakeReply {
  return { status: 500, json: { error: { message: `fake server crashed: ${(error as Error).message}` } } };
}

async function send(res: ServerResponse, reply: FakeReply): Promise<void> {
  if (reply === 'hang') return;
  if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
  if (res.destroyed) return;
  const typed = reply.body === undefined;
  const payload = reply.body ?? reply.raw ?? JSON.stringify(reply.json ?? {});
  const headers = typed ? { 'content-type': 'application/json', ...reply.headers } : (reply.headers ?? {});
  res.writeHead(reply.status ?? 200, headers);
  if (reply.cutAfterBytes !== undefined) {
    res.write(Buffer.from(payload).subarray(0, reply.cutAfterBytes), () =>
      setTimeout(() => res.destroy(), CUT_STALL_MS),
    );
    return;
  }
  const chunkBytes = reply.chunkBytes ?? 0;
  if (chunkBytes <= 0) {
    res.end(payload);
    return;
  }
  const bytes = Buffer.from(payload);
  let offset = 0;
  const pump = () => {
    if (res.destroyed) return;
    if (offset >= bytes.length) {
      res.end();
      return;
    }
    const chunk = bytes.subarray(offset, offset + chunkBytes);
    offset += chunk.length;
    res.write(chunk, () => setTimeout(pump, 1));
  };
  pump();
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) that records every request and answers with
 * `handler(request, n)`. A handler that throws is answered with a 500 naming the error.
 *
 * @example
 * const server = await startFakeServer((request, n) =>
 *   n === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { json: { ok: true, path: request.path } },
 * );
 * await fetch(`${server.url}/v1/x`); // 429
 * await server.close();
 */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: FakeRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: parseBody(raw),
        raw,
      };
      const n = requests.length;
      requests.push(request);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => {
        inFlight--;
      });
      let reply: FakeReply | Promise<FakeReply>;
      try {
        reply = handler(request, n);
      } catch (error) {
        reply = crashed(error);
      }
      void Promise.resolve(reply)
        .catch(crashed)
        .then((answer) => send(res, answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
