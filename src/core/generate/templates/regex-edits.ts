// A regular expression edited by its syntax, as a person fixing one would: a quantifier
// changed, added or dropped, greedy made lazy, a group made optional, an anchor added or
// dropped, a character class widened by a character the tests use or narrowed by one of its
// items, `\d` for `\w` and back. Every variant is parsed before it is offered: one that does
// not compile is never run.

export interface RegexVariant {
  pattern: string;
  plausibility: number;
  /** In words: "`+` for `*`", "an optional group". */
  what: string;
}

type Token =
  | { type: 'atom'; text: string; start: number; end: number; kind: 'class' | 'escape' | 'dot' | 'char' | 'group' }
  | { type: 'quantifier'; text: string; start: number; end: number }
  | { type: 'other'; text: string; start: number; end: number };

const MAX_VARIANTS = 40;

/** The pattern's tokens at its top level and inside groups (a group is an atom ending at its `)`). */
function tokens(pattern: string): Token[] | null {
  const out: Token[] = [];
  const opens: number[] = [];
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    const start = i;
    if (ch === '\\') {
      if (i + 1 >= pattern.length) return null;
      i += 2;
      out.push({
        type: 'atom',
        text: pattern.slice(start, i),
        start,
        end: i,
        kind: /[dwsDWS]/.test(pattern[start + 1]!) ? 'escape' : 'char',
      });
    } else if (ch === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      if (i >= pattern.length) return null;
      i++;
      out.push({ type: 'atom', text: pattern.slice(start, i), start, end: i, kind: 'class' });
    } else if (ch === '(') {
      opens.push(out.length);
      // The group's kind (`(?:`, `(?P<name>`, `(?=`, `(?<!`) belongs to its opening.
      i += /^\((\?(P<\w+>|<[=!]|[:=!]|[a-zA-Z]+\)?))?/.exec(pattern.slice(i))![0].length;
      out.push({ type: 'other', text: pattern.slice(start, i), start, end: i });
    } else if (ch === ')') {
      const open = opens.pop();
      if (open === undefined) return null;
      i++;
      out.push({ type: 'atom', text: pattern.slice(out[open]!.start, i), start: out[open]!.start, end: i, kind: 'group' });
    } else if ('*+?'.includes(ch) || (ch === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i)))) {
      i = ch === '{' ? pattern.indexOf('}', i) + 1 : i + 1;
      if (pattern[i] === '?') i++;
      out.push({ type: 'quantifier', text: pattern.slice(start, i), start, end: i });
    } else {
      i++;
      out.push(
        ch === '.'
          ? { type: 'atom', text: ch, start, end: i, kind: 'dot' }
          : '^$|'.includes(ch)
            ? { type: 'other', text: ch, start, end: i }
            : { type: 'atom', text: ch, start, end: i, kind: 'char' },
      );
    }
  }
  return opens.length === 0 ? out : null;
}

/** Whether Python's `re` would compile it, as far as JavaScript's parser can tell (Python's named groups translated). */
export function compiles(pattern: string): boolean {
  const translated = pattern.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  try {
    new RegExp(translated);
    return true;
  } catch {
    return false;
  }
}

/** The class's items: single characters, escapes, ranges. */
function classItems(body: string): string[] {
  return body.match(/\\.|.-[^\]]|./gs) ?? [];
}

/** A character as a class item. */
function inClass(ch: string): string {
  return /[\]\\^-]/.test(ch) ? `\\${ch}` : ch;
}

export function regexVariants(pattern: string, alphabet: readonly string[]): RegexVariant[] {
  const parsed = tokens(pattern);
  if (!parsed) return [];
  const variants = new Map<string, RegexVariant>();
  /** The pattern with each of `at` (in order, not overlapping) replaced by `text`. */
  const splice = (at: readonly { start: number; end: number }[], text: string, plausibility: number, what: string): void => {
    let edited = pattern;
    for (const { start, end } of [...at].reverse()) edited = edited.slice(0, start) + text + edited.slice(end);
    if (edited !== pattern && !variants.has(edited) && compiles(edited)) variants.set(edited, { pattern: edited, plausibility, what });
  };
  const at = (start: number, end = start): { start: number; end: number }[] => [{ start, end }];
  parsed.forEach((token, k) => {
    const next = parsed[k + 1];
    if (token.type === 'quantifier') {
      const greedy = token.text.replace(/\?$/, '') || '?';
      const others = ['*', '+', '?'];
      const counted = /^\{(\d+)\}$/.exec(greedy);
      if (counted) others.unshift(`{1,${counted[1]}}`, `{${counted[1]},}`);
      for (const other of others) {
        if (other === greedy) continue;
        const plausibility = other.startsWith('{') ? 0.55 : 0.5;
        splice([token], other, plausibility, `\`${other}\` for \`${token.text}\``);
        // The same quantifier elsewhere in the pattern, changed alike (`\d{2}/\d{2}` → `\d{1,2}/\d{1,2}`).
        const alike: Token[] = parsed.filter((t) => t.type === 'quantifier' && t.text === token.text);
        if (alike.length > 1 && alike[0] === token) splice(alike, other, plausibility - 0.05, `\`${other}\` for every \`${token.text}\``);
      }
      splice([token], '', 0.3, `\`${token.text}\` dropped`);
      if (!token.text.endsWith('?') || token.text === '?') splice(at(token.end), '?', 0.35, 'lazy');
      return;
    }
    if (token.type !== 'atom') return;
    if (next?.type !== 'quantifier') {
      if (token.kind === 'group') splice(at(token.end), '?', 0.45, 'an optional group');
      else if (token.kind !== 'char') for (const q of ['+', '*', '?']) splice(at(token.end), q, 0.45, `\`${q}\` after \`${token.text}\``);
    }
    if (token.kind === 'escape') {
      const letter = token.text[1]!;
      const swap = { d: 'w', w: 'd', D: 'W', W: 'D' }[letter];
      if (swap) splice([token], `\\${swap}`, 0.3, `\`\\${swap}\` for \`${token.text}\``);
    }
    if (token.kind === 'class') {
      const negated = token.text.startsWith('[^');
      const body = token.text.slice(negated ? 2 : 1, -1);
      const items = classItems(body);
      const open = negated ? '[^' : '[';
      for (const ch of alphabet) {
        if (items.includes(inClass(ch)) || items.includes(ch)) continue;
        // First in the class: after `\w-` a character would read as a range's end.
        splice([token], `${open}${inClass(ch)}${body}]`, 0.5, `\`${ch}\` ${negated ? 'excluded' : 'allowed'} too`);
      }
      if (items.length > 1)
        items.forEach((item, i) =>
          splice(
            [token],
            `${open}${items.filter((_, j) => j !== i).join('')}]`,
            0.3,
            `\`${item}\` no longer ${negated ? 'excluded' : 'allowed'}`,
          ),
        );
    }
  });
  if (!pattern.startsWith('^')) splice(at(0), '^', 0.35, 'anchored at the start');
  if (!pattern.endsWith('$') && !pattern.endsWith('\\Z')) splice(at(pattern.length), '$', 0.4, 'anchored at the end');
  if (pattern.startsWith('^')) splice(at(0, 1), '', 0.25, 'not anchored at the start');
  if (pattern.endsWith('$') && !pattern.endsWith('\\$'))
    splice(at(pattern.length - 1, pattern.length), '', 0.25, 'not anchored at the end');
  return [...variants.values()].sort((a, b) => b.plausibility - a.plausibility).slice(0, MAX_VARIANTS);
}
