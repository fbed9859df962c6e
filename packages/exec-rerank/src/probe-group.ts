import { codeSha256, testsSha256 } from '@execret/formats';
import type { OracleJob } from '@execret/oracle';
import type { ArtifactCache } from './artifact-cache.js';
import { inputsArtifactKey } from './artifact-cache.js';
import { mergeCodeLiterals } from './code-literals.js';
import type { ScoreContext } from './exec-reranker.js';
import { executeSuites } from './execute-suites.js';
import type { FunctionSignature } from './function-signature.js';
import type { ExecLanguage } from './language.js';
import type { ProbeCall } from './probe-call.js';
import { generateProbeInputs, PROBE_GENERATOR_VERSION } from './probe-inputs.js';
import type { ProbeOptions } from './probe-options.js';
import { type ProbeOutput, readProbeOutput } from './probe-output.js';
import type { ExecOracle } from './types.js';

/**
 * Settings of {@link probeGroup}: the probing options (`probesPerSuite`: each oracle job has the oracle's whole
 * suite timeout and a fresh child) and where the probes run. @internal
 */
export interface ProbeSettings extends ProbeOptions {
  readonly oracle: ExecOracle;
  readonly cache: ArtifactCache | undefined;
  readonly language: ExecLanguage;
}

/** Generated calls and each group member's output on them. @internal */
export interface GroupProbe {
  /** The function every member is called through (the top candidate's). */
  readonly target: FunctionSignature;
  readonly calls: readonly ProbeCall[];
  /** Source of each call. */
  readonly callSources: readonly string[];
  /** Per group member (aligned with `ctx.group`), its output on each call. */
  readonly outputs: readonly (readonly ProbeOutput[])[];
}

/** The probe jobs of a group: calls and, per member, one oracle job per chunk of probes. @internal */
interface GroupProbeJobs {
  readonly target: FunctionSignature;
  readonly calls: readonly ProbeCall[];
  /** Member after member (aligned with `ctx.group`), `chunks` jobs each. */
  readonly jobs: readonly OracleJob[];
  readonly chunks: number;
}

/**
 * Generates inputs from the group's signature (the top candidate's parameters) and the union of its members'
 * literals (or reads them from the cache, storing new ones), and lists the oracle jobs that run every member on them
 * as probe tests. Never reads the query. @internal
 */
function probeJobs(ctx: ScoreContext, settings: ProbeSettings): GroupProbeJobs {
  const { language, cache } = settings;
  const target = ctx.mains[ctx.group[0] as number] as FunctionSignature;
  const snippets = ctx.group.map((i) => ctx.codeHashes[i] as string);
  const key = inputsArtifactKey(PROBE_GENERATOR_VERSION, settings.seed, settings.count, snippets);
  let calls = cache?.inputs(key)?.calls;
  if (calls === undefined) {
    const literals = mergeCodeLiterals(ctx.group.map((i) => language.literals(ctx.candidates[i] as string)));
    calls = generateProbeInputs(target.parameters, literals, { count: settings.count, seed: settings.seed });
    cache?.put({
      kind: 'inputs',
      key,
      generator: PROBE_GENERATOR_VERSION,
      seed: settings.seed,
      count: settings.count,
      snippets,
      calls,
    });
  }
  const tests = calls.map((c) => language.probeTest(target.name, c, settings.budget));
  // several suites per member, each with its own oracle time budget and fresh child
  const chunks: string[][] = [];
  for (let k = 0; k < tests.length; k += settings.probesPerSuite)
    chunks.push(tests.slice(k, k + settings.probesPerSuite));
  const jobs = ctx.group.flatMap((i) => {
    const code = language.probeCode(ctx.candidates[i] as string);
    return chunks.map((chunk) => ({ code, tests: chunk }));
  });
  return { target, calls, jobs, chunks: chunks.length };
}

/**
 * Runs every member of the group on generated inputs ({@link probeJobs}) and reads their outputs. Never reads the
 * query. @internal
 */
export async function probeGroup(ctx: ScoreContext, settings: ProbeSettings): Promise<GroupProbe> {
  const { target, calls, jobs, chunks } = probeJobs(ctx, settings);
  const results = await executeSuites(jobs, settings.oracle, settings.cache, ctx.meter, ctx.signal);
  const outcomes = ctx.group.map((_, m) => results.slice(m * chunks, (m + 1) * chunks).flat());
  return {
    target,
    calls,
    callSources: calls.map((c) => settings.language.formatCall(target.name, c)),
    outputs: outcomes.map((row) => row.map(readProbeOutput)),
  };
}

/**
 * A shard's share of probing the group: the jobs of {@link probeJobs} whose key `<code_sha256>:<tests_sha256>`
 * `mine` accepts, run into the cache (inputs are cached whole). @internal
 */
export async function prefillProbes(
  ctx: ScoreContext,
  settings: ProbeSettings,
  mine: (key: string) => boolean,
): Promise<void> {
  const own = probeJobs(ctx, settings).jobs.filter((job) => mine(`${codeSha256(job.code)}:${testsSha256(job.tests)}`));
  if (own.length > 0) await executeSuites(own, settings.oracle, settings.cache, ctx.meter, ctx.signal);
}
