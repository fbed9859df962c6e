import type { CheckDefinition } from './check.js';

/**
 * The distractor metadata has one row per distractor, and where a row names a bug type, a canonical or a query,
 * they agree with the corpus and the queries (warnings). Rows for ids that are not paired distractors are
 * warnings too. Skipped when the benchmark has no metadata.
 *
 * @example
 * // warning data/corpus.jsonl:17 c_0017: distractor has no metadata row [metadata-coverage]
 * // warning data/distractor_metadata.jsonl:14 c_0018: metadata bug type "swap_arguments" differs from the
 * //   corpus's "off_by_one" [metadata-coverage]
 */
export const metadataCoverage: CheckDefinition = {
  id: 'metadata-coverage',
  description: 'distractor metadata has one row per distractor, agreeing on bug type and canonical',
  run(ctx, out) {
    const b = ctx.benchmark;
    const meta = b.distractorMetadata;
    if (meta === null) return 'skipped';
    const file = ctx.files.distractorMetadata;
    const { correctOwners, distractorOwners } = ctx.roles();
    for (let c = 0; c < b.corpus.length; c++) {
      if ((distractorOwners[c] as number) === 0 || (correctOwners[c] as number) > 0) continue;
      out.examined();
      const id = ctx.corpusId(c);
      const m = meta.byDistractorId.get(id);
      if (m === undefined) {
        out.report('warning', 'distractor has no metadata row', ctx.atSnippet(c));
        continue;
      }
      const row = meta.rows[m];
      if (row === undefined) continue;
      const where = { file, line: row.line, corpusId: id };
      if (row.bugType !== null && row.bugType !== b.snippetBugType[c]) {
        out.report(
          'warning',
          `metadata bug type ${JSON.stringify(row.bugType)} differs from the corpus's ${JSON.stringify(b.snippetBugType[c])}`,
          where,
        );
      }
      const owner = b.snippetQueryIndex[c] as number;
      const canonical = owner === -1 ? -1 : (b.queryCanonicalIndex[owner] as number);
      if (row.canonicalId !== null && canonical !== -1 && row.canonicalId !== ctx.corpusId(canonical)) {
        out.report(
          'warning',
          `metadata names canonical ${row.canonicalId}, but the query's canonical is ${ctx.corpusId(canonical)}`,
          where,
        );
      }
      if (row.queryId !== null && owner !== -1 && row.queryId !== ctx.queryId(owner)) {
        out.report(
          'warning',
          `metadata names query ${row.queryId}, but the distractor belongs to ${ctx.queryId(owner)}`,
          where,
        );
      }
    }
    for (const row of meta.rows) {
      if (row.distractorId === null) continue;
      const c = b.corpusIndexById.get(row.distractorId);
      if (c === undefined || (distractorOwners[c] as number) === 0) {
        out.examined();
        out.report('warning', `metadata row for ${row.distractorId}, which is not a paired distractor`, {
          file,
          line: row.line,
          corpusId: row.distractorId,
        });
      }
    }
    return undefined;
  },
};
