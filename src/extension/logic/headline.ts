// The one-line outcome of a run, shown in the notification and at the top of the panel.
import { testName } from '../../core/review/explain';
import { collectionBlocker } from '../../core/pytest/failures';
import type { Containment } from '../../core/types';
import type { RunRecord } from './run-record';

function testsText(run: RunRecord): string {
  const [first, ...rest] = run.failures;
  if (!first) return 'the selected tests';
  return rest.length ? `${testName(first.nodeid)} and ${rest.length} more` : testName(first.nodeid);
}

/** "; ran tests/test_a.py (4 tests)": what the run's tests were, so a run on one file does not read as the whole suite. */
function ranText(run: RunRecord): string {
  if (!run.ran) return '';
  const { selection, testsRun } = run.ran;
  const what = selection.length === 0 ? 'the whole suite' : selection.join(' ');
  return `; ran ${what} (${testsRun} test${testsRun === 1 ? '' : 's'})`;
}

export function headline(run: RunRecord): string {
  return outcomeText(run) + ranText(run);
}

function outcomeText(run: RunRecord): string {
  const blocked = collectionBlocker(run.failures);
  if (blocked) return `DeepDebug: ${blocked}`;
  if (run.failures.length === 0) {
    const flaky = run.flaky.length ? ` (${run.flaky.length} flaky test${run.flaky.length === 1 ? '' : 's'} passed on a re-run)` : '';
    return `DeepDebug: no failing tests${flaky}`;
  }
  if (run.kind === 'analyze') {
    const top = run.suspects[0];
    const where = top ? `; most suspicious: ${top.function} in ${top.file}` : '';
    return `DeepDebug: ${run.failures.length} failing test${run.failures.length === 1 ? '' : 's'}${where}`;
  }
  const applied = run.patches.find((record) => record.status === 'applied');
  if (applied) return `DeepDebug: fix ${applied.rank} applied for ${testsText(run)}`;
  const notes = runNotes(run);
  if (run.patches.length === 0) return `DeepDebug: no validated fix for ${testsText(run)}${notes}`;
  // Unconfirmed patches (review/assurance.ts) are counted apart from fixes.
  const unconfirmed = run.patches.filter((record) => record.patch.assurance === 'unconfirmed').length;
  const count = run.patches.length - unconfirmed;
  const apart = unconfirmed > 0 ? ` (and ${unconfirmed} unconfirmed patch${unconfirmed === 1 ? '' : 'es'})` : '';
  const best = run.patches[0]!.patch;
  if (count === 0)
    return `DeepDebug: no confirmed fix for ${testsText(run)}; ${unconfirmed} unconfirmed patch${unconfirmed === 1 ? '' : 'es'} (they pass the tests; nothing else confirms them), the first in ${best.function} (${best.file})${notes}`;
  return `DeepDebug: ${count} validated fix${count === 1 ? '' : 'es'} for ${testsText(run)}${apart}, the best in ${best.function} (${best.file})${notes}`;
}

/** " (no sandbox: ...; warning: ...)": what limited a fix run, for its headline. */
function runNotes(run: RunRecord): string {
  const notes: string[] = [];
  if (run.containment?.sandbox === 'none') notes.push(`no sandbox: ${run.containment.reason}`);
  const [first, ...more] = run.warnings;
  // The first warning in full; the panel and the output log list them all.
  if (first) notes.push(`warning: ${first}${more.length ? ` (and ${more.length} more)` : ''}`);
  return notes.length ? ` (${notes.join('; ')})` : '';
}

/** The warning for candidates that ran without a sandbox, with what the user can do about it. */
export function containmentWarning(containment: Containment | null): string | undefined {
  if (containment?.sandbox !== 'none') return undefined;
  const remedy = containment.reason === 'bubblewrap not found' ? ' Install bubblewrap (the "bwrap" command) to sandbox them.' : '';
  return `DeepDebug: ${containment.summary}.${remedy}`;
}
