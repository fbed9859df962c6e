import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from '@execret/test-kit';
import { afterEach, beforeAll } from 'vitest';

/**
 * A fake provider server per test, closed after each one; with `importSdk`, the provider's SDK is imported once
 * before the tests (its first import is slow on a busy machine; paid outside the per-test timeout).
 *
 * @example
 * const { start } = providerServerPerTest(() => import('openai'));
 * const s = await start(() => ({ json: { data: [] } }));
 */
export function providerServerPerTest(importSdk?: () => Promise<unknown>) {
  let server: FakeServer | undefined;
  if (importSdk !== undefined) {
    beforeAll(async () => {
      await importSdk();
    }, 60_000);
  }
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    /** Starts the server of this test. */
    start: async (handler: (request: FakeRequest, n: number) => FakeReply | Promise<FakeReply>) => {
      server = await startFakeServer(handler);
      return server;
    },
    /** Closes it now (a test of what happens when nothing listens). */
    stop: async () => {
      await server?.close();
      server = undefined;
    },
  };
}
