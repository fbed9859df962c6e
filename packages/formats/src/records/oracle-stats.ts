/**
 * The oracle's counters since `createOracle` (`@execret/oracle`'s `stats()`), a run manifest's `oracle_stats`.
 */
export interface OracleStats {
  /** Jobs executed by a fork server. */
  executed: number;
  /** Results served from the cache. */
  cacheHits: number;
  /** Fork servers replaced after dying or hanging. */
  serverRestarts: number;
  /** Orphaned processes killed after jobs. */
  killedDescendants: number;
  /** Files and directories removed after jobs. */
  removedFiles: number;
  /**
   * Milliseconds per phase, summed over the executed jobs, as the fork servers measured them (divide by
   * `executed` for a mean): `fork`, the zygote forking a job's child (ahead of the job, while the server is
   * busy with the previous one); `childSetup`, the judge waiting for a spare child to be forked (on the job's
   * path; usually nothing); `job`, from sending the job to the child to its end or exit (its last setup steps
   * and the tests); `judging`, the judge's CPU time for the job (reading it,
   * planning and compiling tests, checking frames, deciding split tests, answering); `cleanup`, the judge
   * waiting for the zygote to clean up after the child; `server`, the whole job as the server saw it (its
   * `durationMs`). What a caller waits beyond `server` is the round trip to the server and Node's share.
   * All are measured by the judge and the zygote, none reported by the job's child.
   */
  phaseMs: OraclePhases;
}

/** See {@link OracleStats.phaseMs}. */
export interface OraclePhases {
  fork: number;
  childSetup: number;
  job: number;
  judging: number;
  cleanup: number;
  server: number;
}
