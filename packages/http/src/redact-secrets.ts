/**
 * Replaces every occurrence of each secret in `text` with `[redacted]`. Secrets shorter than 4 characters
 * are ignored (they would redact ordinary words).
 *
 * @example
 * redactSecrets('bad key sk-123456', ['sk-123456']); // 'bad key [redacted]'
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}
