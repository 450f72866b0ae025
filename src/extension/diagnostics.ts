// Shows each run's findings as diagnostics (source "DeepDebug"), refreshed whenever the runs change.
import * as vscode from 'vscode';
import { diagnosticSpecs } from './logic/diagnostic-specs';
import type { RunStore } from './logic/run-record';

export function showDiagnostics(store: RunStore): vscode.Disposable {
  const collection = vscode.languages.createDiagnosticCollection('deepdebug');
  const refresh = (): void => {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const run of store.all()) {
      for (const spec of diagnosticSpecs(run)) {
        const line = Math.max(0, spec.line - 1);
        // The whole line; VS Code clamps the end to the line's length.
        const diagnostic = new vscode.Diagnostic(
          new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER),
          spec.message,
          spec.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
        );
        diagnostic.source = 'DeepDebug';
        diagnostic.code = spec.code;
        byFile.set(spec.absPath, [...(byFile.get(spec.absPath) ?? []), diagnostic]);
      }
    }
    collection.clear();
    for (const [file, diagnostics] of byFile) collection.set(vscode.Uri.file(file), diagnostics);
  };
  const subscription = store.onDidChange(refresh);
  refresh();
  return vscode.Disposable.from(collection, subscription);
}
