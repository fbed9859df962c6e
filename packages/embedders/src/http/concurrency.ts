/**
 * Runs `task(0) … task(count - 1)` with at most `limit` in flight, and resolves when all are done.
 *
 * On the first rejection no further task starts, the `signal` given to running tasks aborts, and the
 * returned promise rejects with that first error once the running tasks have settled.
 *
 * @example
 * const seen: number[] = [];
 * await runWithConcurrency(5, 2, async (i) => { seen.push(i); });
 * // seen: [0, 1, 2, 3, 4]
 */
export async function runWithConcurrency(
  count: number,
  limit: number,
  task: (index: number, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be an integer >= 1, received ${limit}`);
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let failed = false;
  let firstError: unknown;
  const worker = async () => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await task(index, controller.signal);
      } catch (error) {
        if (!failed) {
          failed = true;
          firstError = error;
          controller.abort(error);
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (failed) throw firstError;
}
