import type { Candidate, Validation } from '../types';
import type { Effect, PatchMethod, ProbeEvaluation, ResultMessage, WireOutcome, WireTestResult } from '../wire';
import { harmText, newEffects } from './effects';

// Turns the worker's report for one candidate into a verdict. A patch is validated only when
// every failing test passed and no selected previously passing test failed; a missing result
// (the run stopped early) never counts as a pass. A candidate whose tests deleted, truncated or
// rewrote something outside the project that the unpatched code's runs left alone is harmful,
// whatever its tests say: it is never shown, nor built on.

export type Verdict = 'validated' | 'failed' | 'timeout' | 'error' | 'harmful';

export interface ValidationOutcome {
  candidate: Candidate;
  verdict: Verdict;
  validation: Validation;
  /** The first test that did not pass (failing) or broke (previously passing). */
  failedTest?: string;
  detail: string;
  durationMs: number;
  /** How the patch reached the running code (absent when it never ran). */
  method?: PatchMethod;
  /** Per-test outcomes in the order they ran. */
  tests: WireTestResult[];
  /** The previously passing tests the patch was checked against (all of them, or those covering a swapped function). */
  suite: string[];
  /** What a probe candidate's condition saw (src/core/synth/probe.ts); absent for other candidates. */
  probe?: ProbeEvaluation[];
  /** Harmful: what its tests did outside the project that the unpatched code's did not. */
  harm?: Effect[];
}

const FIXED: readonly WireOutcome[] = ['passed', 'xpassed'];
const NOT_BROKEN: readonly WireOutcome[] = ['passed', 'xpassed', 'skipped', 'xfailed'];

export interface VerdictInput {
  candidate: Candidate;
  reply: ResultMessage;
  failing: readonly string[];
  /** Every previously passing test, and the covering subset when coverage was given. */
  passing: readonly string[];
  covering: readonly string[] | null;
  /** The paths outside the project that the unpatched code's runs changed (see effects.ts). */
  unpatchedEffects: ReadonlySet<string>;
}

export function verdictOf({ candidate, reply, failing, passing, covering, unpatchedEffects }: VerdictInput): ValidationOutcome {
  const suite = reply.applied === 'swap' && covering !== null ? covering : passing;
  const byId = new Map(reply.results.map((result) => [result.nodeid, result]));
  const failingFixed = failing.filter((id) => FIXED.includes(byId.get(id)?.outcome ?? 'failed')).length;
  const suitePassed = suite.filter((id) => NOT_BROKEN.includes(byId.get(id)?.outcome ?? 'failed')).length;
  const base = {
    candidate,
    validation: { failingFixed, failingTotal: failing.length, suitePassed, suiteTotal: suite.length },
    durationMs: reply.durationMs,
    method: reply.applied,
    tests: reply.results,
    suite: [...suite],
    ...(reply.probe ? { probe: reply.probe } : {}),
  };
  const harm = newEffects(reply.effects ?? [], unpatchedEffects);
  if (harm.length > 0) return { ...base, verdict: 'harmful', harm, detail: harmText(harm) };
  if (reply.status === 'timeout') return { ...base, verdict: 'timeout', detail: reply.detail };
  if (reply.status === 'crashed') return { ...base, verdict: 'failed', detail: reply.detail };
  if (reply.patchError !== undefined) return { ...base, verdict: 'failed', detail: reply.patchError };
  const unfixed = failing.find((id) => !FIXED.includes(byId.get(id)?.outcome ?? 'failed'));
  if (unfixed !== undefined) {
    return { ...base, verdict: 'failed', failedTest: unfixed, detail: describe(unfixed, byId.get(unfixed), 'still fails') };
  }
  const broken = suite.find((id) => !NOT_BROKEN.includes(byId.get(id)?.outcome ?? 'failed'));
  if (broken !== undefined) {
    return { ...base, verdict: 'failed', failedTest: broken, detail: describe(broken, byId.get(broken), 'now fails') };
  }
  return { ...base, verdict: 'validated', detail: `${failing.length} failing fixed, ${suite.length} passing still pass` };
}

/** Whether a test with this outcome counts as fixed (a failing test) or as passing. */
export function isFixed(outcome: WireOutcome): boolean {
  return FIXED.includes(outcome);
}

/** The previously passing tests an outcome's run broke (those that ran and did not pass; the run stops at the first). */
export function brokenTests({ tests, suite }: Pick<ValidationOutcome, 'tests' | 'suite'>): string[] {
  const byId = new Map(tests.map((test) => [test.nodeid, test.outcome]));
  return suite.filter((id) => {
    const outcome = byId.get(id);
    return outcome !== undefined && !NOT_BROKEN.includes(outcome);
  });
}

function describe(nodeid: string, result: WireTestResult | undefined, what: string): string {
  if (!result) return `${nodeid} did not run`;
  const message = result.message.split('\n')[0] ?? '';
  return `${nodeid} ${what} (${result.outcome}${message ? `: ${message}` : ''})`;
}
