/**
 * `manifest.json` of a results folder: what `execret run` ran, on what, with which settings and sandbox, and what
 * it cost. The one definition of its fields (documented field by field in docs/formats.md, "Run manifest"): the
 * CLI writes a {@link RunManifest}, the report and `execret compare-languages` read it back with
 * {@link readRunManifest}.
 */
import type {
  EmbedUsage,
  ExecRerankCost,
  ModelWeights,
  OraclePhases,
  OracleStats,
  RerankUsage,
  SecondStageInfo,
  TwoStageSummary,
  VerifyContradiction,
  VerifyReport,
  WeightsFile,
  WeightsSource,
} from '@execret/formats';
import { z } from 'zod';
import type { HubLoadInfo } from './benchmark.js';
import type { DatasetIssue } from './errors.js';
import { failSchema, type ParsedResultFile, type ParseResultOptions, parseJsonDocument, readText } from './results.js';
import type { ShapeOf } from './schema-shape.js';
import { countUnknownFields, zodIssuesToDatasetIssues } from './schemas.js';

/** @deprecated formats' `RerankUsage`; this alias goes after one release. */
export type ManifestRerankUsage = RerankUsage;
/** @deprecated formats' `ExecRerankCost`; this alias goes after one release. */
export type ManifestExecutionCost = ExecRerankCost;
/** @deprecated formats' `SecondStageInfo`; this alias goes after one release. */
export type ManifestSecondStage = SecondStageInfo;
/** @deprecated formats' `EmbedUsage`; this alias goes after one release. */
export type ManifestEmbedUsage = EmbedUsage;
/** @deprecated formats' `VerifyContradiction`; this alias goes after one release. */
export type ManifestContradiction = VerifyContradiction;
/** @deprecated formats' `OracleStats`; this alias goes after one release. */
export type ManifestOracleStats = OracleStats;

/** A first-stage system of the run (`systems[]`). */
export interface ManifestSystem {
  model: string;
  config_hash: string;
  provider: string;
  similarity: string;
}

/** A default system left out, with why (`skipped_systems[]`). */
export interface ManifestSkippedSystem {
  model: string;
  reason: string;
}

/** A two-stage system: what it is made of and what it cost (`two_stage_systems[]`, formats' `TwoStageSummary`). */
export type ManifestTwoStageSystem = TwoStageSummary<ExecRerankCost>;

/** An embedding model of the run (`embedding[<model>]`): its recorded settings and what embedding cost. */
export interface ManifestEmbedding {
  config_hash: string;
  provider: string;
  model: string;
  revision: string | null;
  dims: number;
  similarity: string;
  normalize: boolean;
  prefixes: { query: string; document: string } | null;
  task_types: { query: string | null; document: string | null } | null;
  pooling: string | null;
  dtype: string | null;
  /**
   * Which weights a local model ran with (formats' `ModelWeights`: every loaded file's size and SHA-256, one digest,
   * the folder's `weights.json` source: package, version, model, the package's file hashes), as `revision` records a
   * Hub revision; `null` for models that run elsewhere.
   */
  weights: ModelWeights | null;
  cache_hits: number;
  usage: { query: EmbedUsage; document: EmbedUsage };
  seconds: number;
}

/** The labels checked by executing every query's own group, and the seconds it took (`verify`). */
export type ManifestVerify = VerifyReport & { readonly seconds: number };

/** A Hub load (`dataset_hub`): the commit, how it was found, the parts, and each file's check. */
export interface ManifestHub {
  repository: string;
  revision: string;
  commit: string;
  resolution: string;
  offline: boolean;
  offline_reason?: string;
  sha256sums: boolean;
  parts: string[];
  files: { file: string; status: string; bytes: number; integrity: string }[];
  refused: { path: string; reason: string }[];
}

/** The JavaScript runner, when a JavaScript or TypeScript pair ran (`javascript_runner`). */
export interface ManifestJavascriptRunner {
  engine: string;
  quickjs: { variant: string; version: string } | null;
  node: string;
  isolation: string;
  timeout_ms: number;
  memory_mb: number;
}

