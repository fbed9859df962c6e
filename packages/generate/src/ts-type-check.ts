import { GenerateError } from './errors.js';

type TypeScript = typeof import('typescript');

/** The virtual file name a canonical is checked under (diagnostics name it). */
const CANONICAL_FILE = 'canonical.ts';
/** What the JavaScript runner gives a snippet besides ECMAScript: a silent `console`. */
const GLOBALS_FILE = 'runner-globals.d.ts';
const GLOBALS = `declare const console: {
  log(...data: unknown[]): void; info(...data: unknown[]): void; warn(...data: unknown[]): void;
  error(...data: unknown[]): void; debug(...data: unknown[]): void;
};
`;

let loading: Promise<TypeScript> | undefined;

/**
 * The `typescript` compiler, loaded once (an optional peer dependency: only TypeScript tasks need it).
 *
 * @throws {GenerateError} `invalid-tasks` when the package cannot be imported
 */
function loadTypeScript(): Promise<TypeScript> {
  loading ??= import('typescript').then(
    (module) => ((module as { default?: TypeScript }).default ?? module) as TypeScript,
    (cause: unknown) => {
      loading = undefined;
      throw new GenerateError(
        'invalid-tasks',
        `@execret/generate: TypeScript tasks are type-checked with the \`typescript\` package, which cannot be imported (${(cause as Error).message}); install it beside @execret/generate`,
        { cause },
      );
    },
  );
  return loading;
}

/**
 * Type-checks one TypeScript canonical on its own, as a script (strict, ES2022 library and the runner's
 * silent `console`, no DOM, no `@types`), without emitting anything: the diagnostics' texts, each with its line, or `[]` when it checks.
 * The build rejects a TypeScript task whose canonical does not type-check (the runner strips types, so a
 * type error would otherwise go unnoticed).
 *
 * @throws {GenerateError} `invalid-tasks` when the `typescript` package is missing
 * @example
 * await typeCheckTypeScript('function add(a: number, b: number): number {\n  return a + b;\n}\n'); // []
 * await typeCheckTypeScript('function f(a: number): string {\n  return a;\n}\n');
 * // ["line 2: Type 'number' is not assignable to type 'string'."]
 */
export async function typeCheckTypeScript(code: string): Promise<string[]> {
  const ts = await loadTypeScript();
  const options = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
    noLib: false,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const readLibrary = host.getSourceFile.bind(host);
  const source = ts.createSourceFile(CANONICAL_FILE, code, ts.ScriptTarget.ES2022, true);
  const globals = ts.createSourceFile(GLOBALS_FILE, GLOBALS, ts.ScriptTarget.ES2022, true);
  host.getSourceFile = (name, version, onError, create) =>
    name === CANONICAL_FILE ? source : name === GLOBALS_FILE ? globals : readLibrary(name, version, onError, create);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name === CANONICAL_FILE || name === GLOBALS_FILE || exists(name);
  host.writeFile = () => {};
  const program = ts.createProgram([GLOBALS_FILE, CANONICAL_FILE], options, host);
  const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  return diagnostics.map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    if (d.start === undefined) return text;
    return `line ${source.getLineAndCharacterOfPosition(d.start).line + 1}: ${text}`;
  });
}
