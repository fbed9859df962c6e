/**
 * Prints the README's registry table from the registry (run: pnpm exec tsx scripts/registry-table.ts).
 */
import { listRerankers } from '../src/registry.js';

const rows = listRerankers().map((c) => {
  const limits = [c.maxDocumentsPerRequest ?? '—', c.maxTokensPerRequest ?? '—'].join(' / ');
  const price =
    c.price === null
      ? '—'
      : c.price.usdPerSearchUnit !== null
        ? `${c.price.usdPerSearchUnit} / search unit (${c.price.asOf})`
        : `${c.price.usdPerMillionTokens} / 1M tokens (${c.price.asOf})`;
  const params = Object.keys(c.params).length === 0 ? '—' : `\`${JSON.stringify(c.params)}\``;
  return `| \`${c.id}\` | [${c.model}](${c.sources.model}) | ${c.method} | ${c.maxLength ?? '—'} (${c.truncation}) | ${c.dtype} | ${limits} | ${params} | ${price} |`;
});
console.log(
  '| id | model (source) | method | max length (truncation) | dtype | docs / tokens per request | params | list price |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
