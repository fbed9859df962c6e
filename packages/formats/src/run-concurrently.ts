/**
 * Runs `task(0) … task(count - 1)` with at most `limit` in flight, starting them in index order, and resolves
 * when all are done.
 *
 * On the first rejection no further task starts, the `signal` given to running tasks aborts (with that error as
 * its reason), and the returned promise rejects with the first error once the running tasks have settled. When
 * the caller's `signal` aborts, no further task starts and the tasks' signal aborts too; the promise then
 * resolves once the running tasks have settled (the tasks are expected to notice the signal and reject).
 *
 * @throws {RangeError} when `limit` is not an integer ≥ 1 or `count` is not an integer ≥ 0
 * @example
 * const seen: number[] = [];
 * await runConcurrently(5, 2, async (i) => { seen.push(i); });
 * // seen: [0, 1, 2, 3, 4]
 */
export async function runConcurrently(
  count: number,
  limit: number,
  task: (index: number, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`@execret/formats runConcurrently: limit must be an integer >= 1, received ${limit}`);
  }
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`@execret/formats runConcurrently: count must be an integer >= 0, received ${count}`);
  }
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (failure === null && !controller.signal.aborted && next < count) {
      const index = next++;
      try {
        await task(index, controller.signal);
      } catch (error) {
        if (failure === null) {
          failure = { error };
          controller.abort(error);
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (failure !== null) throw (failure as { error: unknown }).error;
}