/**
 * `manifest.json`, in the order `execret run` writes the fields (the sandbox first: every number rests on it).
 * `null` stands for "did not happen" (nothing executed, not a Hub dataset, no verification, no JavaScript).
 */
export interface RunManifest {
  tool: 'execret';
  /** The oracle's isolation (`bwrap` or `rlimit`), `null` when nothing was executed. */
  isolation: string | null;
  /** What was asked for (`auto`, `bwrap`, `rlimit`), `null` when nothing was executed. */
  isolation_requested: string | null;
  /** Why `auto` fell back to rlimit (bubblewrap's self-test error), else `null`. */
  isolation_fallback_reason: string | null;
  /** ISO 8601 time the manifest was written. */
  created_at: string;
  /** Node's version (`process.version`). */
  node: string;
  /** Version of every `@execret/*` package in use, in code-point order. */
  packages: Record<string, string>;
  /** The oracle's Python (`executable`, `version`), `null` when nothing was executed. */
  python: { executable: string; version: string } | null;
  /** The `--dataset` source as given (`mini`, a directory, `hf:owner/name[@revision]`). */
  dataset: string;
  /** The Hub commit the data files are from, `null` for other sources. */
  dataset_commit: string | null;
  dataset_hub: ManifestHub | null;
  dataset_queries: number;
  dataset_snippets: number;
  /** Queries per language, in first-seen order. */
  dataset_languages: Record<string, number>;
  /** SHA-256 of each data file as read. */
  dataset_sha256: Record<string, string>;
  /** Seed of the bootstrap and of the pool-density ablation. */
  seed: number;
  bootstrap_resamples: number;
  ties: 'trec' | 'expected';
  systems: ManifestSystem[];
  skipped_systems: ManifestSkippedSystem[];
  /** Absent when the run has no two-stage system. */
  two_stage_systems?: ManifestTwoStageSystem[];
  embedding: Record<string, ManifestEmbedding>;
  verify: ManifestVerify | null;
  /** Retrieved (query, snippet) pairs of every run, and how many were executed now or answered by the cache. */
  retrieved_pairs: { pairs: number; executed: number; cached: number };
  ties_decided: Record<string, Record<string, number>>;
  unexecuted_pairs: Record<string, number>;
  truncated_tie_groups: Record<string, number>;
  oracle_stats: OracleStats | null;
  javascript_runner: ManifestJavascriptRunner | null;
  /** Seconds per stage (`load`, `verify`, `embed`, `rank`, `rerank`, `execute`, `evaluate`, `compare`) and `total`. */
  timings_seconds: Record<string, number>;
}

const count = z.number();
const nullableString = z.string().nullable();
const numbers = z.record(z.string(), z.number());

const rerankUsageSchema = z.looseObject({
  calls: count,
  requests: count,
  retries: count,
  documents: count,
  inputTokens: count,
  tokensEstimated: z.boolean(),
  outputTokens: count,
  searchUnits: count,
  costUsd: z.number().nullable(),
  seconds: count,
} satisfies ShapeOf<RerankUsage>);

const executionCostSchema = z.looseObject({
  chatCalls: count,
  chatRequests: count,
  chatCacheHits: count,
  promptTokens: count,
  completionTokens: count,
  costUsd: z.number().nullable(),
  executions: count,
  executedTests: count,
  cachedExecutions: count,
  executionMs: count,
  seconds: count,
} satisfies ShapeOf<ExecRerankCost>);

