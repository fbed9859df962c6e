import type { ProbeValue } from './probe-value.js';

/** The arguments of one generated call: positional values, then keyword arguments by name. */
export interface ProbeCall {
  readonly positional: readonly ProbeValue[];
  readonly keyword: readonly (readonly [string, ProbeValue])[];
}
