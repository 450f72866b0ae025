// Activation: registers commands, providers, the panel, the status bar item and the watch on
// the user's test runs. Nothing heavy happens here: the sidecar process (engine, tree-sitter,
// ONNX) starts on the first run.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { addAnswerTest, chooseAnswer } from './answer-test';
import { applyPatch, cancel, debug, discardPatch, recheckAfterSave, runTests, showPatchDiff, type Ctx } from './commands';
import { watchTestRuns } from './background-watcher';
import { ChoiceMemory } from './choice-memory';
import { provideCodeActions } from './code-actions';
import { provideCodeLenses } from './code-lenses';
import { readSettings } from './config';
import { showDiagnostics } from './diagnostics';
import { providePatchDocuments, showHintDiff } from './diff-view';
import { followRun, idleState } from './logic/panel-state';
import { followPatchedDocuments } from './patch-follower';
import { PANEL_VIEW_ID, ReviewPanel } from './panel-view';
import { RunStore } from './logic/run-record';
import { Sidecar } from './sidecar';
import { showSuspectMarks } from './suspect-decorations';
import { StatusItem } from './status-bar';

let sidecar: Sidecar | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const started = Date.now();
  const log = vscode.window.createOutputChannel('DeepDebug', { log: true });
  const settings = readSettings();
  const status = new StatusItem(settings.modelDir && path.basename(settings.modelDir), settings.device);
  sidecar = new Sidecar(context.asAbsolutePath(path.join('dist', 'sidecar.js')), log, (update) => {
    log.info(`model: ${update.name ?? 'none'} on ${update.device ?? '-'}${update.note ? ` (${update.note})` : ''}`);
    status.updateModel(update);
  });
  const store = new RunStore();
  const panel = new ReviewPanel(context.extensionUri, (message) => {
    switch (message.type) {
      case 'debug':
        return void debug(ctx);
      case 'cancel':
        return cancel(ctx);
      case 'apply':
        return void applyPatch(ctx, message.patchId);
      case 'showDiff':
        return void showPatchDiff(ctx, message.patchId);
      case 'showHintDiff':
        return void showHintDiff(store, message.hintId);
      case 'discard':
        return discardPatch(ctx, message.patchId);
      case 'chooseAnswer':
        return chooseAnswer(ctx, message.runId, message.answer);
      case 'addTest':
        return void addAnswerTest(ctx, message.runId, message.answer);
      case 'open': {
        const line = message.location.line - 1;
        return void vscode.window.showTextDocument(vscode.Uri.file(message.location.absPath), {
          selection: new vscode.Range(line, 0, line, 0),
        });
      }
    }
  });
  const ctx: Ctx = {
    store,
    sidecar,
    log,
    showPanel: (state) => {
      panel.show(state);
      status.updateRun(state);
    },
    panelState: () => panel.current,
    showBackground: (run) => status.updateBackground(run),
    current: undefined,
    choices: new ChoiceMemory(context.workspaceState),
  };
  context.subscriptions.push(
    log,
    status,
    sidecar,
    panel,
    vscode.window.registerWebviewViewProvider(PANEL_VIEW_ID, panel),
    vscode.commands.registerCommand('deepdebug.debug', (argument?: unknown) => debug(ctx, argument)),
    vscode.commands.registerCommand('deepdebug.runTests', (argument?: unknown) => runTests(ctx, argument)),
    vscode.commands.registerCommand('deepdebug.cancel', () => cancel(ctx)),
    vscode.commands.registerCommand('deepdebug.applyPatch', (argument?: unknown) => applyPatch(ctx, argument)),
    vscode.commands.registerCommand('deepdebug.showDiff', (argument?: unknown) => showPatchDiff(ctx, argument)),
    vscode.commands.registerCommand('deepdebug.discardPatch', (argument?: unknown) => discardPatch(ctx, argument)),
    vscode.commands.registerCommand('deepdebug.clear', () => {
      for (const run of store.all()) store.clear(run.workspace);
      ctx.showPanel(idleState());
    }),
    showDiagnostics(store),
    showSuspectMarks(store),
    provideCodeActions(store),
    provideCodeLenses(store),
    providePatchDocuments(store),
    followPatchedDocuments(store),
    store.onDidChange(() => {
      // The panel (and the status bar) show a run's patches: they follow its statuses.
      const shownId = ctx.panelState().patches[0]?.id;
      const shown = shownId === undefined ? undefined : store.findPatch(shownId)?.run;
      if (shown) ctx.showPanel(followRun(ctx.panelState(), shown));
    }),
    vscode.workspace.onDidSaveTextDocument((document) => void recheckAfterSave(ctx, document)),
    watchTestRuns(ctx),
  );
  log.info(`DeepDebug activated in ${Date.now() - started} ms`);
}

export async function deactivate(): Promise<void> {
  // Stops the sidecar (LSP shutdown + exit), which stops its runs and their pytest processes.
  await sidecar?.dispose();
  sidecar = undefined;
}
