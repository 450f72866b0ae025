// Marks the latest runs' suspects in the editor (see suspect-marks.ts): a tinted line with the
// evidence on hover, and a frame's local values after its line. A file's marks go as soon as
// its text changes (they describe the code the tests ran, not the code being written) and
// with the run (the tests pass, a fix is applied, another run replaces it).
import * as vscode from 'vscode';
import type { RunStore } from './logic/run-record';
import { suspectMarks, type SuspectMark } from './logic/suspect-marks';

export function showSuspectMarks(store: RunStore): vscode.Disposable {
  const lineType = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.warningForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  const localsType = vscode.window.createTextEditorDecorationType({
    after: { color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic', margin: '0 0 0 2em' },
  });
  let marks: SuspectMark[] = [];
  /** A run's file edited since the run: that run's marks no longer describe its lines. */
  const edited = new Set<string>();
  const key = (mark: Pick<SuspectMark, 'runId' | 'absPath'>): string => `${mark.runId}\0${mark.absPath}`;

  const decorate = (editor: vscode.TextEditor): void => {
    const file = editor.document.uri.fsPath;
    const here = marks.filter((mark) => mark.absPath === file && !edited.has(key(mark)));
    const options = (mark: SuspectMark): vscode.DecorationOptions => ({
      range: new vscode.Range(mark.line - 1, 0, mark.line - 1, Number.MAX_SAFE_INTEGER),
      hoverMessage: new vscode.MarkdownString(mark.hover.join('\n\n')),
    });
    editor.setDecorations(lineType, here.map(options));
    editor.setDecorations(
      localsType,
      here.flatMap((mark) =>
        mark.locals ? [{ ...options(mark), hoverMessage: undefined, renderOptions: { after: { contentText: mark.locals } } }] : [],
      ),
    );
  };
  const refresh = (): void => {
    marks = store.all().flatMap(suspectMarks);
    const current = new Set(marks.map(key));
    for (const entry of edited) if (!current.has(entry)) edited.delete(entry);
    for (const editor of vscode.window.visibleTextEditors) decorate(editor);
  };
  refresh();
  return vscode.Disposable.from(
    lineType,
    localsType,
    store.onDidChange(refresh),
    vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach(decorate)),
    vscode.workspace.onDidChangeTextDocument((event) => {
      const file = event.document.uri.fsPath;
      const stale = marks.filter((mark) => mark.absPath === file && !edited.has(key(mark)));
      if (event.contentChanges.length === 0 || stale.length === 0) return;
      for (const mark of stale) edited.add(key(mark));
      for (const editor of vscode.window.visibleTextEditors) if (editor.document.uri.fsPath === file) decorate(editor);
    }),
  );
}
