/**
 * Locating JSON syntax errors. `JSON.parse` on Node 20 reports a position for some errors only
 * (`Unexpected token '}', ..."ks": [1,\n}" is not valid JSON` has none), so readers find the offset themselves.
 */

/** Where a JSON text stops being valid. */
export interface JsonErrorLocation {
  /** 0-based offset of the first character that cannot continue a valid document. */
  offset: number;
  /** 1-based line of that offset. */
  line: number;
  /** 1-based column (UTF-16 code units) of that offset. */
  column: number;
}

class Stop {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Returns the location of the first syntax error of a JSON text (RFC 8259; whitespace is space, tab, LF, CR), or
 * `null` when the text is valid. For a truncated text the offset is its length.
 *
 * @example
 * locateJsonError('{"a": [1,\n}');   // { offset: 10, line: 2, column: 1 }
 * locateJsonError('{"a": 1}');       // null
 */
export function locateJsonError(text: string): JsonErrorLocation | null {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) throw new Stop(i);
    i++;
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (i >= n) throw new Stop(i);
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) throw new Stop(i);
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Stop(i);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else throw new Stop(i);
        continue;
      }
      i++;
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        string();
        ws();
        expect(':');
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        expect('}');
        return;
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        expect(']');
        return;
      }
    }
    if (c === '"') {
      string();
      return;
    }
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (m === null) throw new Stop(i);
    i += m[0].length;
  };
  try {
    value();
    ws();
    if (i !== n) throw new Stop(i);
    return null;
  } catch (stop) {
    if (!(stop instanceof Stop)) throw stop;
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < stop.offset && k < n; k++) {
      if (text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    return { offset: stop.offset, line, column: stop.offset - lineStart + 1 };
  }
}
