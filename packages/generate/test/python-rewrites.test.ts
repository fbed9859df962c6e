import { readFileSync } from 'node:fs';
import { COSMETIC_KINDS } from '@execret/mutate-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeInputsFor } from '../src/bug-copies/probe-inputs.js';
import { type CosmeticRewrite, rewriteCandidates } from '../src/bug-copies/rewrite-candidates.js';
import { parseTasksJsonl, type Task } from '../src/index.js';
import { createLocalOracle, realPython } from './helpers/local-oracle.js';

const MINI = parseTasksJsonl(readFileSync(new URL('../../../fixtures/mini-tasks/tasks.jsonl', import.meta.url), 'utf8'))
  .tasks as Task[];
const TRICKY = parseTasksJsonl(
  readFileSync(new URL('../../../fixtures/generate/tricky-tasks.jsonl', import.meta.url), 'utf8'),
).tasks as Task[];

let python = 'python3';
beforeAll(async () => {
  python = await realPython();
});

const request = (task: Task, count = 3, avoid: string[] = []) => ({
  task,
  code: task.canonical,
  seed: `7:${task.id}`,
  count,
  avoid,
});

describe('rewriteCandidates (python/rewrite.py)', () => {
  it('rewrites every mini and tricky canonical into copies that give the same outcome on every test', async () => {
    const tasks = [...MINI, ...TRICKY];
    const rewrites = await rewriteCandidates(
      tasks.map((t) => request(t)),
      { python },
    );
    const jobs = tasks.flatMap((task, i) =>
      [task.canonical, ...rewrites[i]!.map((r) => r.code)].map((code) => ({ code, tests: task.tests })),
    );
    const results = await createLocalOracle({ python, timeoutS: 2 }).runMany(jobs);
    let at = 0;
    const kinds = new Map<string, number>();
    tasks.forEach((task, i) => {
      expect(rewrites[i]!.length, task.id).toBe(3);
      const original = results[at++]!.tests;
      for (const r of rewrites[i]!) {
        expect(results[at++]!.tests, `${task.id}: ${r.kinds.join(', ')}\n${r.code}`).toEqual(original);
        for (const k of r.kinds) kinds.set(k, (kinds.get(k) ?? 0) + 1);
      }
    });
    for (const kind of COSMETIC_KINDS) expect(kinds.get(kind), kind).toBeGreaterThan(10);
  }, 120_000);

  it('returns distinct rewrites, different from the code and every avoided text, kinds in COSMETIC_KINDS order', async () => {
    const task = MINI[13]!;
    const [first] = await rewriteCandidates([request(task, 4)], { python });
    const [again] = await rewriteCandidates([request(task, 4, [first![0]!.code, first![1]!.code])], { python });
    for (const list of [first!, again!]) {
      expect(list).toHaveLength(4);
      expect(new Set(list.map((r) => r.code)).size).toBe(4);
      for (const r of list) {
        expect(r.code).not.toBe(task.canonical);
        expect(r.kinds).toEqual(COSMETIC_KINDS.filter((k) => r.kinds.includes(k)));
      }
    }
    expect(again!.map((r) => r.code)).not.toContain(first![0]!.code);
    expect(again!.map((r) => r.code)).not.toContain(first![1]!.code);
  });

  it('returns the same rewrites for the same request, and others for another seed', async () => {
    const tasks = MINI.slice(0, 5);
    const a = await rewriteCandidates(
      tasks.map((t) => request(t)),
      { python },
    );
    expect(
      await rewriteCandidates(
        tasks.map((t) => request(t)),
        { python },
      ),
    ).toEqual(a);
    const b = await rewriteCandidates(
      tasks.map((t) => ({ ...request(t), seed: `8:${t.id}` })),
      { python },
    );
    expect(b).not.toEqual(a);
  });

  it('never renames the function, a keyword-only parameter, one a test passes by keyword, or a name in an f-string', async () => {
    const task: Task = {
      id: 'kw',
      domain: 'd',
      query: 'q',
      function_name: 'scaled',
      canonical:
        'def scaled(values, factor=2, *, offset=0):\n    total = 0\n    label = "sum"\n    for value in values:\n        total += value * factor\n    note = f"{label=}"\n    return total + offset if note else 0\n',
      tests: ['assert scaled([1, 2], factor=3) == 9', 'assert scaled([1], offset=1) == 3'],
    };
    const [rewrites] = await rewriteCandidates([request(task, 8)], { python });
    const renamed = rewrites!.filter((r: CosmeticRewrite) => r.kinds.includes('rename'));
    expect(renamed.length).toBeGreaterThan(0);
    for (const r of rewrites!) {
      expect(r.code).toMatch(/^def scaled\(\w+, factor=2, \*, offset=0\):/u);
      expect(r.code).toMatch(/\{label=\}|label=\{label!r\}/u); // ast.unparse spells f"{label=}" out
    }
    expect(renamed.some((r) => !/\btotal\b/u.test(r.code) || !/\bvalues\b/u.test(r.code))).toBe(true);
  });

  it('returns no rewrites for code that does not parse', async () => {
    const [rewrites] = await rewriteCandidates([{ ...request(MINI[0]!), code: 'def broken(:\n' }], { python });
    expect(rewrites).toEqual([]);
  });
});

describe('probeInputsFor (python/probe_inputs.py)', () => {
  it('varies the literal arguments of the tests, never repeating a test input, the same way for the same seed', async () => {
    const task = MINI[0]!; // count_set_bits(0), (1), (7), …
    const [probes] = await probeInputsFor([task], ['s'], 8, { python });
    expect(probes).toHaveLength(8);
    expect(await probeInputsFor([task], ['s'], 8, { python })).toEqual([probes]);
    const inputs = task.tests.map((t) => /count_set_bits\((-?\d+)\)/u.exec(t)?.[1]).filter((x) => x !== undefined);
    for (const p of probes!) {
      expect(p).toMatch(/^\(\(-?\d+,\), \{\}\)$/u);
      expect(inputs.map((n) => `((${n},), {})`)).not.toContain(p);
    }
  });

  it('gives no probes when no test calls the function with literal arguments only', async () => {
    const task: Task = { ...MINI[0]!, tests: ['assert count_set_bits(2 ** 3) == 1', 'assert count_set_bits(x) == 0'] };
    expect(await probeInputsFor([task], ['s'], 8, { python })).toEqual([[]]);
  });
});
