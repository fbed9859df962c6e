import { escapeHtml, fmt } from './escape.js';

/** A colour-blind-safe categorical palette (Okabe–Ito, then Tableau extensions). */
const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#F0E442',
  '#000000',
  '#4E79A7',
  '#F28E2B',
  '#59A14F',
  '#E15759',
  '#B07AA1',
  '#76B7B2',
  '#EDC948',
  '#9C755F',
];

function colour(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}

export interface BarSeries {
  readonly name: string;
  readonly values: readonly number[];
  readonly low?: readonly number[];
  readonly high?: readonly number[];
}

/** Grouped vertical bars (one group per category, one bar per series) with optional interval whiskers. */
export function barChart(options: {
  title: string;
  categories: readonly string[];
  series: readonly BarSeries[];
  yMax?: number;
  yLabel?: string;
  id?: string;
}): string {
  const { categories, series } = options;
  const width = Math.max(480, 110 + categories.length * Math.max(40, series.length * 14 + 16));
  const height = 330;
  const left = 90;
  const bottom = 100;
  const top = 30;
  const plotW = width - left - 10;
  const plotH = height - top - bottom;
  const all = series.flatMap((s) => [...s.values, ...(s.high ?? [])]).filter((v) => Number.isFinite(v));
  const yMax = options.yMax ?? niceMax(Math.max(0, ...all));
  const y = (v: number): number => top + plotH - (Math.max(0, Math.min(v, yMax)) / (yMax || 1)) * plotH;
  const groupW = plotW / Math.max(1, categories.length);
  const barW = Math.max(3, Math.min(24, (groupW - 8) / Math.max(1, series.length)));
  const parts: string[] = [];
  parts.push(axes(left, top, plotW, plotH, yMax, options.yLabel));
  categories.forEach((category, c) => {
    const x0 = left + c * groupW + (groupW - barW * series.length) / 2;
    series.forEach((s, i) => {
      const v = s.values[c] ?? Number.NaN;
      if (!Number.isFinite(v)) return;
      const x = x0 + i * barW;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y(v).toFixed(1)}" width="${(barW - 1).toFixed(1)}" height="${(top + plotH - y(v)).toFixed(1)}" fill="${colour(i)}"><title>${escapeHtml(`${s.name} · ${category}: ${fmt(v)}`)}</title></rect>`,
      );
      const lo = s.low?.[c];
      const hi = s.high?.[c];
      if (lo !== undefined && hi !== undefined && Number.isFinite(lo) && Number.isFinite(hi)) {
        const cx = x + (barW - 1) / 2;
        parts.push(
          `<path d="M${cx.toFixed(1)} ${y(lo).toFixed(1)}V${y(hi).toFixed(1)}M${(cx - 2).toFixed(1)} ${y(lo).toFixed(1)}h4M${(cx - 2).toFixed(1)} ${y(hi).toFixed(1)}h4" stroke="#333" stroke-width="1"/>`,
        );
      }
    });
    const lx = left + c * groupW + groupW / 2;
    parts.push(
      `<text x="${lx.toFixed(1)}" y="${top + plotH + 12}" font-size="10" text-anchor="end" transform="rotate(-35 ${lx.toFixed(1)} ${top + plotH + 12})">${escapeHtml(category)}</text>`,
    );
  });
  return frame(
    options.title,
    width,
    height,
    parts.join(''),
    series.map((s) => s.name),
    options.id,
  );
}

/** Lines over a shared numeric x axis (e.g. exec@k against k). */
export function lineChart(options: {
  title: string;
  x: readonly number[];
  series: readonly { name: string; values: readonly number[] }[];
  yMax?: number;
  xLabel?: string;
  yLabel?: string;
  id?: string;
}): string {
  const width = 520;
  const height = 300;
  const left = 50;
  const top = 30;
  const plotW = width - left - 20;
  const plotH = height - top - 50;
  const yMax = options.yMax ?? 1;
  const xMin = Math.min(...options.x);
  const xMax = Math.max(...options.x);
  const px = (v: number): number => left + ((v - xMin) / (xMax - xMin || 1)) * plotW;
  const py = (v: number): number => top + plotH - (Math.max(0, Math.min(v, yMax)) / yMax) * plotH;
  const parts: string[] = [axes(left, top, plotW, plotH, yMax, options.yLabel)];
  for (const v of options.x) {
    parts.push(`<text x="${px(v).toFixed(1)}" y="${top + plotH + 14}" font-size="10" text-anchor="middle">${v}</text>`);
  }
  if (options.xLabel) {
    parts.push(
      `<text x="${left + plotW / 2}" y="${top + plotH + 32}" font-size="11" text-anchor="middle">${escapeHtml(options.xLabel)}</text>`,
    );
  }
  options.series.forEach((s, i) => {
    const points = options.x.map((v, j) => `${px(v).toFixed(1)},${py(s.values[j] ?? 0).toFixed(1)}`);
    parts.push(
      `<polyline fill="none" stroke="${colour(i)}" stroke-width="2" points="${points.join(' ')}"><title>${escapeHtml(s.name)}</title></polyline>`,
    );
    options.x.forEach((v, j) => {
      parts.push(
        `<circle cx="${px(v).toFixed(1)}" cy="${py(s.values[j] ?? 0).toFixed(1)}" r="3" fill="${colour(i)}"><title>${escapeHtml(`${s.name} @${v}: ${fmt(s.values[j])}`)}</title></circle>`,
      );
    });
  });
  return frame(
    options.title,
    width,
    height,
    parts.join(''),
    options.series.map((s) => s.name),
    options.id,
  );
}

