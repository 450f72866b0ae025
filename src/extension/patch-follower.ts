// Feeds the patched files' documents to the store, so that each patch's status follows the
// editor's text (the rule is patch-status.ts): Undo offers a fix again, Redo marks it applied.
import * as vscode from 'vscode';
import type { RunStore } from './logic/run-record';

export function followPatchedDocuments(store: RunStore): vscode.Disposable {
  const follow = (document: vscode.TextDocument): void => {
    if (document.uri.scheme === 'file') store.followText(document.uri.fsPath, document.getText());
  };
  // A new run's patches meet documents already open, perhaps with unsaved edits the run did not see.
  const followOpen = (): void => vscode.workspace.textDocuments.forEach(follow);
  return vscode.Disposable.from(
    vscode.workspace.onDidChangeTextDocument((event) => follow(event.document)),
    vscode.workspace.onDidOpenTextDocument(follow),
    store.onDidChange(followOpen),
  );
}
