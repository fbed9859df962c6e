import { inspect } from 'node:util';

/**
 * An API key that cannot leak by accident: `String()`, `JSON.stringify`, `console.log` and
 * `util.inspect` all print `[redacted]`. The value is only reachable through {@link Secret.reveal},
 * which the CLI calls at the single place where it hands the key to a provider factory.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return '[redacted]';
  }
}
