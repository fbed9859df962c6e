import type { OracleStats } from '@execret/formats';
import type { Benchmark } from './benchmark.js';
import type { WrittenResultsFile } from './results-extras.js';
import {
  type ManifestEmbedding,
  type ManifestSkippedSystem,
  type ManifestTwoStageSystem,
  type ManifestVerify,
  manifestHub,
  manifestJavascriptRunner,
  type RunManifest,
} from './run-manifest.js';

/**
 * What a run's manifest is made of, in the shapes the run has them: the oracle's info and counters
 * (`@execret/oracle`), the first stages (`@execret/analyses`' `Scorer`), the written results files.
 */
export interface RunManifestParts {
  /** ISO 8601 time the manifest is written. */
  readonly createdAt: string;
  /** Node's version (`process.version`). */
  readonly node: string;
  /** Version of every `@execret/*` package in use, in code-point order. */
  readonly packages: Record<string, string>;
  /** The run's oracle, the isolation asked for and its counters; `null` when nothing was executed. */
  readonly oracle: {
    readonly requested: string;
    readonly info: {
      readonly isolation: string;
      readonly fallbackReason?: string;
      readonly python: { readonly executable: string; readonly version: string };
      readonly javascript: Parameters<typeof manifestJavascriptRunner>[0];
    };
    readonly stats: OracleStats;
  } | null;
  /** The dataset as given (`--dataset`), as loaded, and its pool's counts. */
  readonly dataset: {
    readonly source: string;
    readonly benchmark: Pick<Benchmark, 'source' | 'loadReport'>;
    readonly queries: number;
    readonly snippets: number;
    /** Queries per language, in first-seen order. */
    readonly languages: Record<string, number>;
  };
  readonly seed: number;
  readonly resamples: number;
  readonly ties: RunManifest['ties'];
  /** The first stages, in ranking order. */
  readonly systems: readonly { id: string; configHash: string; provider: string; similarity: string }[];
  readonly skipped: readonly ManifestSkippedSystem[];
  /** The two-stage systems (`@execret/rerankers`' `twoStageSummary` of each); none leaves the field out. */
  readonly twoStage: readonly ManifestTwoStageSystem[];
  readonly embedding: Record<string, ManifestEmbedding>;
  readonly verify: ManifestVerify | null;
  readonly retrieved: RunManifest['retrieved_pairs'];
  /** Every system's results file as written (its `execret` extras give the tie and execution counts). */
  readonly results: readonly WrittenResultsFile[];
  readonly timings: Record<string, number>;
}

/**
 * The {@link RunManifest} of a run, every field in writing order (see docs/formats.md): the sandbox first, then the
 * software, the dataset (its commit, Hub load and file checksums from the benchmark's load report), the settings, the
 * systems, the work done and the per-system counts read from the results files' extras.
 *
 * @example
 * const manifest = createRunManifest({ createdAt: new Date().toISOString(), node: process.version, … });
 * await writeResultsFiles(out, [[RESULTS_LAYOUT.manifest, formatResultsJson(manifest)]]);
 */
export function createRunManifest(parts: RunManifestParts): RunManifest {
  const { oracle, dataset, results } = parts;
  const perSystem = <T>(value: (extras: NonNullable<WrittenResultsFile['execret']> | undefined) => T) =>
    Object.fromEntries(results.map((r) => [r.model, value(r.execret)]));
  return {
    tool: 'execret',
    isolation: oracle?.info.isolation ?? null,
    isolation_requested: oracle?.requested ?? null,
    isolation_fallback_reason: oracle?.info.fallbackReason ?? null,
    created_at: parts.createdAt,
    node: parts.node,
    packages: parts.packages,
    python: oracle?.info.python ?? null,
    dataset: dataset.source,
    dataset_commit: dataset.benchmark.source.commit ?? null,
    dataset_hub: manifestHub(dataset.benchmark.loadReport.hub),
    dataset_queries: dataset.queries,
    dataset_snippets: dataset.snippets,
    dataset_languages: dataset.languages,
    dataset_sha256: Object.fromEntries(dataset.benchmark.loadReport.files.map((f) => [f.file, f.sha256])),
    seed: parts.seed,
    bootstrap_resamples: parts.resamples,
    ties: parts.ties,
    systems: parts.systems.map((s) => ({
      model: s.id,
      config_hash: s.configHash,
      provider: s.provider,
      similarity: s.similarity,
    })),
    skipped_systems: [...parts.skipped],
    ...(parts.twoStage.length > 0 ? { two_stage_systems: [...parts.twoStage] } : {}),
    embedding: parts.embedding,
    verify: parts.verify,
    retrieved_pairs: parts.retrieved,
    ties_decided: perSystem((extras) => extras?.ties_decided ?? {}),
    unexecuted_pairs: perSystem((extras) => extras?.unexecuted_pairs ?? 0),
    truncated_tie_groups: perSystem((extras) => extras?.truncated_tie_groups ?? 0),
    oracle_stats: oracle?.stats ?? null,
    javascript_runner: manifestJavascriptRunner(oracle?.info.javascript ?? null),
    timings_seconds: parts.timings,
  };
}
