import { BUG_TYPES } from '@execret/formats';
import { describe, expect, it } from 'vitest';
import { enumerateJsMutants, type JsMutantCandidate } from '../src/index.js';
import { applyEdit } from './apply-edit.js';
import { readMiniJsTasks } from './mini-js-tasks.js';

describe('enumerateJsMutants', () => {
  it('yields re-applicable candidates of at least two bug types for every task when run over the mini-js tasks', () => {
    const tasks = readMiniJsTasks();
    expect(tasks).toHaveLength(100);
    const okByType = new Map<string, number>(BUG_TYPES.map((t) => [t, 0]));
    for (const task of tasks) {
      const candidates: JsMutantCandidate[] = enumerateJsMutants(task.canonical, {
        functionName: task.function_name,
        language: task.language,
      });
      for (const candidate of candidates) {
        expect(applyEdit(task.canonical, candidate.edit), `${task.id} #${candidate.index}`).toBe(candidate.code);
      }
      const ok = candidates.filter((c) => c.status === 'ok');
      expect(ok.length, task.id).toBeGreaterThanOrEqual(4);
      expect(new Set(ok.map((c) => c.bugType)).size, task.id).toBeGreaterThanOrEqual(2);
      for (const c of ok) okByType.set(c.bugType, (okByType.get(c.bugType) ?? 0) + 1);
    }
    for (const [bugType, count] of okByType) expect(count, bugType).toBeGreaterThanOrEqual(20);
  }, 120_000);
});
