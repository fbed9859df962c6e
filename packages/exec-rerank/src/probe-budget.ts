/** How much one probe call, and one suite of probes, may spend. */
export interface ProbeBudget {
  /** Wall-clock limit of one call in milliseconds (safety net for work in C). */
  readonly timeoutMs: number;
  /** Trace events (Python calls, lines, returns, exceptions) one call may spend: the deterministic limit. */
  readonly steps: number;
  /** Trace events all probes of one suite may spend together; later probes report `E:ProbeBudget` at once. */
  readonly suiteSteps: number;
  /** Address space one call may add to the child's, in bytes (larger allocations raise `MemoryError`). */
  readonly memoryBytes: number;
}
