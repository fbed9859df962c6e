/** What one probe's outcome says about the call. */
export interface ProbeOutput {
  /** The equivalence class agreement is computed on: `R:…`/`H:…` for a value, `E:<Type>` for a raised exception, `ERROR:<Type>` or `TIMEOUT` when the candidate escaped the probe. */
  readonly key: string;
  /** `true` when the call returned a value (`R:` or `H:`). */
  readonly value: boolean;
}

/**
 * Reads the outcome of a probe test (see `pythonProbeTest`): `FAIL: R:…` and `FAIL: H:…` are values (the key is
 * the report after `FAIL: `); `FAIL: E:<Type>` is a raised exception; `ERROR:<Type>: <message>` is reduced to
 * `ERROR:<Type>` (messages often hold object-specific text), `TIMEOUT` stays `TIMEOUT`; any other outcome is its
 * own key and not a value.
 *
 * @example
 * readProbeOutput('FAIL: R:[1, 2]');                    // { key: 'R:[1, 2]', value: true }
 * readProbeOutput('FAIL: E:ZeroDivisionError');         // { key: 'E:ZeroDivisionError', value: false }
 * readProbeOutput('ERROR:SystemExit: 3');               // { key: 'ERROR:SystemExit', value: false }
 */
export function readProbeOutput(outcome: string): ProbeOutput {
  if (outcome.startsWith('FAIL: ')) {
    const report = outcome.slice(6);
    return { key: report, value: report.startsWith('R:') || report.startsWith('H:') };
  }
  if (outcome.startsWith('ERROR:')) {
    const colon = outcome.indexOf(':', 6);
    return { key: colon < 0 ? outcome : outcome.slice(0, colon), value: false };
  }
  return { key: outcome, value: false };
}
