/**
 * Runs `run` with process.stdout/stderr captured (write callbacks are honoured, since some writers await
 * them) and returns the exit code and the text written.
 */
export async function capture(run: () => Promise<number>): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = [process.stdout.write.bind(process.stdout), process.stderr.write.bind(process.stderr)] as const;
  const sink = (into: string[]) =>
    ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
      into.push(String(chunk));
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = sink(out);
  process.stderr.write = sink(err);
  try {
    return { code: await run(), stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = saved[0];
    process.stderr.write = saved[1];
  }
}
