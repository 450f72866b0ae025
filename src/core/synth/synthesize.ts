import type { ProbeValue } from '../wire';
import { COMPARE_OPS, pythonCompare, type CompareOp } from './python-compare';

// Conditions that give the wanted value at every recorded evaluation of a probed condition
// (src/core/synth/probe.ts) or of a new one (a guard, an early exit: statement-probe.ts),
// smallest first: a comparison of two names in scope or of a name and a constant, a boolean
// name, a name's truth, a None test, a string's prefix, suffix or part; the condition negated;
// the condition with one of those as a new disjunct or conjunct; two of those joined. Evaluated
// as Python would, short circuits included: a term that raises where it is reached rules the
// expression out.

export interface Observation {
  /** The simple locals at the evaluation, `len(name)` of sized ones. */
  locals: Readonly<Record<string, ProbeValue>>;
  /** The condition's own value (a new condition's: what the code does without it); null where it raised. */
  original: boolean | null;
  /**
   * The value the tests want here; null where no probe could tell (a failing test's evaluation
   * when no schedule made it pass): then the condition must not raise there, and differ from
   * `original` at one such evaluation at least, or it changes nothing the failing tests see.
   */
  wanted: boolean | null;
}

export interface Constant {
  /** As Python source. */
  text: string;
  value: ProbeValue;
}

export interface SynthesisInput {
  /** The condition's text; null for a new condition (nothing of its own to keep, negate or join). */
  condition: string | null;
  /** The names the condition (or the statement a new one guards) uses: their terms come first, and go before it (a guard short-circuits). */
  conditionNames: readonly string[];
  observations: readonly Observation[];
  constants: readonly Constant[];
  limit: number;
}

/** A value per observation; undefined where evaluating raises. */
type Values = (boolean | undefined)[];

interface Term {
  text: string;
  /** Tokens, roughly: a name 1, a comparison 3. */
  cost: number;
  names: string[];
  values: Values;
}

/** Terms observationally equal to an earlier one kept beside it: the tests' evaluations cannot tell them apart, the validator may. */
const PER_BEHAVIOUR = 2;
// Conditions that read as one operand next to `and`/`or` only in parentheses.
const LOOSE = /\b(or|and|if|lambda)\b|:=/;

type Kind = 'number' | 'string' | 'bool' | 'other';

function kindOf(name: string, observations: readonly Observation[]): { kind: Kind; nullable: boolean } {
  const seen = observations.flatMap((o) => (name in o.locals ? [o.locals[name]!] : []));
  const present = seen.filter((v) => v !== null);
  const nullable = present.length < seen.length;
  if (present.length > 0 && present.every((v) => typeof v === 'boolean')) return { kind: 'bool', nullable };
  if (present.length > 0 && present.every((v) => typeof v === 'number' || typeof v === 'boolean')) return { kind: 'number', nullable };
  if (present.length > 0 && present.every((v) => typeof v === 'string')) return { kind: 'string', nullable };
  return { kind: 'other', nullable };
}

/** The observations' names, the condition's own (their fields, then their lengths) first. */
function operandNames(input: SynthesisInput): string[] {
  const all = [...new Set(input.observations.flatMap((o) => Object.keys(o.locals)))];
  const place = (name: string): number =>
    input.conditionNames.findIndex((n) => name === n || name === `len(${n})` || name.startsWith(`${n}.`) || name.startsWith(`${n}[`));
  const own = all
    .filter((n) => place(n) >= 0)
    .sort((a, b) => place(a) - place(b) || Number(a.startsWith('len(')) - Number(b.startsWith('len(')));
  return [...own, ...all.filter((n) => place(n) < 0)];
}

const valuesOf = (observations: readonly Observation[], test: (locals: Observation['locals']) => boolean | undefined): Values =>
  observations.map((o) => test(o.locals));

