import type { ResultsFile } from '@execret/dataset';
import { describe, expect, it } from 'vitest';
import { type CrossLanguageFolder, crossLanguageSides } from './cross-language-side.js';

function folder(source: string, languages: string[]): CrossLanguageFolder {
  return {
    source,
    files: [] as ResultsFile[],
    analyses: [],
    benchmark: {
      queries: [],
      corpusIndexById: new Map(),
      snippetBugType: [],
      queryLanguage: languages,
    } as unknown as CrossLanguageFolder['benchmark'],
  };
}

describe('crossLanguageSides', () => {
  it("labels the sides by the datasets' languages when each has one and they differ", () => {
    const { sides, sameLanguage } = crossLanguageSides([
      folder('mini', ['python', 'python']),
      folder('mini-js', ['javascript']),
    ]);
    expect(sides.map((s) => s.language)).toEqual(['python', 'javascript']);
    expect(sameLanguage).toBe(false);
  });

  it('labels them by their sources when both are one language, and by the labels given when there are some', () => {
    const same = crossLanguageSides([folder('mini', ['python']), folder('pools', ['python'])]);
    expect(same.sides.map((s) => s.language)).toEqual(['mini', 'pools']);
    expect(same.sameLanguage).toBe(true);
    const mixed = crossLanguageSides([folder('a', ['python', 'javascript']), folder('b', ['javascript'])]);
    expect(mixed.sides.map((s) => s.language)).toEqual(['a', 'b']);
    const labelled = crossLanguageSides([folder('mini', ['python']), folder('mini-js', ['javascript'])], ['py', 'js']);
    expect(labelled.sides.map((s) => s.language)).toEqual(['py', 'js']);
  });
});
