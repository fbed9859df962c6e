import { describe, expect, it } from 'vitest';
import { PROBE_INPUTS_SCRIPT, REWRITE_SCRIPT } from './bug-copy-files.js';
import { runMutationScript, runPythonScript, TASK_FORMATS_SCRIPT } from './python.js';

// Every command script answers through python/script_io.py: `version`, its own commands, and a clear exit for
// anything else naming the commands it knows.
const scripts: [string, (request: unknown) => Promise<unknown>, string][] = [
  ['mutate.py', (r) => runMutationScript(r), 'apply, check, mutate'],
  ['task_formats.py', (r) => runPythonScript(TASK_FORMATS_SCRIPT, r), 'humaneval, mbpp'],
  ['rewrite.py', (r) => runPythonScript(REWRITE_SCRIPT, r), 'rewrite'],
  ['probe_inputs.py', (r) => runPythonScript(PROBE_INPUTS_SCRIPT, r), 'probes'],
];

describe.each(scripts)('%s over the shared request/answer protocol', (_name, run, known) => {
  it('answers version with the interpreter version', async () => {
    const answer = (await run({ command: 'version' })) as { python: string };
    expect(answer.python).toMatch(/^3\.\d+\.\d+/);
  });

  it('exits non-zero on an unknown command, naming the ones it knows', async () => {
    await expect(run({ command: 'nope' })).rejects.toThrow(`unknown command 'nope'; expected ${known} or version`);
  });
});
