"""The execret fork server: trusted code. Three kinds of process run it (see the package README,
"Process structure"):

- the judge (``judge``, the process Node spawned): reads one JSON job per line on stdin, compiles the
  snippet, parses and plans each test (``plan``: an untrusted probe expression and an expectation the
  judge keeps), sends a job child its job, validates the child's frames, compares reported values with
  expectations using Python's operators on rebuilt plain data (``values``), and writes one JSON result
  per line on stdout. It never executes untrusted code and, after the zygote, never forks;
- the zygote (``zygote``, forked by the judge before the first job is read): keeps two job children
  forked ahead, reports their exits, and on request kills a child's session and every descendant (it is
  a child subreaper). It never receives anything of a job, so job children inherit nothing of any job;
- job children (``child``, forked by the zygote): set themselves up (new session, stdio on /dev/null,
  every other descriptor closed, the socket to the judge on a random descriptor, rlimits), receive their
  job (snippet, probes or whole tests, nonce, CPU limit) from the judge, drop to the sandbox uid with
  ``no_new_privs``, run untrusted code, and report each test as a frame
  ``nonce(16) | index(u16) | kind(u8) | length(u32) | payload``, kind being an outcome string, a tagged
  JSON value, "not plain data" or the end.

``config`` holds the settings and what every process derives from them at start-up; ``common`` the
protocol constants and helpers all three use. Protocol with Node: see ``src/fork-server.ts``.
"""