const twoStageSystemSchema = z.looseObject({
  model: z.string(),
  config_hash: z.string(),
  first_stage: z.string(),
  first_stage_config_hash: z.string(),
  depth: z.int().min(1),
  reranker: z.looseObject({
    id: z.string(),
    configHash: z.string(),
    provider: z.string(),
    method: z.string(),
    model: z.string(),
    revision: nullableString,
    instruction: nullableString,
    truncation: z.string(),
    maxLength: z.number().nullable(),
    dtype: z.string(),
    pointwise: z.boolean(),
    params: z.record(z.string(), z.unknown()),
  } satisfies ShapeOf<SecondStageInfo>),
  queries: z.int().min(0),
  pairs: z.int().min(0),
  usage: rerankUsageSchema,
  execution: executionCostSchema.nullable(),
  seconds: count,
  per_query: z.looseObject({
    seconds: count,
    calls: count,
    input_tokens: count,
    output_tokens: count,
    cost_usd: z.number().nullable(),
    executions: count,
    executed_tests: count,
  } satisfies ShapeOf<ManifestTwoStageSystem['per_query']>),
} satisfies ShapeOf<ManifestTwoStageSystem>);

const embedUsageSchema = z.looseObject({
  texts: count,
  requests: count,
  retries: count,
  inputTokens: count,
  tokensEstimated: z.boolean(),
  costUsd: z.number().nullable(),
} satisfies ShapeOf<EmbedUsage>);

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex digits');
const weightsSchema = z.looseObject({
  sha256,
  files: z.array(z.looseObject({ path: z.string(), bytes: z.int().min(0), sha256 } satisfies ShapeOf<WeightsFile>)),
  source: z
    .looseObject({
      kind: z.string(),
      package: z.string(),
      version: z.string(),
      model: z.string(),
      files: z.record(z.string(), sha256),
    } satisfies ShapeOf<WeightsSource>)
    .nullable(),
} satisfies ShapeOf<ModelWeights>);

const embeddingSchema = z.looseObject({
  config_hash: z.string(),
  provider: z.string(),
  model: z.string(),
  revision: nullableString,
  dims: z.int().min(1),
  similarity: z.string(),
  normalize: z.boolean(),
  prefixes: z.looseObject({ query: z.string(), document: z.string() }).nullable(),
  task_types: z.looseObject({ query: nullableString, document: nullableString }).nullable(),
  pooling: nullableString,
  dtype: nullableString,
  weights: weightsSchema.nullable(),
  cache_hits: z.int().min(0),
  usage: z.looseObject({ query: embedUsageSchema, document: embedUsageSchema }),
  seconds: count,
} satisfies ShapeOf<ManifestEmbedding>);

const verifySchema = z.looseObject({
  pairs: z.int().min(0),
  executed: z.int().min(0),
  cached: z.int().min(0),
  canonicals: z.int().min(0),
  canonicalsPassing: z.int().min(0),
  distractors: z.int().min(0),
  distractorsFailing: z.int().min(0),
  contradictions: z.array(
    z.looseObject({
      query_id: z.string(),
      corpus_id: z.string(),
      label: z.string(),
      status: z.string(),
      tests: z.array(z.string()),
    } satisfies ShapeOf<VerifyContradiction>),
  ),
  releaseDisagreements: z.int().min(0),
  releaseKnown: z.int().min(0),
  seconds: count,
} satisfies ShapeOf<ManifestVerify>);

const hubSchema = z.looseObject({
  repository: z.string(),
  revision: z.string(),
  commit: z.string(),
  resolution: z.string(),
  offline: z.boolean(),
  offline_reason: z.string().optional(),
  sha256sums: z.boolean(),
  parts: z.array(z.string()),
  files: z.array(z.looseObject({ file: z.string(), status: z.string(), bytes: count, integrity: z.string() })),
  refused: z.array(z.looseObject({ path: z.string(), reason: z.string() })),
} satisfies ShapeOf<ManifestHub>);

/**
 * The schema of {@link RunManifest} (unknown fields allowed at every level). {@link parseRunManifest} checks each
 * field that is present against it; absent fields are warnings, so manifests written before a field existed stay
 * readable.
 */
