import { PROBE_TEST_VERSION } from '../defaults.js';
import { ExecRerankError } from '../errors.js';
import { buildExecReranker } from '../exec-reranker.js';
import { majorityAgreement } from '../majority-agreement.js';
import { probeGroup, probeOptions } from '../probe-group.js';
import { PROBE_GENERATOR_VERSION } from '../probe-inputs.js';
import { PYTHON_LANGUAGE } from '../python/language.js';
import type { ExecReranker, ExecRerankerOptions } from '../types.js';

/** MBR-exec: Shi et al., "Natural Language to Code Translation with Execution", EMNLP 2022. */
const MBR_EXEC = 'https://arxiv.org/abs/2204.11454';
const ID = 'exec/consensus';

/**
 * `exec/consensus`: the artifact baseline that never reads the query. The top candidate's near-clone group
 * (same function name and parameter count, see `signatureGroup`) is run on type-probing inputs generated from
 * its signature and literals (`generateProbeInputs`); inputs on which every member raises are dropped; each
 * member scores `agreement / retained` (see `majorityAgreement`), raw score `agreement`. Members come first
 * (score descending, ties in first-stage order), then every other candidate in first-stage order (score and raw
 * score `-1`). A group of one is not executed.
 *
 * @throws {ExecRerankError} `oracle-missing` without `options.oracle`
 * @example
 * const reranker = createConsensusReranker({ oracle: await createOracle() });
 * const hits = await reranker.rerank(query, [distractor1, canonical, distractor2]);
 */
export function createConsensusReranker(options: ExecRerankerOptions): ExecReranker {
  const oracle = options.oracle;
  if (oracle === undefined)
    throw new ExecRerankError('oracle-missing', '@execret/exec-rerank exec/consensus: options.oracle is required');
  const language = options.language ?? PYTHON_LANGUAGE;
  const { seed, count, budget, probesPerSuite } = probeOptions(options, `@execret/exec-rerank ${ID}`);
  return buildExecReranker(
    {
      id: 'exec/consensus',
      provider: 'exec',
      method: 'exec-consensus',
      model: 'mbr-exec',
      revision: null,
      instruction: null,
      truncation: 'none',
      maxLength: null,
      dtype: 'provider',
      maxDocumentsPerRequest: null,
      maxTokensPerRequest: null,
      pointwise: false,
      params: {
        language: language.id,
        seed,
        probeCount: count,
        probeTimeoutMs: budget.timeoutMs,
        probeSteps: budget.steps,
        suiteProbeSteps: budget.suiteSteps,
        probeMemoryBytes: budget.memoryBytes,
        probesPerSuite,
        generator: PROBE_GENERATOR_VERSION,
        probe: PROBE_TEST_VERSION,
        group: 'top-signature',
      },
      price: null,
      sources: { method: MBR_EXEC },
      notes:
        'Artifact baseline: never reads the query. It measures how far behavioural consensus among near-clones finds the canonical.',
    },
    language,
    undefined,
    seed,
    async (ctx) => {
      const n = ctx.candidates.length;
      const scores = new Float64Array(n).fill(-1);
      const raw = new Float64Array(n).fill(-1);
      if (ctx.group.length < 2) {
        for (const i of ctx.group) {
          scores[i] = 0;
          raw[i] = 0;
        }
        return { scores, rawScores: raw, audit: {}, querySha256: null };
      }
      const probe = await probeGroup(ctx, {
        oracle,
        cache: options.cache,
        language,
        seed,
        count,
        budget,
        probesPerSuite,
      });
      const agreement = majorityAgreement(probe.outputs);
      ctx.group.forEach((c, k) => {
        const a = agreement.agreement[k] as number;
        scores[c] = agreement.retained.length === 0 ? 0 : a / agreement.retained.length;
        raw[c] = a;
      });
      const outputs: (string[] | null)[] = ctx.candidates.map(() => null);
      ctx.group.forEach((c, k) => {
        outputs[c] = (probe.outputs[k] ?? []).map((o) => o.key);
      });
      return {
        scores,
        rawScores: raw,
        audit: {
          inputs: {
            calls: probe.callSources,
            outputs,
            retained: agreement.retained,
            plurality: agreement.plurality,
          },
        },
        querySha256: null,
      };
    },
  );
}
