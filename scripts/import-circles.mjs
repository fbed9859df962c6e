#!/usr/bin/env node
// Fails when the sources import each other in a circle: among the files of the packages' and apps' src/ (relative
// imports, type-only ones included; tests left out) or among the workspace packages. Usage: node scripts/import-circles.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = process.argv[2] ?? resolve(import.meta.dirname, '..');
const files = [];
const walk = (d) => {
  for (const e of readdirSync(d)) {
    const p = join(d, e);
    if (e === 'node_modules' || e === 'dist') continue;
    const s = statSync(p);
    if (s.isDirectory()) walk(p);
    else if (/\.ts$/.test(e) && !/\.test\.ts$/.test(e) && !/\.d\.ts$/.test(e)) files.push(p);
  }
};
for (const base of ['packages', 'apps'])
  for (const pkg of readdirSync(join(root, base))) {
    const src = join(root, base, pkg, 'src');
    if (existsSync(src)) walk(src);
  }
const graph = new Map();
const pkgGraph = new Map();
const pkgOf = (f) => relative(root, f).split('/').slice(0, 2).join('/');
const pkgNames = new Map();
for (const base of ['packages', 'apps'])
  for (const pkg of readdirSync(join(root, base))) {
    const pj = join(root, base, pkg, 'package.json');
    if (existsSync(pj)) pkgNames.set(JSON.parse(readFileSync(pj, 'utf8')).name, `${base}/${pkg}`);
  }
let edges = 0;
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  const out = new Set();
  for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gs)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.')) {
      const t = resolve(dirname(f), spec.replace(/\.js$/, '.ts'));
      if (existsSync(t)) {
        out.add(t);
        edges++;
      }
    } else {
      const name = spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/');
      const p = pkgNames.get(name);
      if (p && p !== pkgOf(f)) {
        if (!pkgGraph.has(pkgOf(f))) pkgGraph.set(pkgOf(f), new Set());
        pkgGraph.get(pkgOf(f)).add(p);
      }
    }
  }
  graph.set(f, out);
}
function sccs(g) {
  let i = 0;
  const idx = new Map(),
    low = new Map(),
    st = [],
    on = new Set(),
    res = [];
  const sc = (v) => {
    idx.set(v, i);
    low.set(v, i++);
    st.push(v);
    on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!idx.has(w)) {
        sc(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = st.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1 || (g.get(v) ?? new Set()).has(v)) res.push(c);
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) sc(v);
  return res;
}
const fc = sccs(graph),
  pc = sccs(pkgGraph);
console.log(
  `${files.length} source files, ${edges} relative import edges (type-only included), ${pkgGraph.size} packages with workspace imports`,
);
console.log(`file circles: ${fc.length}`);
for (const c of fc) console.log(`  ${c.map((f) => relative(root, f)).join(' -> ')}`);
console.log(`package circles: ${pc.length}`);
for (const c of pc) console.log(`  ${c.join(' -> ')}`);
if (fc.length + pc.length > 0) process.exit(1);
