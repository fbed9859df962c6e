import { buildExecReranker } from '../exec-reranker.js';
import { majorityAgreement } from '../majority-agreement.js';
import { requireOracle } from '../option-checks.js';
import { prefillProbes, probeGroup } from '../probe-group.js';
import { probeOptions, probeParams } from '../probe-options.js';
import { PYTHON_LANGUAGE } from '../python/language.js';
import type { ExecReranker, ExecRerankerOptions } from '../types.js';
import { execRerankerSettings } from './exec-reranker-settings.js';

/** MBR-exec: Shi et al., "Natural Language to Code Translation with Execution", EMNLP 2022. */
const MBR_EXEC = 'https://arxiv.org/abs/2204.11454';
const ID = 'exec/consensus';

/**
 * `exec/consensus`: the artifact baseline that never reads the query. The top candidate's near-clone group
 * (same function name and parameter count, see `signatureGroup`) is run on type-probing inputs generated from
 * its signature and literals (`generateProbeInputs`); inputs on which every member raises are dropped; each
 * member scores `agreement / retained` (see `majorityAgreement`), raw score `agreement`. Members come first
 * (score descending, ties in first-stage order), then every other candidate in first-stage order (score and raw
 * score `-1`). A group of one is not executed. Its executions are known before any runs, so a shard can `prefill`
 * its keyed share of them.
 *
 * @throws {ExecRerankError} `oracle-missing` without `options.oracle`
 * @example
 * const reranker = createConsensusReranker({ oracle: await createOracle() });
 * const hits = await reranker.rerank(query, [distractor1, canonical, distractor2]);
 */
export function createConsensusReranker(options: ExecRerankerOptions): ExecReranker {
  const oracle = requireOracle(options, ID);
  const language = options.language ?? PYTHON_LANGUAGE;
  const probing = probeOptions(options, `@execret/exec-rerank ${ID}`);
  const settings = execRerankerSettings({
    id: ID,
    method: 'exec-consensus',
    model: 'mbr-exec',
    instruction: null,
    params: { language: language.id, ...probeParams(probing), group: 'top-signature' },
    sources: { method: MBR_EXEC },
    notes:
      'Artifact baseline: never reads the query. It measures how far behavioural consensus among near-clones finds the canonical.',
  });
  const probe = { oracle, cache: options.cache, language, ...probing };
  return buildExecReranker(
    settings,
    language,
    undefined,
    probing.seed,
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
      const probed = await probeGroup(ctx, probe);
      const agreement = majorityAgreement(probed.outputs);
      ctx.group.forEach((c, k) => {
        const a = agreement.agreement[k] as number;
        scores[c] = agreement.retained.length === 0 ? 0 : a / agreement.retained.length;
        raw[c] = a;
      });
      const outputs: (string[] | null)[] = ctx.candidates.map(() => null);
      ctx.group.forEach((c, k) => {
        outputs[c] = (probed.outputs[k] ?? []).map((o) => o.key);
      });
      return {
        scores,
        rawScores: raw,
        audit: {
          inputs: {
            calls: probed.callSources,
            outputs,
            retained: agreement.retained,
            plurality: agreement.plurality,
          },
        },
        querySha256: null,
      };
    },
    async (ctx, mine) => {
      if (ctx.group.length >= 2) await prefillProbes(ctx, probe, mine);
    },
  );
}
