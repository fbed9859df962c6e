import { createPoolView, type PoolView } from './pool.js';

/**
 * A three-query pool for unit tests: q_1 owns c_01 (canonical) + c_02, c_03; q_2 owns c_04 + c_05;
 * q_3 owns c_06 + c_07, c_08, c_09. Domains: geometry, geometry, validation.
 */
export function testPool(): PoolView {
  const doc = (id: string, code: string, correct: boolean, bugType: string | null = null) => ({
    id,
    code,
    correct,
    bugType,
  });
  return createPoolView({
    queries: [
      {
        id: 'q_1',
        query: 'area',
        tests: ['assert area(2) == 4'],
        domain: 'geometry',
        canonicalIds: ['c_01'],
        distractorIds: ['c_02', 'c_03'],
      },
      {
        id: 'q_2',
        query: 'perimeter',
        tests: ['assert per(2) == 8'],
        domain: 'geometry',
        canonicalIds: ['c_04'],
        distractorIds: ['c_05'],
      },
      {
        id: 'q_3',
        query: 'valid',
        tests: ['assert ok(1)'],
        domain: 'validation',
        canonicalIds: ['c_06'],
        distractorIds: ['c_07', 'c_08', 'c_09'],
      },
    ],
    corpus: [
      doc('c_09', 'def ok(x):\n    return x >= 0\n', false, 'wrong_comparison'),
      doc('c_01', 'def area(s):\n    return s * s\n', true),
      doc('c_02', 'def area(s):\n    return s + s\n', false, 'wrong_operator'),
      doc('c_03', 'def area(s):\n    return s * (s + 1)\n', false, 'off_by_one'),
      doc('c_04', 'def per(s):\n    return 4 * s\n', true),
      doc('c_05', 'def per(s):\n    return 3 * s\n', false, 'off_by_one'),
      doc('c_06', 'def ok(x):\n    return x > 0\n', true),
      doc('c_07', 'def ok(x):\n    return x < 0\n', false, 'wrong_comparison'),
      doc('c_08', 'def ok(x):\n    return True\n', false, 'remove_edge_case_check'),
    ],
  });
}
