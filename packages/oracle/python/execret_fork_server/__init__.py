"""The execret fork server: trusted code. Three kinds of process run it (see the package README,
"Process structure"):

- the judge (``judge``, the process Node spawned): reads one JSON job per line on stdin, compiles the
  snippet, parses and plans each test (``plan``: an untrusted probe expression and an expectation the
  judge keeps), sends a job child its job, validates the child's frames, compares reported values with
  expectations using Python's operators on values rebuilt out of the judge's own types (``values``), and
  writes one JSON result per line on stdout. It never executes untrusted code and, after the zygote, never forks;
- the zygote (``zygote``, forked by the judge before the first job is read): keeps three job children
  forked ahead; when one exits (or on request) it kills that child's session and every descendant (it is
  a child subreaper), cleans up what the job wrote and says so. It never receives anything of a job, so
  job children inherit nothing of any job;
- job children (``child``, forked by the zygote): set themselves up and warm up on a dummy job while they
  wait (new session, every other descriptor closed, rlimits), receive their job (snippet, probes or whole
  tests, nonce, CPU limit) from the judge, drop to the sandbox uid, run untrusted code, and report each
  test as a frame ``nonce(16) | index(u16) | kind(u8) | length(u32) | payload``, kind being an outcome
  string, a tagged JSON value (see ``values``), "not plain data" or the end.

``config`` holds the settings and what every process derives from them at start-up; ``common`` the
protocol constants and helpers all three use. Protocol with Node: see ``src/fork-server.ts``.
"""
