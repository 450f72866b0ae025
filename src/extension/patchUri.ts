// Addresses of the patched-file documents shown on the right of "Show diff". The path ends in
// the file's own name so the diff editor picks the right language and tab title.
import * as path from 'node:path';
import type { RunStore } from './runRecord';

export const PATCH_SCHEME = 'deepdebug-patch';

/** The path part of the virtual document's URI: "/<patch id>/<file name>". */
export function patchDocumentPath(patchId: string, absPath: string): string {
  return `/${encodeURIComponent(patchId)}/${path.basename(absPath)}`;
}

export function patchIdFromPath(uriPath: string): string | undefined {
  const match = /^\/([^/]+)\//.exec(uriPath);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** The text of a patched-file document: the whole file as the patch leaves it. */
export function patchDocumentText(store: RunStore, uriPath: string): string {
  const id = patchIdFromPath(uriPath);
  const found = id === undefined ? undefined : store.findPatch(id);
  return found ? found.record.patch.newFileText : '# This DeepDebug fix is no longer available.\n';
}
