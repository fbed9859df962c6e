/**
 * `text` cut to at most `maxTokens × bytesPerToken` UTF-8 bytes, at a character boundary (the same estimate
 * `@execret/http`'s `estimateTokens` uses); unchanged when it fits.
 *
 * @example
 * truncateText('abcdef', 1, 3); // 'abc'
 * truncateText('ééé', 1, 3); // 'é' (2 bytes; a second é would make 4)
 */
export function truncateText(text: string, maxTokens: number, bytesPerToken: number): string {
  const limit = Math.floor(maxTokens * bytesPerToken);
  if (Buffer.byteLength(text, 'utf8') <= limit) return text;
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > limit) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}