/** A rows × columns heatmap with the value printed in each cell (white → blue). */
export function heatmap(options: {
  title: string;
  rows: readonly string[];
  columns: readonly string[];
  values: readonly (readonly number[])[];
  min?: number;
  max?: number;
  digits?: number;
  id?: string;
}): string {
  const cellW = 64;
  const cellH = 22;
  const left = 170;
  const top = 110;
  const width = left + cellW * options.columns.length + 10;
  const height = top + cellH * options.rows.length + 10;
  const flat = options.values.flat().filter((v) => Number.isFinite(v));
  const min = options.min ?? Math.min(0, ...flat);
  const max = options.max ?? Math.max(1, ...flat);
  const parts: string[] = [];
  options.columns.forEach((column, c) => {
    const x = left + c * cellW + cellW / 2;
    parts.push(
      `<text x="${x}" y="${top - 6}" font-size="10" transform="rotate(-40 ${x} ${top - 6})">${escapeHtml(column)}</text>`,
    );
  });
  options.rows.forEach((row, r) => {
    const yy = top + r * cellH;
    parts.push(
      `<text x="${left - 6}" y="${yy + cellH / 2 + 4}" font-size="11" text-anchor="end">${escapeHtml(row)}</text>`,
    );
    options.columns.forEach((column, c) => {
      const v = options.values[r]?.[c] ?? Number.NaN;
      const t = Number.isFinite(v) ? (v - min) / (max - min || 1) : 0;
      const fill = Number.isFinite(v) ? blend(t) : '#eee';
      const text = t > 0.6 ? '#fff' : '#111';
      parts.push(
        `<rect x="${left + c * cellW}" y="${yy}" width="${cellW - 1}" height="${cellH - 1}" fill="${fill}"><title>${escapeHtml(`${row} · ${column}: ${fmt(v, options.digits ?? 3)}`)}</title></rect>` +
          `<text x="${left + c * cellW + cellW / 2}" y="${yy + cellH / 2 + 4}" font-size="10" text-anchor="middle" fill="${text}">${fmt(v, options.digits ?? 2)}</text>`,
      );
    });
  });
  return frame(options.title, width, height, parts.join(''), [], options.id);
}

function blend(t: number): string {
  const from = [247, 251, 255];
  const to = [8, 69, 148];
  const c = from.map((f, i) => Math.round(f + (to[i]! - f) * Math.max(0, Math.min(1, t))));
  return `rgb(${c.join(',')})`;
}

function axes(left: number, top: number, plotW: number, plotH: number, yMax: number, yLabel?: string): string {
  const ticks: string[] = [];
  for (let i = 0; i <= 4; i++) {
    const v = (yMax * i) / 4;
    const yy = top + plotH - (plotH * i) / 4;
    ticks.push(`<line x1="${left}" x2="${left + plotW}" y1="${yy}" y2="${yy}" stroke="#e3e3e3"/>`);
    ticks.push(
      `<text x="${left - 4}" y="${yy + 3}" font-size="10" text-anchor="end">${fmt(v, yMax >= 10 ? 0 : 2)}</text>`,
    );
  }
  const label = yLabel
    ? `<text x="12" y="${top + plotH / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 12 ${top + plotH / 2})">${escapeHtml(yLabel)}</text>`
    : '';
  return `${ticks.join('')}<line x1="${left}" x2="${left}" y1="${top}" y2="${top + plotH}" stroke="#333"/><line x1="${left}" x2="${left + plotW}" y1="${top + plotH}" y2="${top + plotH}" stroke="#333"/>${label}`;
}

function frame(
  title: string,
  width: number,
  height: number,
  body: string,
  legend: readonly string[],
  id?: string,
): string {
  const legendHtml =
    legend.length === 0
      ? ''
      : `<div class="legend">${legend.map((name, i) => `<span><i style="background:${colour(i)}"></i>${escapeHtml(name)}</span>`).join('')}</div>`;
  return `<figure class="chart"${id ? ` id="${escapeHtml(id)}"` : ''}><figcaption>${escapeHtml(title)}</figcaption><svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif">${body}</svg>${legendHtml}</figure>`;
}

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}
