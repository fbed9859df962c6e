import { describe, expect, it } from 'vitest';
import { resumeEntries } from './entry-state.js';
import { type ProgressAttempt, type ProgressEntry, type ProgressRecord, progressKey } from './progress.js';
import type { RegistryEntry } from './registry.js';

const SHA = 'a'.repeat(64);
const MODEL = 'gpt-test';
const entry = (name: string): RegistryEntry => ({
  id: `math_numerical_${name}`,
  function_name: name,
  query: `Compute ${name}.`,
  domain: 'math_numerical',
});

function attempt(e: RegistryEntry, n: number, ok: boolean): ProgressAttempt {
  return {
    type: 'attempt',
    key: progressKey(e, SHA, MODEL),
    entry_id: e.id,
    attempt: n,
    model: MODEL,
    mode: 'locked',
    prompt_sha256: SHA,
    via: 'chat',
    ok,
    content: `reply ${n}`,
    finish_reason: 'stop',
    reasons: ok ? [] : [{ gate: 'reply', code: 'malformed_json', message: 'not JSON' }],
    distractor_statuses: [],
    usage: { prompt_tokens: 10, completion_tokens: 20 },
    response_model: MODEL,
  };
}

function finished(e: RegistryEntry, attempts: number): ProgressEntry {
  return {
    type: 'entry',
    key: progressKey(e, SHA, MODEL),
    entry_id: e.id,
    status: 'rejected',
    attempts,
    model: MODEL,
    mode: 'locked',
    prompt_sha256: SHA,
    reasons: [],
  };
}

describe('resumeEntries', () => {
  it('reuses finished entries and continues after the recorded attempts when the progress file has them', () => {
    const [done, started, fresh] = [entry('clamp'), entry('gcd'), entry('lcm')];
    const records: ProgressRecord[] = [
      attempt(done, 1, false),
      finished(done, 1),
      attempt(started, 2, false),
      attempt(started, 1, false),
    ];
    const states = resumeEntries([done, started, fresh], records, SHA, MODEL);
    expect(states.map((s) => [s.final?.status ?? null, s.resumed, s.attempts.map((a) => a.attempt)])).toEqual([
      ['rejected', true, [1]],
      [null, false, [1, 2]],
      [null, false, []],
    ]);
  });

  it('drops attempts from the first gap on, and an accepted attempt without its entry record, when the file is torn', () => {
    const [gap, torn] = [entry('clamp'), entry('gcd')];
    const records: ProgressRecord[] = [
      attempt(gap, 1, false),
      attempt(gap, 3, false),
      attempt(torn, 1, false),
      attempt(torn, 2, true),
    ];
    const states = resumeEntries([gap, torn], records, SHA, MODEL);
    expect(states.map((s) => s.attempts.map((a) => a.attempt))).toEqual([[1], [1]]);
    expect(states.every((s) => s.final === null)).toBe(true);
  });

  it('ignores records of another model or prompt when the key differs', () => {
    const e = entry('clamp');
    const states = resumeEntries([e], [attempt(e, 1, false), finished(e, 1)], SHA, 'other-model');
    expect(states[0]).toMatchObject({ final: null, resumed: false, attempts: [] });
  });
});
