/**
 * Prints the registry as a Markdown table (pasted into README.md; a test checks every id is listed).
 *
 *   pnpm --filter @execret/embedders exec tsx scripts/registry-table.ts
 */
import { listModels } from '../src/registry.js';

const show = (s: string) => (s === '' ? '—' : `\`${JSON.stringify(s).slice(1, -1).replace(/\|/g, '\\|')}\``);
console.log(
  '| id | model | dims | pooling | normalise / score | query input | document input | task types | dtype | batch / token caps | $ per 1M tokens |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const m of listModels()) {
  const dims =
    m.supportedDims === undefined
      ? `${m.dims}`
      : m.supportedDims.kind === 'list'
        ? `${m.dims} (${m.supportedDims.values.join('/')})`
        : `${m.dims} (${m.supportedDims.min}–${m.supportedDims.max})`;
  const tasks =
    m.taskTypes.query === null && m.taskTypes.document === null
      ? '—'
      : `${m.taskTypes.query} / ${m.taskTypes.document}`;
  const caps = `${m.maxBatch} / ${m.maxTokensPerInput}${m.maxTokensPerRequest === null ? '' : ` / ${m.maxTokensPerRequest}`}`;
  const price = m.price === null ? '—' : `${m.price.usdPerMillionTokens} (${m.price.asOf})`;
  const pooling = m.paddingSide === null ? m.pooling : `${m.pooling} (${m.paddingSide} pad)`;
  console.log(
    `| \`${m.id}\` | [${m.model}](${m.sources.model}) | ${dims} | ${pooling} | ${m.normalize ? 'yes' : 'no'} / ${m.similarity} | ${show(m.prefixes.query)}+text | ${show(m.prefixes.document)}+text | ${tasks} | ${m.dtype} | ${caps} | ${price} |`,
  );
}
