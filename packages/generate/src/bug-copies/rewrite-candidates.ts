import { type CosmeticKind, MutateJsError, rewriteJsCosmetic } from '@execret/mutate-js';
import { REWRITE_SCRIPT } from '../bug-copy-files.js';
import { type PythonOptions, runPythonScript } from '../python.js';
import type { Task } from '../types.js';

/** What to rewrite: a snippet of a task, how many rewrites, their seed and the texts they must differ from. */
export interface RewriteRequest {
  task: Task;
  code: string;
  seed: string;
  count: number;
  avoid: readonly string[];
}

/** A cosmetic rewrite of a snippet and the kinds it applied. */
export interface CosmeticRewrite {
  code: string;
  kinds: CosmeticKind[];
}

/**
 * Cosmetic rewrites of each request's snippet, in the request's order: Python snippets in one run of
 * `python/rewrite.py` (its `rewrite` command), JavaScript/TypeScript ones with `rewriteJsCosmetic` of
 * `@execret/mutate-js`. A snippet the engine cannot read gets no rewrites. Deterministic: the same requests give the
 * same rewrites (for Python: with the same Python version, whose `ast.unparse` and tokenizer the rewrites use).
 *
 * @example
 * const [rewrites] = await rewriteCandidates([{ task, code, seed: '7:t1:bug-copies:0', count: 4, avoid: [] }], {})
 * rewrites[0].kinds // e.g. ['operand-order', 'rename']
 */
export async function rewriteCandidates(
  requests: readonly RewriteRequest[],
  python: PythonOptions,
): Promise<CosmeticRewrite[][]> {
  const out: CosmeticRewrite[][] = requests.map(() => []);
  const pythonAt: number[] = [];
  requests.forEach((request, i) => {
    const language = request.task.language ?? 'python';
    if (language === 'python') {
      pythonAt.push(i);
      return;
    }
    try {
      out[i] = rewriteJsCosmetic(request.code, {
        functionName: request.task.function_name,
        language,
        seed: request.seed,
        count: request.count,
        avoid: request.avoid,
      });
    } catch (error) {
      if (!MutateJsError.is(error)) throw error;
    }
  });
  if (pythonAt.length > 0) {
    const answer = await runPythonScript<{ results: ({ ok: true; variants: CosmeticRewrite[] } | { ok: false })[] }>(
      REWRITE_SCRIPT,
      {
        command: 'rewrite',
        jobs: pythonAt.map((i) => {
          const r = requests[i]!;
          return {
            code: r.code,
            function_name: r.task.function_name,
            tests: r.task.tests,
            seed: r.seed,
            count: r.count,
            avoid: r.avoid,
          };
        }),
      },
      python,
    );
    pythonAt.forEach((i, k) => {
      const result = answer.results[k]!;
      out[i] = result.ok ? result.variants : [];
    });
  }
  return out;
}
