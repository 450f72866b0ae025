import type { BehaviourChange, Disagreement, Objection, SimplerPatch, ValidatedPatch } from '../types';

// The one wording of what the replays found, shared by the JSON report, the CLI and the
// ranking's reasons; and the two numbers the ranking takes from it.

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** "changes the result of f(3, 4) from 7 to 8, which no test checks (and 2 more recorded calls)". */
function changeText(changed: readonly BehaviourChange[]): string {
  const [first] = changed;
  if (!first) return '';
  const more = changed.length > 1 ? ` (and ${plural(changed.length - 1, 'more recorded call')})` : '';
  return `changes the result of ${first.call} from ${first.before} to ${first.after}, which no test checks${more}`;
}

/** "raises RecursionError on search([1, 3], 3), where the code returned 1 before, as another validated patch does (and 1 more new input)". */
function crashText(crashes: readonly BehaviourChange[]): string {
  const [first] = crashes;
  if (!first) return '';
  const more = crashes.length > 1 ? ` (and ${plural(crashes.length - 1, 'more new input')})` : '';
  const raised = first.after.split(':')[0] ?? first.after;
  return `${raised} on ${first.call}, where the code returned ${first.before} before, as another validated patch does${more}`;
}

/**
 * "its edits answer 9 changed inputs as one edit does (line 5: `i` → `i + 1`), but it gives 0
 * for first_drop([1, -2]), where that patch gives 2 (and 1 more input)"; where they answer every
 * input alike: "answers every input as one edit does (...); nothing shows its other edits are needed".
 */
function simplerText(simpler: SimplerPatch): string {
  const fewer = simpler.edits === 1 ? 'one edit does' : `${simpler.edits} edits do`;
  const [first] = simpler.differs;
  if (!first) return `answers every input as ${fewer} (${simpler.summary}); nothing shows its other edits are needed`;
  const more = simpler.differs.length > 1 ? ` (and ${plural(simpler.differs.length - 1, 'more input')})` : '';
  return (
    `its edits answer ${plural(simpler.alike, 'changed input')} as ${fewer} (${simpler.summary}), ` +
    `but it ${answerText(first.after)} for ${first.call}, where that patch ${answerText(first.before)}${more}`
  );
}

export type BehaviourObjection = Exclude<Objection, { kind: 'shape' }>;

/** What a reviewer would hold against the patch's behaviour, the weightiest first: counted like a shape objection (patch-shape/). */
export function behaviourObjections(patch: Pick<ValidatedPatch, 'behaviour'>): BehaviourObjection[] {
  const behaviour = patch.behaviour;
  if (!behaviour) return [];
  return [
    ...(behaviour.changed.length > 0 ? [{ kind: 'changed-calls' as const, changes: behaviour.changed }] : []),
    ...(behaviour.crashes.length > 0 ? [{ kind: 'new-crash' as const, crashes: behaviour.crashes }] : []),
    ...(behaviour.simpler ? [{ kind: 'repeats-simpler' as const, simpler: behaviour.simpler }] : []),
  ];
}

export function behaviourObjectionText(objection: BehaviourObjection): string {
  switch (objection.kind) {
    case 'changed-calls':
      return changeText(objection.changes);
    case 'new-crash':
      return crashText(objection.crashes);
    case 'repeats-simpler':
      return simplerText(objection.simpler);
  }
}

/** An answer as a verb phrase: "gives 7", "raises ValueError: negative", "does not return within 500 ms". */
export function answerText(result: string): string {
  return /^(raises |does not return)/.test(result) ? result : `gives ${result}`;
}

/** The evidence for a patch: recorded calls that run it and end as before, and new inputs on which every validated patch agrees with it. */
export function evidenceOf(patch: Pick<ValidatedPatch, 'behaviour'>): number {
  return (patch.behaviour?.kept ?? 0) + (patch.behaviour?.agreesOn ?? 0);
}

/**
 * The patch's confidence line: "kept the behaviour of N recorded calls; agrees with the other
 * M validated patches on K new inputs", or "unsure: ..." with the first reason to doubt it (a
 * recorded call it changes, its answer where the patches disagree, no evidence at all).
 * `disagreement`'s answers are numbered (their `patches` filled).
 */
export function confidenceText(patch: Pick<ValidatedPatch, 'behaviour' | 'confidence'>, disagreement?: Disagreement): string {
  const behaviour = patch.behaviour;
  if (!behaviour) return patch.confidence ?? 'unsure: its behaviour was not replayed';
  const [objection] = behaviourObjections(patch);
  if (objection) return `unsure: ${behaviourObjectionText(objection)}`;
  const answer = behaviour.answer === undefined ? undefined : disagreement?.answers[behaviour.answer];
  if (disagreement && answer) {
    const chosen = disagreement.chosen === undefined ? undefined : disagreement.answers[disagreement.chosen];
    if (chosen === answer) return `gives the answer you chose for ${disagreement.call} (${answer.result}); ${keptText(behaviour.kept)}`;
    if (chosen) return `unsure: ${answerText(answer.result)} for ${disagreement.call}, not ${chosen.result} that you chose`;
    const others = disagreement.answers.filter((a) => a !== answer);
    const count = others.reduce((sum, a) => sum + a.patches.length, 0);
    return `unsure: ${answerText(answer.result)} for ${disagreement.call}, where ${plural(count, 'other validated patch gives', 'other validated patches give')} ${others.map((a) => a.result).join(' or ')}`;
  }
  const compared =
    behaviour.others === 0
      ? 'the only validated patch, so none to compare it with on new inputs'
      : `agrees with the other ${behaviour.others === 1 ? 'validated patch' : `${behaviour.others} validated patches`} on ${plural(behaviour.agreesOn, 'new input')}`;
  if (behaviour.kept === 0 && behaviour.agreesOn === 0)
    return `unsure: ${keptText(0)}, and ${behaviour.others === 0 ? 'it is the only validated patch' : 'no new input to compare it on'}`;
  return `${keptText(behaviour.kept)}; ${compared}`;
}

function keptText(kept: number): string {
  return kept === 0 ? 'no recorded call of a passing test reaches it' : `kept the behaviour of ${plural(kept, 'recorded call')}`;
}
