// "Debug with DeepDebug" above each test function that failed in the latest run (see
// code-lens-specs.ts); it runs DeepDebug on that function's failing tests.
import * as vscode from 'vscode';
import { codeLensSpecs } from './logic/code-lens-specs';
import type { RunStore } from './logic/run-record';

/** The argument the lens passes to deepdebug.debug (see commands.ts targetOf). */
export interface LensTarget {
  kind: 'deepdebug.tests';
  workspace: string;
  nodeids: string[];
}

export function provideCodeLenses(store: RunStore): vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  const provider: vscode.CodeLensProvider = {
    onDidChangeCodeLenses: changed.event,
    provideCodeLenses(document) {
      if (document.uri.scheme !== 'file') return [];
      return codeLensSpecs(store.all(), document.uri.fsPath, document.getText()).map((spec) => {
        const target: LensTarget = { kind: 'deepdebug.tests', workspace: spec.workspace, nodeids: spec.nodeids };
        return new vscode.CodeLens(new vscode.Range(spec.line - 1, 0, spec.line - 1, 0), {
          title: 'Debug with DeepDebug',
          tooltip: `Run DeepDebug on ${spec.nodeids.join(', ')}, which failed in the last run`,
          command: 'deepdebug.debug',
          arguments: [target],
        });
      });
    },
  };
  return vscode.Disposable.from(
    changed,
    store.onDidChange(() => changed.fire()),
    vscode.languages.registerCodeLensProvider({ language: 'python', scheme: 'file' }, provider),
  );
}
