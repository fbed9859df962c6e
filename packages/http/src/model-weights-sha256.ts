import { compareCodePoints, sha256Hex, type WeightsFile } from '@execret/formats';

/**
 * `ModelWeights.sha256`: the lowercase hex SHA-256 of one line `<sha256>  <path>\n` per file (two spaces, as
 * `sha256sum` prints them), the files in code-point order of `path`. The same value as
 * `(cd <folder> && sha256sum <the paths, sorted>) | sha256sum`. Sizes do not enter it (the hashes fix them).
 *
 * @throws {TypeError} when two files share a path
 * @example
 * modelWeightsSha256([{ path: 'config.json', bytes: 2, sha256: '44136fa3…' }]);
 * // sha256Hex('44136fa3…  config.json\n')
 */
export function modelWeightsSha256(files: readonly Pick<WeightsFile, 'path' | 'sha256'>[]): string {
  const sorted = [...files].sort((a, b) => compareCodePoints(a.path, b.path));
  sorted.forEach((file, i) => {
    if (i > 0 && sorted[i - 1]?.path === file.path) {
      throw new TypeError(`@execret/http modelWeightsSha256: the path ${file.path} is listed twice`);
    }
  });
  return sha256Hex(sorted.map((file) => `${file.sha256}  ${file.path}\n`).join(''));
}
