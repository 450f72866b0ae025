// "Show diff": the current file on the left, the patched file on the right as a read-only
// virtual document (scheme deepdebug-patch); Apply and Discard sit in that editor's title bar.
import * as vscode from 'vscode';
import {
  fixName,
  HINT_SCHEME,
  hintDocumentText,
  hintName,
  PATCH_SCHEME,
  patchDocumentPath,
  patchDocumentText,
  patchIdFromPath,
} from './logic/patch-uri';
import { absolutePath, type RunStore } from './logic/run-record';

export function providePatchDocuments(store: RunStore): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(PATCH_SCHEME, {
      provideTextDocumentContent: (uri) => patchDocumentText(store, uri.path),
    }),
    vscode.workspace.registerTextDocumentContentProvider(HINT_SCHEME, {
      provideTextDocumentContent: (uri) => hintDocumentText(store, uri.path),
    }),
  );
}

/** A closest candidate beside the current file, read-only and without Apply: it did not validate. */
export async function showHintDiff(store: RunStore, hintId: string): Promise<void> {
  const found = store.findHint(hintId);
  if (!found) {
    void vscode.window.showErrorMessage('This DeepDebug candidate is no longer available.');
    return;
  }
  const { run, hint } = found;
  const absPath = absolutePath(run.workspace, hint.file);
  const right = vscode.Uri.from({ scheme: HINT_SCHEME, path: patchDocumentPath(hintId, absPath) });
  const title = `${hint.file} ↔ ${hintName(hintId)}: ${hint.summary}`;
  const firstChange = new vscode.Range(hint.startLine - 1, 0, hint.startLine - 1, 0);
  await vscode.commands.executeCommand('vscode.diff', vscode.Uri.file(absPath), right, title, { preview: true, selection: firstChange });
}

export async function showDiff(store: RunStore, patchId: string): Promise<void> {
  const found = store.findPatch(patchId);
  if (!found) {
    void vscode.window.showErrorMessage('This DeepDebug fix is no longer available.');
    return;
  }
  const { record } = found;
  const left = vscode.Uri.file(record.absPath);
  const right = vscode.Uri.from({ scheme: PATCH_SCHEME, path: patchDocumentPath(record.id, record.absPath) });
  const title = `${record.patch.file} ↔ ${fixName(record.id)}: ${record.patch.summary}`;
  const firstChange = new vscode.Range(record.patch.startLine - 1, 0, record.patch.startLine - 1, 0);
  await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true, selection: firstChange });
}

/** A command argument naming a patch: its id (code actions, panel), or the diff editor's Uri (title bar). */
export function patchIdOf(argument: unknown): string | undefined {
  if (typeof argument === 'string') return argument;
  if (argument instanceof vscode.Uri && argument.scheme === PATCH_SCHEME) return patchIdFromPath(argument.path);
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === PATCH_SCHEME ? patchIdFromPath(active.path) : undefined;
}
