import { makeCandidate } from '../generate/candidate';
import type { Candidate, CandidateKind } from '../types';
import type { ProbeEvaluation, ProbeValue } from '../wire';
import type { ConditionSite, ExpressionSite } from './sites';
import type { Observation } from './synthesize';

// Angelic probes of a condition: the function with the condition handed to deepdebug.probe
// (src/python/deepdebug/probe.py), which gives the code its own value or the one a schedule
// forces and records what each evaluation saw; and what a run of such a probe says the
// condition should have been.

/** Always this value, or the condition's own value negated at these evaluation numbers. */
export type Schedule = boolean | readonly number[];

export function scheduleText(schedule: Schedule): string {
  if (typeof schedule === 'boolean') return schedule ? 'True' : 'False';
  return `(${schedule.map((n) => `${n},`).join(' ')})`;
}

/** The function with the site's expression replaced by `text`. */
function replaced(site: ExpressionSite, text: string): string {
  const { source, region } = site;
  return source.slice(region.start, site.start) + text + source.slice(site.end, region.end);
}

/** The suspect with the site's expression replaced by `text`, as a candidate. */
export function candidateFor(
  site: ExpressionSite,
  text: string,
  editKind: CandidateKind,
  summary: string,
  score: number,
): Promise<Candidate | null> {
  const { suspect } = site;
  return makeCandidate({
    file: suspect.file,
    fileText: site.source,
    startLine: suspect.startLine,
    endLine: suspect.endLine,
    newFunctionText: replaced(site, text),
    function: suspect.function,
    source: editKind === 'angelic-probe' ? 'probe' : 'synth',
    editKind,
    summary,
    score,
  });
}

/** The probe candidate: never shown, only run to see what the condition saw and what the tests want of it. */
export function probeCandidate(site: ConditionSite, schedule: Schedule): Promise<Candidate | null> {
  // Through a lambda, so a condition that raises where a value is forced (a missing guard) still gets one.
  const call = `__import__("deepdebug.probe", fromlist=["flip"]).flip(0, lambda: (${site.text}), locals(), ${scheduleText(schedule)})`;
  return candidateFor(site, call, 'angelic-probe', `probe ${site.text} at line ${site.line} with ${scheduleText(schedule)}`, 0);
}

/** A synthesized condition in the site's place: an ordinary candidate. */
export function synthesizedCandidate(site: ConditionSite, condition: string, score: number): Promise<Candidate | null> {
  return candidateFor(
    site,
    condition,
    'synth-condition',
    `replace condition \`${site.text}\` with \`${condition}\` (line ${site.line})`,
    score,
  );
}

const truth = (value: ProbeValue): boolean | null => (typeof value === 'boolean' ? value : null);

/** The evaluation numbers of the failing tests' evaluations, in order. */
export function failingEvaluations(evaluations: readonly ProbeEvaluation[], failing: ReadonlySet<string>): number[] {
  return evaluations.filter((e) => failing.has(e.test)).map((e) => e.n);
}

/**
 * What the condition should give, per evaluation of a run whose schedule made failing tests
 * pass (`fixed`, all of `failing` unless said): in a fixed test, the value the probe returned;
 * in any other test, its own value, up to and including the first evaluation the schedule
 * changed (after it the test runs on a path the unpatched code never took, so its values say
 * nothing). A failing test the schedule did not fix says nothing here either.
 */
export function observationsOf(
  evaluations: readonly ProbeEvaluation[],
  failing: ReadonlySet<string>,
  fixed: ReadonlySet<string> = failing,
): Observation[] {
  const diverged = new Set<string>();
  const observations: Observation[] = [];
  for (const e of evaluations) {
    if (e.test === '') continue;
    if (fixed.has(e.test)) {
      observations.push({ locals: e.locals, original: truth(e.value), wanted: e.returned === true });
    } else if (!failing.has(e.test) && !diverged.has(e.test) && typeof e.value === 'boolean') {
      observations.push({ locals: e.locals, original: e.value, wanted: e.value });
      if (e.returned !== e.value) diverged.add(e.test);
    }
  }
  return observations;
}
