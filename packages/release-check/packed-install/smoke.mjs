// Run inside an unrelated npm project where every publishable execret package was installed from its tarball:
// `node smoke.mjs <package names…>`. Loads each package through `import` (its ESM build) and through `require` (its
// CommonJS build) and uses it as a user would; prints one line per check and exits 1 on the first failure.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const names = process.argv.slice(2);

/** Packages without an error class of their own: formats holds the base, report's renderers throw nothing. */
const WITHOUT_ERROR_CLASS = ['@execret/formats', '@execret/report'];

/** Every package's one error class: made by defineExecretError, it names its package once in every message. */
function checkErrorClass(name, module) {
  const classes = Object.values(module).filter((v) => typeof v === 'function' && v.packageName === name);
  if (WITHOUT_ERROR_CLASS.includes(name)) {
    assert.equal(classes.length, 0);
    return 'no error class';
  }
  assert.equal(classes.length, 1, `${name} exports one error class`);
  const [ErrorClass] = classes;
  const error = new ErrorClass('x', 'component: m');
  assert.equal(error.message, `${name}: component: m`);
  assert.equal(new ErrorClass('x', `${name} component: m`).message, `${name} component: m`);
  assert.ok(ErrorClass.is(error) && ErrorClass.is({ ...error }));
  return ErrorClass.name;
}

async function checks(system, load) {
  const say = (what) => console.log(`${system} ok ${what}`);
  for (const name of names) say(`${name} loads, ${checkErrorClass(name, await load(name))}`);

  const { mcnemarExact } = await load('@execret/stats');
  assert.equal(mcnemarExact(3, 12).pValue, 0.03515625);
  say('McNemar exact p for 3/12 discordant pairs = 0.03515625');

  const { execAtK, ndcgAtK } = await load('@execret/metrics');
  assert.deepEqual([execAtK([0, 1, 0], 1), execAtK([0, 1, 0], 2)], [0, 1]);
  assert.equal(ndcgAtK([0, 1, 0], 3, [1]), 1 / Math.log2(3));
  say('exec@1 = 0, exec@2 = 1, nDCG@3 = 1/log2(3) for a correct snippet at rank 2');

  const { loadExecRetrieval, validateBenchmark, DatasetError } = await load('@execret/dataset');
  const mini = await loadExecRetrieval('mini');
  const errors = validateBenchmark(mini).filter((i) => i.severity === 'error');
  assert.equal(errors.length, 0);
  say(`mini loads and validates: ${mini.queries.length} queries, ${mini.corpus.length} snippets`);
  const hub = await loadExecRetrieval('hf:owner/name').catch((e) => e);
  assert.ok(DatasetError.is(hub) && hub.code === 'missing-dependency', String(hub));
  assert.equal(hub.message.split('@execret/dataset').length - 1, 1);
  say('hf: without @huggingface/hub: missing-dependency, the prefix said once');

  const { createOracle } = await load('@execret/oracle');
  const oracle = await createOracle({ concurrency: 1 });
  try {
    const result = await oracle.run({ code: 'def add(a, b):\n    return a + b\n', tests: ['assert add(1, 2) == 3'] });
    assert.equal(result.status, 'pass');
    say(`the oracle runs a job: ${result.status} (${result.isolation})`);
  } finally {
    await oracle.close();
  }

  const { createBm25, topK } = await load('@execret/search');
  const bm25 = createBm25(['def add(a, b): return a + b', 'def sub(a, b): return a - b', 'def neg(a): return -a']);
  assert.equal(bm25.search('add numbers', 1).indices[0], 0);
  const top = topK(new Float32Array([1, 0]), new Float32Array([0, 1, 1, 0]), 2, 1, { metric: 'dot' });
  assert.deepEqual([top.indices[0], top.scores[0]], [1, 1]);
  say('BM25 and top-k answer');

  const { describeEmbedder } = await load('@execret/embedders');
  assert.equal(describeEmbedder('local/all-minilm-l6-v2').access.kind, 'local');
  const { listRerankers } = await load('@execret/rerankers');
  assert.ok(listRerankers().every((entry) => entry.access !== undefined));
  say('the registries say what each provider needs');

  const { cacheLayout, providerEnvironment, runSystems } = await load('@execret/pipeline');
  assert.equal(cacheLayout('/c').executions, '/c/executions/execution_cache.jsonl');
  const environment = providerEnvironment((name) => ({ COHERE_API_KEY: ' k ' })[name]);
  assert.deepEqual(environment.settings({ kind: 'api-key', keyVariable: 'COHERE_API_KEY' }), { apiKey: 'k' });
  assert.equal(runSystems()[0].id, 'bm25');
  say('the pipeline lays out caches, reads keys from the lookup it is given, and lists the systems');
}

await checks('esm', (name) => import(name));
await checks('cjs', async (name) => require(name));
