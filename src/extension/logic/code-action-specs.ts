// The quick fixes offered on DeepDebug's diagnostics: one "Apply" per validated patch, best
// first and preferred, and one "Show diff" per patch. Nothing is offered (so no lightbulb)
// until a validated patch exists. Plain data; code-actions.ts makes vscode.CodeActions of them.
import { UNCONFIRMED_TEXT } from '../../core/review/assurance';
import { fixShortText } from '../../core/review/explain';
import type { PatchRecord } from './patch-status';
import { pendingPatches, type RunRecord } from './run-record';
import { DiagnosticCodes } from './diagnostic-specs';

export const PatchCommands = {
  apply: 'deepdebug.applyPatch',
  showDiff: 'deepdebug.showDiff',
  discard: 'deepdebug.discardPatch',
} as const;

export interface CodeActionSpec {
  title: string;
  command: (typeof PatchCommands)['apply' | 'showDiff'];
  patchId: string;
  isPreferred: boolean;
}

/** An early patch whose clean re-check still runs says so (early-run.ts); an unconfirmed one is not called a fix. */
export function applyTitle(record: PatchRecord): string {
  const checking = record.recheck === 'running' ? ' (being re-checked)' : '';
  if (record.patch.assurance === 'unconfirmed')
    return `Apply unconfirmed DeepDebug patch: ${record.patch.summary} (${fixShortText(record.patch)}; ${UNCONFIRMED_TEXT})`;
  return `Apply DeepDebug fix${checking}: ${record.patch.summary} (${fixShortText(record.patch)})`;
}

export function showDiffTitle(record: PatchRecord): string {
  return `Show diff: ${record.patch.summary}`;
}

/** `diagnosticCodes`: the codes of the diagnostics under the cursor (any source). */
export function codeActionSpecs(run: RunRecord | undefined, diagnosticCodes: readonly string[]): CodeActionSpec[] {
  const ours = diagnosticCodes.some((code) => code === DiagnosticCodes.failure || code === DiagnosticCodes.suspect);
  const patches = pendingPatches(run);
  if (!ours || patches.length === 0) return [];
  // The report ranks fixes first; an unconfirmed patch is never the preferred action.
  const best = patches[0]?.patch.assurance === 'unconfirmed' ? undefined : patches[0];
  return [
    ...patches.map((record) => ({
      title: applyTitle(record),
      command: PatchCommands.apply,
      patchId: record.id,
      isPreferred: record === best,
    })),
    ...patches.map((record) => ({
      title: showDiffTitle(record),
      command: PatchCommands.showDiff,
      patchId: record.id,
      isPreferred: false,
    })),
  ];
}
