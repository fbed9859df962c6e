/**
 * Runs `worker` over `items` with at most `concurrency` calls in flight, in input order of start.
 * After the first rejection no further item is started; the calls already running are awaited and
 * then the first error is rethrown. Stops starting items once `signal` is aborted (the workers are
 * expected to notice the signal themselves).
 *
 * @example
 * await runPool([1, 2, 3], 2, async (n) => { await work(n) })
 */
export async function runPool<T>(items: readonly T[], concurrency: number, worker: (item: T, index: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`@execret/llm-generate runPool: concurrency must be a positive integer, received ${concurrency}`);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (failure === null && !signal?.aborted && next < items.length) {
      const index = next;
      next += 1;
      try {
        await worker(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  if (failure !== null) throw (failure as { error: unknown }).error;
}
