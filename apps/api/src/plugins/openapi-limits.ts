/**
 * What the OpenAPI document can say of the limits the zod schemas already enforce but do not
 * write as keywords: the longest string an anchored pattern admits (a uuid's 36 characters, a
 * date's 10) as `maxLength`, and an integer's width from its bounds as `format` (`int32`,
 * `int64`). Nothing here adds a limit: each figure follows from a keyword the validator checks.
 */

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** `\d` and the like: one character. */
const ONE_CHARACTER_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S']);

/**
 * The most characters a whole-string pattern (`^…$`) admits, or undefined when it admits any
 * number (`+`, `*`, `{n,}`) or uses what this reader does not know (back-references, a
 * lookbehind, unanchored ends). Reads the subset of regular expressions the schemas write.
 */
export function longestMatch(pattern: string): number | undefined {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$'))
    return undefined;
  const source = pattern.slice(1, -1);
  let at = 0;

  /** Alternatives separated by `|`, until the end or a closing parenthesis. */
  const alternatives = (): number => {
    let longest = sequence();
    while (source[at] === '|') {
      at += 1;
      longest = Math.max(longest, sequence());
    }
    return longest;
  };

  const sequence = (): number => {
    let total = 0;
    while (at < source.length && source[at] !== '|' && source[at] !== ')')
      total += quantified(atom());
    return total;
  };

  const atom = (): number => {
    const char = source[at]!;
    if (char === '(') {
      at += 1;
      let zeroWidth = false;
      if (source[at] === '?') {
        const kind = source.slice(at, at + 2);
        if (kind === '?:') at += 2;
        else if (kind === '?=' || kind === '?!') {
          at += 2;
          zeroWidth = true;
        } else throw new Unreadable();
      }
      const inner = alternatives();
      if (source[at] !== ')') throw new Unreadable();
      at += 1;
      return zeroWidth ? 0 : inner;
    }
    if (char === '[') {
      at += 1;
      while (at < source.length && source[at] !== ']') at += source[at] === '\\' ? 2 : 1;
      if (source[at] !== ']') throw new Unreadable();
      at += 1;
      return 1;
    }
    if (char === '\\') {
      const escaped = source[at + 1];
      if (
        escaped === undefined ||
        (/[0-9a-zA-Z]/.test(escaped) && !ONE_CHARACTER_ESCAPES.has(escaped))
      )
        throw new Unreadable();
      at += 2;
      return 1;
    }
    if (char === '^' || char === '$') throw new Unreadable();
    at += 1;
    return 1;
  };

  /** The length of an atom as its quantifier, if any, repeats it. */
  const quantified = (length: number): number => {
    const char = source[at];
    if (char === '?') {
      at += 1;
      return length;
    }
    if (char === '*' || char === '+') return Infinity;
    if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
      if (!match) throw new Unreadable();
      at += match[0].length;
      if (match[2] === undefined) return length * Number(match[1]);
      return match[3] ? length * Number(match[3]) : Infinity;
    }
    return length;
  };

  try {
    const longest = alternatives();
    return at === source.length && Number.isFinite(longest) ? longest : undefined;
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
}

class Unreadable extends Error {}

type Node = Record<string, unknown>;

/** One schema node: the limits its own keywords imply, written beside them. */
function stateLimits(node: Node): void {
  const types = ([] as unknown[]).concat(node.type ?? []);
  if (
    types.includes('string') &&
    node.maxLength === undefined &&
    typeof node.pattern === 'string'
  ) {
    const longest = longestMatch(node.pattern);
    if (longest !== undefined) node.maxLength = longest;
  }
  const lowest = node.minimum ?? node.exclusiveMinimum;
  const highest = node.maximum ?? node.exclusiveMaximum;
  if (
    types.includes('integer') &&
    node.format === undefined &&
    typeof lowest === 'number' &&
    typeof highest === 'number'
  )
    node.format = lowest >= INT32.min && highest <= INT32.max ? 'int32' : 'int64';
}

/** Every schema node of a document (or part of one), its limits stated (`stateLimits`). */
export function stateDocumentLimits<T>(document: T): T {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    stateLimits(value as Node);
    Object.values(value).forEach(visit);
  };
  visit(document);
  return document;
}
