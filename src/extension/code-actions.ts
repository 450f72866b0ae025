// The quick fixes on DeepDebug's diagnostics (see code-action-specs.ts for which ones).
import * as vscode from 'vscode';
import { codeActionSpecs } from './logic/code-action-specs';
import type { RunStore } from './logic/run-record';

export function provideCodeActions(store: RunStore): vscode.Disposable {
  const provider: vscode.CodeActionProvider = {
    provideCodeActions(document, _range, context) {
      const codes = context.diagnostics
        .filter((diagnostic) => diagnostic.source === 'DeepDebug')
        .map((diagnostic) => String(diagnostic.code));
      if (codes.length === 0) return [];
      const run = store.runTouching(document.uri.fsPath);
      const ours = context.diagnostics.filter((diagnostic) => diagnostic.source === 'DeepDebug');
      return codeActionSpecs(run, codes).map((spec) => {
        const action = new vscode.CodeAction(spec.title, vscode.CodeActionKind.QuickFix);
        action.command = { title: spec.title, command: spec.command, arguments: [spec.patchId] };
        action.diagnostics = ours;
        action.isPreferred = spec.isPreferred;
        return action;
      });
    },
  };
  return vscode.languages.registerCodeActionsProvider({ language: 'python' }, provider, {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
  });
}
