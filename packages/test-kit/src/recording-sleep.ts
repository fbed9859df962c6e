/**
 * A sleep for retry tests that resolves at once and records every delay it was asked for.
 *
 * @example
 * const { sleep, delays } = recordingSleep();
 * await sleep(7000);
 * delays; // [7000]
 */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
    },
  };
}
