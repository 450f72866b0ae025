import type { Candidate } from '../types';
import type { ProbeEvaluation } from '../wire';
import { candidateFor } from './probe';
import { PARAMETER, type Variant } from './value-variants';
import type { ValueSite } from './value-sites';

// Value probes, and the variants of a value that the tests' evaluations leave standing.
//
// The angelic value of an expression that is not a condition is unknown, and searching values
// is costly, so no value is searched for: the probe (src/python/deepdebug/probe.py `value`)
// evaluates every variant of the value (value-variants.ts) at each evaluation, in Python, on
// the live value and locals, and reports how each compares with the value itself. Two runs per
// site at most:
// 1. observation: nothing forced; the failing tests' evaluations say which variants give
//    another value there (and none that raises), one or two per distinct behaviour;
// 2. the first of those (one whose value a failing assertion expected, if any) forced in the
//    failing tests only: where it makes them pass, the
//    passing tests run too, on their own values, and every variant must give their own value
//    at each of their evaluations. Where it does not, that variant is out (it is what the
//    variant as a patch does in those tests) and the others go on unchecked by passing tests.
// Each variant left is an ordinary candidate: the validator decides.

/** Force variant `variant` (an index into the probe's list) in the tests named; -1: never. */
export interface ValueSchedule {
  variant: number;
  tests: readonly string[];
}

/** Variants kept per distinct behaviour on the failing tests' evaluations: they cannot tell them apart, the validator may. */
const PER_BEHAVIOUR = 2;
/** A variant giving the value's own value (probe.py SAME). */
const SAME = '=';

export const OBSERVE: ValueSchedule = { variant: -1, tests: [] };

const pythonString = (text: string): string => JSON.stringify(text);

/** The probe candidate: never shown, only run to see what each variant gives at each evaluation. */
export function valueProbeCandidate(site: ValueSite, variants: readonly Variant[], schedule: ValueSchedule): Promise<Candidate | null> {
  const lambdas = variants.map((v) => `lambda ${PARAMETER}: ${v.probe}, `).join('');
  const tests = schedule.tests.map((t) => `${pythonString(t)}, `).join('');
  const call = `__import__("deepdebug.probe", fromlist=["value"]).value(0, lambda: (${site.text}), locals(), (${lambdas}), (${schedule.variant}, (${tests})))`;
  const forced = schedule.variant < 0 ? 'observed' : `with \`${variants[schedule.variant]?.text}\` forced`;
  return candidateFor(site, call, 'angelic-probe', `probe value ${site.text} at line ${site.line}, ${forced}`, 0);
}

/** A variant in the site's place: an ordinary candidate. */
export function variantCandidate(site: ValueSite, variant: Variant, score: number): Promise<Candidate | null> {
  return candidateFor(site, variant.text, 'synth-value', `replace \`${site.text}\` with \`${variant.text}\` (line ${site.line})`, score);
}

/**
 * The indices of the variants that give another value than the expression's own at some
 * evaluation of the failing tests in `observed` and raise at none of them, and give the own
 * value at every evaluation of a passing test (in `observed` or `checked`, runs that forced
 * nothing outside the failing tests); at most PER_BEHAVIOUR per behaviour on the failing
 * tests, in the variants' order.
 */
export function standingVariants(
  count: number,
  observed: readonly ProbeEvaluation[],
  checked: readonly ProbeEvaluation[],
  failing: ReadonlySet<string>,
): number[] {
  const inFailing = observed.filter((e) => failing.has(e.test) && e.variants);
  const inPassing = [...observed, ...checked].filter((e) => e.test !== '' && !failing.has(e.test) && e.variants);
  if (inFailing.length === 0) return [];
  const behaviours = new Map<string, number>();
  const standing: number[] = [];
  for (let i = 0; i < count; i++) {
    const there = inFailing.map((e) => e.variants![i] ?? null);
    if (there.some((v) => v === null) || there.every((v) => v === SAME)) continue;
    if (!inPassing.every((e) => e.variants![i] === SAME)) continue;
    const key = JSON.stringify(there);
    const seen = behaviours.get(key) ?? 0;
    behaviours.set(key, seen + 1);
    if (seen < PER_BEHAVIOUR) standing.push(i);
  }
  return standing;
}

/** Whether variant `i`'s value at a failing evaluation is one a failing test's assertion compared the result with (`== <repr>` in its message: the value it expected). */
export function isExpected(i: number, observed: readonly ProbeEvaluation[], messages: readonly string[]): boolean {
  return observed.some((e) => {
    const shown = e.variants?.[i];
    return (
      shown !== undefined &&
      shown !== null &&
      shown !== SAME &&
      messages.some((m) => m.includes(`== ${shown}`) || m.includes(`${shown} ==`))
    );
  });
}

/** The indices, those first that isExpected. */
export function expectedFirst(indices: readonly number[], observed: readonly ProbeEvaluation[], messages: readonly string[]): number[] {
  const expected = (i: number): boolean => isExpected(i, observed, messages);
  return [...indices.filter(expected), ...indices.filter((i) => !expected(i))];
}
