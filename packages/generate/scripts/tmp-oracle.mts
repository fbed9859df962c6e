import { createOracle } from '@execret/oracle';
const t0 = Date.now();
const oracle = await createOracle({ timeoutMs: 2000 });
console.log('start', Date.now() - t0, oracle.info?.isolation);
const r = await oracle.runMany([
  { code: 'def f(x):\n    return x + 1\n', tests: ['assert f(1) == 2', 'assert f(2) == 4', 'assert f(None) == 1'] },
  { code: 'def f(x):\n    while True: pass\n', tests: ['assert f(1) == 2'] },
], { onProgress: (p) => console.log('progress', p.done, p.total) });
console.log(JSON.stringify(r, null, 1));
await oracle.close();
