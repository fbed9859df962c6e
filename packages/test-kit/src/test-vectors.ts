/**
 * The deterministic vector the fake embedding APIs return for `text`: `dims` entries in [-18/19, 18/19] derived
 * from the character codes and the length, not normalised. Entry i uses the character at i mod length (code 7 for
 * the empty text): `((code · (i + 3) + length · 13) mod 37 − 18) / 19`.
 *
 * @example
 * vectorFor('ab', 2); // [3 / 19, -7 / 19]: ((97·3 + 26) mod 37 − 18) / 19, ((98·4 + 26) mod 37 − 18) / 19
 */
export function vectorFor(text: string, dims: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < dims; i++) {
    const code = text.charCodeAt(i % Math.max(1, text.length)) || 7;
    out.push((((code * (i + 3) + text.length * 13) % 37) - 18) / 19);
  }
  return out;
}

/** `values` as base64 of little-endian float32, the encoding the openai SDK asks for (`encoding_format: "base64"`). */
export function base64Vector(values: readonly number[]): string {
  return Buffer.from(new Float32Array(values).buffer).toString('base64');
}

/** L2-normalises `values` (rounded to float32 first) in float64, then rounds to float32 like the embedders' output. */
export function normalized(values: readonly number[]): Float32Array {
  const f32 = Float32Array.from(values);
  let sum = 0;
  for (const x of f32) sum += x * x;
  const inv = 1 / Math.sqrt(sum);
  return f32.map((x) => x * inv);
}
