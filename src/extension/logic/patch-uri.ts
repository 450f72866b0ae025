// Addresses of the patched-file documents shown on the right of "Show diff". The path ends in
// the file's own name so the diff editor picks the right language and tab title.
import * as path from 'node:path';
import type { RunStore } from './run-record';

export const PATCH_SCHEME = 'deepdebug-patch';
/** A closest candidate's file, shown without Apply: it is not a validated fix. */
export const HINT_SCHEME = 'deepdebug-hint';

/** The path part of the virtual document's URI: "/<patch id>/<file name>". */
export function patchDocumentPath(patchId: string, absPath: string): string {
  return `/${encodeURIComponent(patchId)}/${path.basename(absPath)}`;
}

export function patchIdFromPath(uriPath: string): string | undefined {
  const match = /^\/([^/]+)\//.exec(uriPath);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/**
 * "DeepDebug fix 1 of run 3" for the patch id "r3.1", "DeepDebug early fix 1 of run 3" for
 * "r3.e1" (early-run.ts): tells the fixes of different runs apart.
 */
export function fixName(patchId: string): string {
  const dot = patchId.lastIndexOf('.');
  const run = patchId.slice(0, dot).replace(/^r(?=\d+$)/, '');
  const early = /^e(\d+)$/.exec(patchId.slice(dot + 1));
  return `DeepDebug ${early ? `early fix ${early[1]}` : `fix ${patchId.slice(dot + 1)}`} of run ${run}`;
}

/** "DeepDebug closest candidate 1 of run 3 (not validated)" for the hint id "r3.h1". */
export function hintName(hintId: string): string {
  const dot = hintId.lastIndexOf('.');
  const run = hintId.slice(0, dot).replace(/^r(?=\d+$)/, '');
  return `DeepDebug closest candidate ${hintId.slice(dot + 2)} of run ${run} (not validated)`;
}

/** The text of a closest candidate's document: the whole file as it would leave it. */
export function hintDocumentText(store: RunStore, uriPath: string): string {
  const id = patchIdFromPath(uriPath);
  const found = id === undefined ? undefined : store.findHint(id);
  if (found) return found.hint.newFileText;
  return `# ${id === undefined ? 'This DeepDebug candidate' : hintName(id)} is no longer available: a newer run retired its run.\n`;
}

/** The text of a patched-file document: the whole file as the patch leaves it. */
export function patchDocumentText(store: RunStore, uriPath: string): string {
  const id = patchIdFromPath(uriPath);
  const found = id === undefined ? undefined : store.findPatch(id);
  if (found) return found.record.patch.newFileText;
  const which = id === undefined ? 'This DeepDebug fix' : fixName(id);
  return `# ${which} is no longer available: a newer run (or "DeepDebug: Clear Results") retired its run.\n`;
}
