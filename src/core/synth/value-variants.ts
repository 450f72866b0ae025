import type { ValueSite } from './value-sites';

// What a suspect value might have been instead, smallest first: the value through one of its
// type's methods or a builtin (case, whitespace, conversion, rounding, ordering,
// de-duplication, padding), a function of the module, a `sorted`/`min`/`max` call with a key,
// then arithmetic with a constant of the function, then a slice by a name in scope, arithmetic
// with one, a name's length.
// A variant need not use the value: its lambda closes over the function's names. Nothing here knows the value's type: the probe evaluates every variant in Python
// (src/python/deepdebug/probe.py `value`), and one that raises on the value's type drops out.

export interface Variant {
  /** The expression in the site's place. */
  text: string;
  /** The same, as the body of a one-parameter lambda (`lambda PARAMETER: ...`) over the value. */
  probe: string;
  /** Roughly the tokens added: the order variants are tried in. */
  cost: number;
}

/** The lambdas' parameter: a name no program uses. */
export const PARAMETER = '_deepdebug_value';
/** Variants per site: the probe evaluates each at each evaluation it records. */
export const MAX_VARIANTS = 128;

/** A variant of the value `v`, which reads `p` where it needs one operand (parenthesized unless primary). */
interface Shape {
  make: (v: string, p: string) => string;
  cost: number;
  /** An operator at the top: parenthesized where the site is an operand. */
  operator?: boolean;
}

const METHODS = ['lower', 'upper', 'strip', 'title', 'casefold', 'capitalize', 'lstrip', 'rstrip', 'split'];
const BUILTINS = ['int', 'float', 'str', 'abs', 'round', 'len', 'sorted', 'set', 'list', 'tuple', 'sum', 'min', 'max', 'bool'];
const WRAPS = [
  'round({v}, 1)',
  'round({v}, 2)',
  'list(reversed({v}))',
  'sorted({v}, reverse=True)',
  'sorted(set({v}))',
  'list(dict.fromkeys({v}))',
  'sorted({v}, key=len)',
  'sorted({v}, key=str.lower)',
];
/** Variants that reorder or drop a collection's elements. */
const REORDERING = /\b(sorted|reversed|set|dict\.fromkeys|min|max)\(/;
const ARITHMETIC = ['+', '-', '*', '/', '//', '%'];
const KEYS = ['str.lower', 'len', 'lambda item: (len(item), item)', 'float', 'int', 'str'];
/** Padding widths tried whatever the function's literals. */
const WIDTHS = [2, 3, 4, 5, 6, 8];
/** Numeric constants of the function used in arithmetic. */
const MAX_NUMBERS = 6;

function shapes(site: ValueSite): Shape[] {
  // A tuple or list written out in place has its order written out too: another order is an
  // edit of the display (the templates' argument swaps), not a value to synthesize; a reordered
  // tuple of a call's arguments passed the tests of a project whose fix was elsewhere.
  const keepsOrder = (text: string) => !(isDisplay(site.text) && REORDERING.test(text));
  const out: Shape[] = [
    ...METHODS.map((m) => ({ make: (_v: string, p: string) => `${p}.${m}()`, cost: 1 })),
    ...BUILTINS.filter((b) => keepsOrder(`${b}(`)).map((b) => ({ make: (v: string) => `${b}(${v})`, cost: 1 })),
    // The module's own functions, and a key for the site's own sort, before a generic wrap.
    ...site.helpers.map((h) => ({ make: (v: string) => `${h}(${v})`, cost: 2 })),
  ];
  if (site.ordering) {
    const { callee, argument } = site.ordering;
    for (const key of [...site.helpers, ...KEYS]) out.push({ make: () => `${callee}(${argument}, key=${key})`, cost: 2 });
  }
  out.push(...WRAPS.filter(keepsOrder).map((w) => ({ make: (v: string) => w.replace('{v}', v), cost: 2 })));
  const numbers = site.constants.filter((c) => typeof c.value === 'number' && c.value > 0).slice(0, MAX_NUMBERS);
  for (const constant of [...numbers, ...site.constants.filter((c) => typeof c.value === 'string')]) {
    const { text, value } = constant;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 2) out.push({ make: (_v, p) => `${p}.zfill(${text})`, cost: 2 });
    if (typeof value === 'string' && value !== '') out.push({ make: (_v, p) => `${p} + ${text}`, cost: 2, operator: true });
    if (typeof value !== 'number' || value <= 0) continue;
    for (const op of ARITHMETIC) {
      if (value === 1 && op !== '+' && op !== '-') continue;
      out.push({ make: (_v, p) => `${p} ${op} ${text}`, cost: 2, operator: true });
    }
  }
  for (const width of WIDTHS) out.push({ make: (_v, p) => `${p}.zfill(${width})`, cost: 3 });
  for (const name of site.scope) {
    // Sliced by a name: the first `limit`, from `start` on, the last `n`.
    for (const slice of [`[:${name}]`, `[${name}:]`, `[-${name}:]`]) out.push({ make: (_v, p) => `${p}${slice}`, cost: 3 });
  }
  for (const name of site.scope) {
    for (const op of ARITHMETIC) out.push({ make: (_v, p) => `${p} ${op} ${name}`, cost: 3, operator: true });
    out.push({ make: (_v, p) => `${name} - ${p}`, cost: 3, operator: true });
  }
  for (const name of site.scope) {
    for (const op of ['-', '+']) out.push({ make: (_v, p) => `${p} ${op} len(${name})`, cost: 4, operator: true });
    // Another name's size in the value's place (`total / len(items)` for `total / count`).
    out.push({ make: () => `len(${name})`, cost: 4 });
  }
  return out;
}

/** A tuple or list display: `(a, b)`, `[a, b]`. */
function isDisplay(text: string): boolean {
  return /^\(.*,.*\)$/s.test(text) || /^\[.*\]$/s.test(text);
}

/** The site's variants, cheapest first (ties: the order above), at most MAX_VARIANTS, none twice. */
export function variantsOf(site: ValueSite): Variant[] {
  const own = site.primary ? site.text : `(${site.text})`;
  const seen = new Set<string>();
  const variants: Variant[] = [];
  for (const shape of [...shapes(site)].sort((a, b) => a.cost - b.cost)) {
    const made = shape.make(site.text, own);
    const text = shape.operator && site.kind === 'operand' ? `(${made})` : made;
    if (seen.has(text)) continue;
    seen.add(text);
    variants.push({ text, probe: shape.make(PARAMETER, PARAMETER), cost: shape.cost });
  }
  return variants.slice(0, MAX_VARIANTS);
}
