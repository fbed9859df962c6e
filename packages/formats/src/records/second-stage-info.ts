/**
 * What a benchmark records of a second stage (no keys, no URLs): the fields every reranker's `info` shares
 * (`@execret/rerankers`' `secondStageInfo`), the `reranker` of a run manifest's `two_stage_systems[]` entry.
 */
export interface SecondStageInfo {
  readonly id: string;
  readonly configHash: string;
  readonly provider: string;
  readonly method: string;
  readonly model: string;
  readonly revision: string | null;
  readonly instruction: string | null;
  readonly truncation: string;
  readonly maxLength: number | null;
  readonly dtype: string;
  readonly pointwise: boolean;
  readonly params: Readonly<Record<string, unknown>>;
}