export const runManifestSchema = z.looseObject({
  tool: z.literal('execret'),
  isolation: nullableString,
  isolation_requested: nullableString,
  isolation_fallback_reason: nullableString,
  created_at: z.string(),
  node: z.string(),
  packages: z.record(z.string(), z.string()),
  python: z.looseObject({ executable: z.string(), version: z.string() }).nullable(),
  dataset: z.string(),
  dataset_commit: nullableString,
  dataset_hub: hubSchema.nullable(),
  dataset_queries: z.int().min(0),
  dataset_snippets: z.int().min(0),
  dataset_languages: numbers,
  dataset_sha256: z.record(z.string(), z.string()),
  seed: z.int(),
  bootstrap_resamples: z.int().min(1),
  ties: z.enum(['trec', 'expected']),
  systems: z.array(
    z.looseObject({
      model: z.string(),
      config_hash: z.string(),
      provider: z.string(),
      similarity: z.string(),
    } satisfies ShapeOf<ManifestSystem>),
  ),
  skipped_systems: z.array(
    z.looseObject({ model: z.string(), reason: z.string() } satisfies ShapeOf<ManifestSkippedSystem>),
  ),
  two_stage_systems: z.array(twoStageSystemSchema),
  embedding: z.record(z.string(), embeddingSchema),
  verify: verifySchema.nullable(),
  retrieved_pairs: z.looseObject({ pairs: z.int().min(0), executed: z.int().min(0), cached: z.int().min(0) }),
  ties_decided: z.record(z.string(), numbers),
  unexecuted_pairs: numbers,
  truncated_tie_groups: numbers,
  oracle_stats: z
    .looseObject({
      executed: count,
      cacheHits: count,
      serverRestarts: count,
      killedDescendants: count,
      removedFiles: count,
      phaseMs: z.looseObject({
        fork: count,
        childSetup: count,
        job: count,
        judging: count,
        cleanup: count,
        server: count,
      } satisfies ShapeOf<OraclePhases>),
    } satisfies ShapeOf<OracleStats>)
    .nullable(),
  javascript_runner: z
    .looseObject({
      engine: z.string(),
      quickjs: z.looseObject({ variant: z.string(), version: z.string() }).nullable(),
      node: z.string(),
      isolation: z.string(),
      timeout_ms: count,
      memory_mb: count,
    } satisfies ShapeOf<ManifestJavascriptRunner>)
    .nullable(),
  timings_seconds: numbers,
} satisfies ShapeOf<RunManifest>);

/** Fields of {@link RunManifest}, in the order they are written. */
export const RUN_MANIFEST_FIELDS: readonly (keyof RunManifest)[] = Object.keys(
  runManifestSchema.shape,
) as (keyof RunManifest)[];

/** Top-level fields a manifest may lack without a warning (written only when there is something to say). */
const OPTIONAL_FIELDS: readonly (keyof RunManifest)[] = ['two_stage_systems'];

/**
 * Parses `manifest.json`. Every field present is checked against {@link runManifestSchema}; a wrong type is an
 * error naming the file and the field path. A missing field is a warning (older manifests lack newer fields; read
 * every field of the result as possibly absent); unknown fields are kept in `data` and counted.
 *
 * @throws {DatasetError} `parse` (not JSON; the line is given) or `schema` (every field problem listed).
 * @example
 * const { data } = parseRunManifest(await readFile('out/manifest.json', 'utf8'), { file: 'out/manifest.json' });
 * data.isolation; // 'bwrap'
 */
export function parseRunManifest(
  text: string,
  options: ParseResultOptions = {},
): ParsedResultFile<Partial<RunManifest>> {
  const file = options.file ?? 'manifest.json';
  const value = parseJsonDocument(text, file);
  const parsed = runManifestSchema.partial().safeParse(value);
  if (!parsed.success) failSchema(file, zodIssuesToDatasetIssues(parsed.error.issues, value, { file }));
  const data = value as Partial<RunManifest> & Record<string, unknown>;
  const warnings: DatasetIssue[] = RUN_MANIFEST_FIELDS.filter(
    (field) => !OPTIONAL_FIELDS.includes(field) && !Object.hasOwn(data, field),
  ).map((field) => ({
    severity: 'warning',
    code: 'manifest-missing-field',
    message: `expected the field ${field}, which this manifest does not have (written by an older execret?)`,
    file,
    path: [field],
  }));
  const unknown = new Map<string, number>();
  countUnknownFields(data, RUN_MANIFEST_FIELDS, unknown);
  return { data, warnings, unknownFields: Object.fromEntries(unknown) };
}

