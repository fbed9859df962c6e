/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Formats a number with fixed decimals; `—` for NaN, undefined and null (a NaN read back from JSON). */
export function fmt(value: number | null | undefined, digits = 3): string {
  return value === undefined || value === null || Number.isNaN(value) ? '—' : value.toFixed(digits);
}
