// A fix run's patches before its report: the search announces each validated patch at once
// (shown, marked as being re-checked), then its clean re-check confirms or withdraws it (see
// PatchEvent in src/core/types.ts). Plain logic (no vscode import); the run's report replaces
// all of it (RunStore.set).
import type { PatchEvent } from '../../core/types';
import { patchKey, type PatchRecord } from './patch-status';
import { absolutePath, runWithout, type RunRecord } from './run-record';

/** A run in flight with no patch yet: nothing of its report is known. */
export function inFlightRun(runId: string, workspace: string): RunRecord {
  return { ...runWithout(runId, 'fix', workspace), inFlight: { announced: 0 } };
}

/**
 * The run after one patch event. The records it keeps are the same objects (their statuses
 * follow the editor's text in the store); ranks are the order of validation.
 */
export function withPatchEvent(run: RunRecord, event: PatchEvent): RunRecord {
  const announced = run.inFlight?.announced ?? 0;
  const key = patchKey(event.patch);
  const known = run.patches.find((record) => patchKey(record.patch) === key);
  let patches: PatchRecord[];
  let count = announced;
  if (event.kind === 'withdrawn') {
    patches = run.patches.filter((record) => record !== known);
  } else if (known) {
    if (event.kind === 'confirmed') known.recheck = 'passed';
    patches = run.patches;
  } else {
    // A confirmation of a patch not seen validated (the search sends none): shown as confirmed.
    count += 1;
    const record: PatchRecord = {
      id: `${run.runId}.e${count}`,
      rank: 0,
      absPath: absolutePath(run.workspace, event.patch.file),
      patch: event.patch,
      status: 'pending',
      recheck: event.kind === 'confirmed' ? 'passed' : 'running',
    };
    patches = [...run.patches, record];
  }
  patches.forEach((record, index) => (record.rank = index + 1));
  return { ...run, patches, inFlight: { announced: count } };
}
