import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { postJson } from './post-json.js';

let url = '';
const seen: Array<{ headers: Record<string, unknown>; body: string }> = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  req.on('end', () => {
    seen.push({ headers: req.headers, body });
    const status = Number(req.url?.slice(1)) || 200;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(status === 200 ? body : '{"error":"nope"}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('postJson', () => {
  it('sends JSON with the given headers and parses the answer when the status is 2xx', async () => {
    const body = await postJson(fetch, `${url}/200`, { q: 'é' }, { 'x-k': 'v' }, new AbortController().signal, 'l');
    expect(body).toEqual({ q: 'é' });
    expect(seen.at(-1)?.headers).toMatchObject({ 'content-type': 'application/json', 'x-k': 'v' });
  });

  it('throws an Error carrying the status when the status is not 2xx', async () => {
    const error = await postJson(fetch, `${url}/429`, {}, {}, new AbortController().signal, 'l').catch((e) => e);
    expect(HttpError.is(error)).toBe(false);
    expect(error).toMatchObject({ status: 429, message: 'HTTP 429: {"error":"nope"}' });
  });

  it('throws response when a 2xx body is not JSON', async () => {
    const fake = async () => new Response('<html>', { status: 200 });
    const error = await postJson(fake, 'http://x', {}, {}, new AbortController().signal, '@execret/x lab').catch(
      (e) => e,
    );
    expect(HttpError.is(error) && error.code).toBe('response');
    expect((error as Error).message).toBe('@execret/x lab: response is not valid JSON (6 bytes, starts "<html>")');
  });
});
