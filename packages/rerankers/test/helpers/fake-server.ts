import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request as received by the fake server. */
export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the SDK sent
  readonly body: any;
}

/** What the fake server answers: a JSON or raw body with a status, or no answer at all. */
export type FakeReply =
  | { status?: number; headers?: Record<string, string>; json?: unknown; raw?: string; delayMs?: number }
  | 'hang';

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: FakeRequest[];
  /** Most requests that were open at the same time. */
  readonly maxInFlight: () => number;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 that records every request and answers with `handler(request, n)`
 * (`n` counts requests from 0). `'hang'` leaves the request open until the server closes.
 */
export async function startFakeServer(
  handler: (request: FakeRequest, n: number) => FakeReply | Promise<FakeReply>,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep raw text
      }
      const request: FakeRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      const n = requests.length;
      requests.push(request);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => {
        inFlight--;
      });
      void Promise.resolve(handler(request, n)).then(async (reply) => {
        if (reply === 'hang') return;
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        const payload = reply.raw ?? JSON.stringify(reply.json ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(payload);
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Recording sleep for retry tests: resolves immediately and keeps the requested delays. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}