/**
 * Reads and parses a `manifest.json` (see {@link parseRunManifest}).
 *
 * @throws {DatasetError} `not-found` when the file does not exist, `io`, `parse` or `schema`.
 * @example
 * const { data } = await readRunManifest('execret-results/manifest.json');
 */
export async function readRunManifest(path: string): Promise<ParsedResultFile<Partial<RunManifest>>> {
  return parseRunManifest(await readText(path), { file: path });
}

/**
 * The manifest's `dataset_hub` of a Hub load (`benchmark.loadReport.hub`), `null` for other sources.
 *
 * @example
 * manifestHub(benchmark.loadReport.hub)?.commit; // the 40-hex commit the files are from
 */
export function manifestHub(hub: HubLoadInfo | undefined): ManifestHub | null {
  if (hub === undefined) return null;
  return {
    repository: hub.repository,
    revision: hub.revision,
    commit: hub.commit,
    resolution: hub.resolution,
    offline: hub.offline,
    ...(hub.offlineReason !== undefined ? { offline_reason: hub.offlineReason } : {}),
    sha256sums: hub.checksums,
    parts: Object.keys(hub.parts),
    files: hub.files.map((f) => ({ file: f.file, status: f.status, bytes: f.bytes, integrity: f.integrity })),
    refused: hub.refused.map((r) => ({ path: r.path, reason: r.reason })),
  };
}

/**
 * The manifest's `embedding[<model>]` of an embedded model: its `info` (`@execret/embedders`' `EmbedderInfo`; the
 * settings that change vectors, and a local model's weights), the cache hits, the usage per side and the seconds it
 * took.
 *
 * @example
 * manifest.embedding[model] = manifestEmbedding(embedder.info, { cacheHits, usage, seconds });
 */
export function manifestEmbedding(
  info: {
    readonly configHash: string;
    readonly provider: string;
    readonly model: string;
    readonly revision?: string | null;
    readonly dims: number;
    readonly similarity: string;
    readonly normalize: boolean;
    readonly prefixes?: { readonly query: string; readonly document: string } | null;
    readonly taskTypes?: { readonly query: string | null; readonly document: string | null } | null;
    readonly pooling?: string | null;
    readonly dtype?: string | null;
    readonly weights?: ModelWeights | null;
  },
  work: { cacheHits: number; usage: ManifestEmbedding['usage']; seconds: number },
): ManifestEmbedding {
  return {
    config_hash: info.configHash,
    provider: info.provider,
    model: info.model,
    revision: info.revision ?? null,
    dims: info.dims,
    similarity: info.similarity,
    normalize: info.normalize,
    prefixes: info.prefixes ?? null,
    task_types: info.taskTypes ?? null,
    pooling: info.pooling ?? null,
    dtype: info.dtype ?? null,
    weights: info.weights ?? null,
    cache_hits: work.cacheHits,
    usage: work.usage,
    seconds: work.seconds,
  };
}

/**
 * The manifest's `javascript_runner` of the oracle's JavaScript runner info (`@execret/oracle`'s `JsRunnerInfo`),
 * `null` when no JavaScript or TypeScript pair ran.
 */
export function manifestJavascriptRunner(
  info: {
    readonly engine: string;
    readonly quickjs?: { readonly variant: string; readonly version: string };
    readonly node: { readonly version: string };
    readonly isolation: string;
    readonly timeoutMs: number;
    readonly memoryMb: number;
  } | null,
): ManifestJavascriptRunner | null {
  if (info === null) return null;
  return {
    engine: info.engine,
    quickjs: info.quickjs ?? null,
    node: info.node.version,
    isolation: info.isolation,
    timeout_ms: info.timeoutMs,
    memory_mb: info.memoryMb,
  };
}