function atoms(input: SynthesisInput): Term[] {
  const { observations } = input;
  const names = operandNames(input);
  const kinds = new Map(names.map((n) => [n, kindOf(n, observations)]));
  // Names holding strings beside other simple values.
  const textual = new Set(names.filter((n) => observations.some((o) => typeof o.locals[n] === 'string')));
  const terms: Term[] = [];
  // A string's prefix, suffix or part: after the comparisons of the same cost (`line == 'END'` before `line.startswith('END')`).
  const affixes: Term[] = [];
  const read = (name: string) => (locals: Observation['locals']) => (name in locals ? locals[name]! : undefined);
  const negated = (v: boolean | undefined): boolean | undefined => (v === undefined ? undefined : !v);
  /** `name` and `not name`, from a truth per observation (undefined: not seen there). */
  const truthTerms = (bare: string, truth: (l: Observation['locals']) => boolean | undefined | ProbeValue): void => {
    const of = (l: Observation['locals']): boolean | undefined => {
      const v = truth(l);
      return v === undefined ? undefined : v === null ? false : typeof v === 'boolean' ? v : v !== '' && v !== 0;
    };
    terms.push({ text: bare, cost: 1, names: [bare], values: valuesOf(observations, of) });
    terms.push({ text: `not ${bare}`, cost: 2, names: [bare], values: valuesOf(observations, (l) => negated(of(l))) });
  };
  for (const name of names) {
    const { kind, nullable } = kinds.get(name)!;
    const value = read(name);
    const bare = name.startsWith('len(') ? null : name;
    if (kind === 'bool' && bare) {
      terms.push({
        text: bare,
        cost: 1,
        names: [bare],
        values: valuesOf(observations, (l) => (value(l) === undefined ? undefined : value(l) === true)),
      });
      terms.push({
        text: `not ${bare}`,
        cost: 2,
        names: [bare],
        values: valuesOf(observations, (l) => (value(l) === undefined ? undefined : value(l) !== true)),
      });
    }
    if (kind === 'string' && bare) truthTerms(bare, value);
    else if (!bare && kind === 'number' && !name.slice(4, -1).includes('(')) {
      // `len(x)` of a sized value: its truth is the idiom (`not items`).
      const sized = name.slice(4, -1);
      truthTerms(sized, (l) => {
        const n = value(l);
        return n === undefined || n === null ? undefined : n !== 0;
      });
    }
    if (kind === 'string' && bare) {
      for (const constant of input.constants) {
        if (typeof constant.value !== 'string' || constant.value === '') continue;
        const part = constant.value;
        const tests: [string, (s: string) => boolean][] = [
          [`${bare}.startswith(${constant.text})`, (s) => s.startsWith(part)],
          [`${bare}.endswith(${constant.text})`, (s) => s.endsWith(part)],
          [`${constant.text} in ${bare}`, (s) => s.includes(part)],
        ];
        for (const [text, test] of tests) {
          const of = (l: Observation['locals']): boolean | undefined => {
            const v = value(l);
            return typeof v === 'string' ? test(v) : undefined;
          };
          affixes.push({ text, cost: 3, names: [bare], values: valuesOf(observations, of) });
          affixes.push({ text: `not ${text}`, cost: 4, names: [bare], values: valuesOf(observations, (l) => negated(of(l))) });
        }
      }
    }
    if (kind === 'other' && bare && textual.has(name)) {
      // Text among numbers (a header in a column of amounts): its type tells them apart.
      const isText = (l: Observation['locals']): boolean | undefined => {
        const v = value(l);
        return v === undefined ? undefined : typeof v === 'string';
      };
      terms.push({ text: `isinstance(${bare}, str)`, cost: 2, names: [bare], values: valuesOf(observations, isText) });
      terms.push({
        text: `not isinstance(${bare}, str)`,
        cost: 3,
        names: [bare],
        values: valuesOf(observations, (l) => negated(isText(l))),
      });
    }
    if (nullable && bare) {
      terms.push({
        text: `${bare} is None`,
        cost: 2,
        names: [bare],
        values: valuesOf(observations, (l) => (value(l) === undefined ? undefined : value(l) === null)),
      });
      terms.push({
        text: `${bare} is not None`,
        cost: 2,
        names: [bare],
        values: valuesOf(observations, (l) => (value(l) === undefined ? undefined : value(l) !== null)),
      });
    }
  }
  const comparable = (a: Kind, b: Kind): boolean =>
    (a === 'number' || a === 'bool') === (b === 'number' || b === 'bool') && (a === b || a !== 'string');
  const compare = (
    left: string,
    leftNames: string[],
    right: string,
    rightNames: string[],
    get: (l: Observation['locals']) => [ProbeValue | undefined, ProbeValue | undefined],
    orders: boolean,
    // Text is compared for equality far more often than ordered: `==` and `!=` first there.
    text: boolean,
  ): void => {
    for (const op of text ? EQUALITY_FIRST : COMPARE_OPS) {
      if (!orders && op !== '==' && op !== '!=') continue;
      terms.push({
        text: `${left} ${op} ${right}`,
        cost: 3,
        names: [...leftNames, ...rightNames],
        values: valuesOf(observations, (l) => {
          const [a, b] = get(l);
          return a === undefined || b === undefined ? undefined : pythonCompare(a, op, b);
        }),
      });
    }
  };
  const base = (name: string): string[] => [name.replace(/^len\((.*)\)$/, '$1')];
  // A size counts things: it is compared with whole numbers held in plain names only (an index, a
  // limit), not with amounts (`amount > len(lines)` holds on the tests' amounts by chance) or a
  // record's fields (`item['qty'] <= len(stock)`: data, not a position); and a record's own
  // size (a dict read by its keys, an object by its fields) is no quantity of the program at all.
  const isField = (name: string): boolean => /[[.]/.test(name.replace(/^len\(.*\)$/, ''));
  const whole = new Set(
    names.filter((n) => !isField(n) && observations.every((o) => !(n in o.locals) || Number.isInteger(o.locals[n] ?? 0))),
  );
  const isSize = (name: string): boolean => name.startsWith('len(');
  const sizeOfRecord = (name: string): boolean =>
    isSize(name) && names.some((m) => m.startsWith(`${base(name)[0]}[`) || m.startsWith(`${base(name)[0]}.`));
  const sizeFits = (a: string, b: string, bWhole: boolean): boolean =>
    !sizeOfRecord(a) && !sizeOfRecord(b) && (!isSize(a) || bWhole) && (!isSize(b) || whole.has(a));
  for (const [i, a] of names.entries()) {
    const kindA = kinds.get(a)!.kind;
    if (kindA === 'other') continue;
    for (const b of names.slice(i + 1)) {
      const kindB = kinds.get(b)!.kind;
      if (kindB === 'other' || !comparable(kindA, kindB) || !sizeFits(a, b, whole.has(b))) continue;
      // Two texts are compared for equality only: their alphabetical order (`item.sku > item.name`)
      // separates the tests' values by chance far more often than it means anything.
      const orders = kindA !== 'bool' && kindB !== 'bool' && kindA !== 'string';
      compare(a, base(a), b, base(b), (l) => [read(a)(l), read(b)(l)], orders, kindA === 'string');
    }
    for (const constant of input.constants) {
      const kindC = typeof constant.value === 'string' ? 'string' : 'number';
      if (constant.value === null || !comparable(kindA, kindC) || kindA === 'bool') continue;
      if (!sizeFits(a, constant.text, typeof constant.value !== 'number' || Number.isInteger(constant.value))) continue;
      compare(a, base(a), constant.text, [], (l) => [read(a)(l), constant.value], kindA === 'number', kindC === 'string');
    }
  }
  return distinct([...terms, ...affixes]);
}

const EQUALITY_FIRST: readonly CompareOp[] = ['==', '!=', '<', '<=', '>', '>='];

/** At most PER_BEHAVIOUR terms per vector of values, first come first kept; none that raises everywhere. */
function distinct(terms: Term[]): Term[] {
  const count = new Map<string, number>();
  return terms.filter((term) => {
    if (term.values.every((v) => v === undefined)) return false;
    const key = term.values.map((v) => (v === undefined ? 'x' : v ? '1' : '0')).join('');
    const seen = count.get(key) ?? 0;
    count.set(key, seen + 1);
    return seen < PER_BEHAVIOUR;
  });
}

function joined(first: Term, operator: 'and' | 'or', second: Term, cost: number): Term {
  const values = first.values.map((x, i) => (x === undefined ? undefined : (operator === 'or') === x ? x : second.values[i]));
  return { text: `${first.text} ${operator} ${second.text}`, cost, names: [...first.names, ...second.names], values };
}

/** Candidate conditions that agree with every observation, cheapest first (ties: the order they were made in), at most `limit`. */
export function synthesizeConditions(input: SynthesisInput): string[] {
  const { observations } = input;
  const open = observations.some((o) => o.wanted === null);
  const fits = (term: Term): boolean => {
    let changes = false;
    for (const [i, o] of observations.entries()) {
      const v = term.values[i];
      if (o.wanted !== null) {
        if (v !== o.wanted) return false;
      } else if (v === undefined) return false;
      else if (v !== o.original) changes = true;
    }
    return changes || !open;
  };
  const terms = atoms(input);
  const found: Term[] = [];
  const keep = (term: Term): void => {
    if (fits(term)) found.push(term);
  };
  terms.forEach(keep);
  if (input.condition !== null) {
    const own: Term = {
      text: LOOSE.test(input.condition) ? `(${input.condition})` : input.condition,
      cost: 1,
      names: [...input.conditionNames],
      values: observations.map((o) => o.original ?? undefined),
    };
    keep({ ...own, text: `not ${own.text}`, cost: 2, values: own.values.map((v) => (v === undefined ? undefined : !v)) });
    for (const term of terms) {
      // A term on names the condition uses guards it: it goes first.
      const guards = term.names.some((n) => input.conditionNames.includes(n));
      for (const operator of ['or', 'and'] as const)
        keep(guards ? joined(term, operator, own, term.cost + 2) : joined(own, operator, term, term.cost + 2));
    }
  }
  for (const [i, a] of terms.entries()) {
    for (const b of terms.slice(i + 1)) for (const operator of ['or', 'and'] as const) keep(joined(a, operator, b, a.cost + b.cost + 1));
  }
  const texts = found
    .map((term, order) => ({ term, order }))
    .sort((x, y) => x.term.cost - y.term.cost || x.order - y.order)
    .map(({ term }) => term.text)
    .filter((text) => text !== input.condition);
  return [...new Set(texts)].slice(0, input.limit);
}
