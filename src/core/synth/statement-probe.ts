import { candidateFor, scheduleText, type Schedule } from './probe';
import type { StatementEdit, StatementSite } from './statement-sites';
import type { Observation } from './synthesize';
import type { Candidate, CandidateKind } from '../types';
import type { ProbeEvaluation } from '../wire';

// Angelic probes of statements (statement-sites.ts): a guard around a statement, or an exit
// (`continue`, `break`, `return V`) before it, under a condition handed to deepdebug.probe's
// `flip`: the code's own path unless a schedule forces the other; and the candidates a
// synthesized condition gives. A guard's own value is True (the statement runs), an exit's
// False (the code goes on), so a schedule of the probe forces the new code's effect.

/** One probe-and-synthesize task: an edit at a site (an early return with one of the site's values). */
export interface StatementTask {
  site: StatementSite;
  edit: StatementEdit;
  /** The returned value, for `return`. */
  value?: string;
}

export function tasksOf(site: StatementSite): StatementTask[] {
  return site.edits.flatMap((edit): StatementTask[] =>
    edit === 'return' ? site.returns.map((value) => ({ site, edit, value })) : [{ site, edit }],
  );
}

/** What the code does without the new condition: a guard lets the statement run, an exit is not taken. */
export const ownValue = (edit: StatementEdit): boolean => edit === 'guard';

function exitText(task: StatementTask): string {
  return task.edit === 'return' ? `return ${task.value}` : task.edit;
}

/** The site's statement with the edit under `condition`, as source. */
function edited(task: StatementTask, condition: string): string {
  const { site } = task;
  const { indent, step } = site;
  if (task.edit === 'guard') return `if ${condition}:\n${indent}${step}${site.text}`;
  return `if ${condition}:\n${indent}${step}${exitText(task)}\n${indent}${site.text}`;
}

const flip = (own: boolean, schedule: Schedule): string =>
  `__import__("deepdebug.probe", fromlist=["flip"]).flip(0, lambda: ${own ? 'True' : 'False'}, locals(), ${scheduleText(schedule)})`;

/** The probe that only watches: the locals before the statement at each evaluation, the code unchanged. */
export function watchCandidate(site: StatementSite): Promise<Candidate | null> {
  const text = `if ${flip(false, [])}:\n${site.indent}${site.step}pass\n${site.indent}${site.text}`;
  return candidateFor(site, text, 'angelic-probe', `probe the statement at line ${site.line}`, 0);
}

/** The task's edit with its condition's value forced by `schedule`: never shown, run to see what makes the failing tests pass. */
export function statementProbeCandidate(task: StatementTask, schedule: Schedule): Promise<Candidate | null> {
  const summary = `probe \`${task.edit === 'guard' ? 'if' : exitText(task)}\` at line ${task.site.line} with ${scheduleText(schedule)}`;
  return candidateFor(task.site, edited(task, flip(ownValue(task.edit), schedule)), 'angelic-probe', summary, 0);
}

const KINDS: Record<StatementEdit, CandidateKind> = {
  guard: 'synth-guard',
  continue: 'synth-continue',
  break: 'synth-break',
  return: 'synth-return',
};

/** The task's edit under a synthesized condition: an ordinary candidate. */
export function statementCandidate(task: StatementTask, condition: string, score: number): Promise<Candidate | null> {
  const { site } = task;
  const what: Record<StatementEdit, string> = {
    guard: `run \`${site.text}\` only when \`${condition}\``,
    continue: `skip the rest of the loop when \`${condition}\``,
    break: `leave the loop when \`${condition}\``,
    return: `return \`${task.value}\` early when \`${condition}\``,
  };
  return candidateFor(site, edited(task, condition), KINDS[task.edit], `${what[task.edit]} (line ${site.line})`, score);
}

/**
 * What the watching probe (the code unchanged) says of a new condition: the passing tests'
 * evaluations keep the code's own path; at the evaluations of the failing tests in `open` (those
 * no schedule fixed) the condition is free, but must take the new path at one of them at least.
 * With every failing test open, this is the whole specification when no schedule fixed any.
 */
export function watchedObservations(
  evaluations: readonly ProbeEvaluation[],
  failing: ReadonlySet<string>,
  open: ReadonlySet<string>,
  edit: StatementEdit,
): Observation[] {
  const own = ownValue(edit);
  return evaluations
    .filter((e) => e.test !== '' && (open.has(e.test) || !failing.has(e.test)))
    .map((e) => ({ locals: e.locals, original: own, wanted: open.has(e.test) ? null : own }));
}
