// The commands: "Debug with DeepDebug" (palette, editor menu, Testing view), "Run Tests and
// Find Suspects", and Apply / Show diff / Discard of a patch; and the fix DeepDebug starts by
// itself after the user's own test run (background-start.ts). Each is a flat function over the
// extension's state (Ctx), as in rust-analyzer's commands.ts.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { shownSuspects } from '../core/review/evidence';
import type { AnalyzeReport, FixReport, PatchEvent, ProgressEvent } from '../core/types';
import { checkApply } from './logic/apply-check';
import type { RunInFlight } from './logic/background-start';
import type { LensTarget } from './code-lenses';
import { engineOptions, readSettings } from './config';
import { patchIdOf, showDiff } from './diff-view';
import { collectionBlocker } from '../core/pytest/failures';
import { noticeContainment } from './containment-notice';
import { inFlightRun, withPatchEvent } from './logic/early-run';
import { headline } from './logic/headline';
import { pythonInterpreter } from './interpreter';
import {
  canceledState,
  CANCELED,
  failedState,
  finishedState,
  followRun,
  runningState,
  startingState,
  type PanelState,
} from './logic/panel-state';
import { progressText } from './logic/progress-text';
import { pendingPatches, runFromAnalyze, runFromFix, stillFailing, type RunRecord, type RunStore } from './logic/run-record';
import type { ChoiceMemory } from './choice-memory';
import type { Sidecar } from './sidecar';
import type { BackgroundRun } from './logic/status-text';
import { selectionForFile, selectionFromTestItem, selectionFromTraceback } from './logic/test-selection';

export interface Ctx {
  store: RunStore;
  sidecar: Sidecar;
  log: vscode.LogOutputChannel;
  showPanel(state: PanelState): void;
  panelState(): PanelState;
  /** Tells the status bar whether the run in flight is a background one. */
  showBackground(run: BackgroundRun | null): void;
  /** The run in flight, if any (one at a time). */
  current: CurrentRun | undefined;
  /** The user's past choices of fixes in this workspace. */
  choices: ChoiceMemory;
}

export interface CurrentRun extends RunInFlight {
  source: vscode.CancellationTokenSource;
}

/** What to run: a workspace folder and a pytest selection (empty: the whole suite). */
export interface Target {
  folder: vscode.WorkspaceFolder;
  tests: string[];
  /**
   * A test message's traceback text: the test it names replaces `tests`. Read once the run's
   * interpreter is known, which locates its files (which are the user's is Python's rule).
   */
  traceback?: string;
}

/** The arguments VS Code passes: nothing (palette), a Uri (editor menu), a TestItem
 * (testing/item/result), or { test, message } (testing/message/context). */
export function targetOf(argument: unknown): Target | string {
  const record = (typeof argument === 'object' && argument !== null ? argument : {}) as Record<string, unknown>;
  if (record.kind === 'deepdebug.tests') return lensTarget(argument as LensTarget);
  const testItem = (record.message !== undefined ? record.test : typeof record.id === 'string' ? argument : undefined) as
    vscode.TestItem | undefined;
  const message = record.message as vscode.TestMessage | undefined;
  if (testItem || message) return testTarget(testItem, message);
  const uri = argument instanceof vscode.Uri ? argument : vscode.window.activeTextEditor?.document.uri;
  const folder = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
  if (!folder) return 'DeepDebug needs an open folder with Python tests.';
  const tests = uri?.scheme === 'file' && uri.fsPath.endsWith('.py') ? selectionForFile(uri.fsPath, folder.uri.fsPath) : [];
  return { folder, tests };
}

/** A CodeLens's failing tests, in the folder of the run they failed in. */
function lensTarget(lens: LensTarget): Target | string {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(lens.workspace));
  if (!folder) return 'DeepDebug needs the test to be inside an open folder.';
  return { folder, tests: lens.nodeids };
}

function testTarget(item: vscode.TestItem | undefined, message: vscode.TestMessage | undefined): Target | string {
  const uri = item?.uri ?? message?.location?.uri;
  const folder = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
  if (!folder) return 'DeepDebug needs the test to be inside an open folder.';
  const workspace = folder.uri.fsPath;
  if (item) {
    const selection = selectionFromTestItem({ id: item.id, fsPath: item.uri?.fsPath }, workspace);
    if (selection !== undefined) return { folder, tests: selection ? [selection] : [] };
  }
  const tests = uri ? selectionForFile(uri.fsPath, workspace) : [];
  if (message) {
    const text = typeof message.message === 'string' ? message.message : message.message.value;
    return { folder, tests, traceback: text };
  }
  return { folder, tests };
}

export async function debug(ctx: Ctx, argument?: unknown): Promise<void> {
  const target = targetOf(argument);
  if (typeof target === 'string') {
    void vscode.window.showErrorMessage(target);
    return;
  }
  await runWithProgress(ctx, 'fix', target);
}

/** Our own pytest run: tests and suspects only; with deepdebug.autoRun, then a fix if tests fail. */
export async function runTests(ctx: Ctx, argument?: unknown, given?: Target): Promise<void> {
  const target = given ?? targetOf(argument);
  if (typeof target === 'string') {
    void vscode.window.showErrorMessage(target);
    return;
  }
  const run = await runWithProgress(ctx, 'analyze', target);
  if (run && run.failures.length > 0 && readSettings(target.folder.uri).autoRun) {
    ctx.log.info(`deepdebug.autoRun: ${run.failures.length} failing test(s), running DeepDebug on them`);
    await runWithProgress(ctx, 'fix', { folder: target.folder, tests: run.failures.map((failure) => failure.nodeid) });
  }
}

/**
 * deepdebug.autoRun after a save: when DeepDebug's last run in this folder left failing tests,
 * re-run those tests; if they still fail, run DeepDebug on them.
 */
export async function recheckAfterSave(ctx: Ctx, document: vscode.TextDocument): Promise<void> {
  // A background run gives way (runWithProgress cancels it); a run the user started does not.
  if (document.languageId !== 'python' || (ctx.current && !ctx.current.background)) return;
  const folder = vscode.workspace.getWorkspaceFolder(document.uri);
  const last = folder && ctx.store.forWorkspace(folder.uri.fsPath);
  if (!folder || !last || !stillFailing(last) || !readSettings(folder.uri).autoRun) return;
  await runTests(ctx, undefined, { folder, tests: last.failures.map((failure) => failure.nodeid) });
}

/**
 * A fix on failing tests of the user's own test run (background-start.ts): no notification, no
 * panel opened; the status bar item shows it, and the panel, lightbulb and Problems fill in.
 */
export async function fixInBackground(ctx: Ctx, folder: vscode.WorkspaceFolder, tests: string[]): Promise<void> {
  ctx.log.info(`background start: ${tests.length} failing test(s) in ${folder.uri.fsPath}: ${tests.join(' ')}`);
  await runWithProgress(ctx, 'fix', { folder, tests }, true);
}

export function cancel(ctx: Ctx): void {
  ctx.current?.source.cancel();
}

async function runWithProgress(ctx: Ctx, kind: 'fix' | 'analyze', target: Target, background = false): Promise<RunRecord | undefined> {
  ctx.current?.source.cancel(); // one run at a time: the newest wins
  const source = new vscode.CancellationTokenSource();
  const workspace = target.folder.uri.fsPath;
  ctx.current = { source, workspace, background };
  ctx.showBackground(background ? { tests: target.tests.length } : null);
  const settings = readSettings(target.folder.uri);
  const python = await pythonInterpreter(settings.pythonPath, target.folder.uri, ctx.log);
  ctx.showPanel(startingState(ctx.panelState()));
  const started = Date.now();
  const suspectsShown = (report: AnalyzeReport | FixReport) => shownSuspects(report.suspects, report.failures, settings.allowTestEdits);
  let earlyRunId: string | undefined;
  const showEarly = (runId: string, event: PatchEvent): void => {
    earlyRunId = runId;
    showEarlyPatch(ctx, runId, workspace, event);
  };
  try {
    const tests = await testsOf(target, python);
    const options = engineOptions(settings, kind, workspace, tests, python);
    const what = tests.length ? tests.join(' ') : 'all tests';
    ctx.log.info(`${kind} in ${workspace} (${what}) with ${python}`);
    const dirty = vscode.workspace.textDocuments.filter((doc) => doc.isDirty && doc.languageId === 'python');
    if (dirty.length)
      ctx.log.warn(`unsaved changes are not seen by the tests: ${dirty.map((doc) => path.basename(doc.fileName)).join(', ')}`);
    const execute = async (tell: (message: string) => void): Promise<RunRecord> => {
      tell(kind === 'fix' ? 'Starting…' : 'Running tests…');
      // Each stage is logged with its timing by the sidecar, into the same output channel.
      const onProgress = (event: ProgressEvent): void => {
        const text = progressText(event);
        tell(text);
        ctx.showPanel(runningState(text, ctx.panelState()));
      };
      if (kind === 'fix') {
        const { runId, report } = await ctx.sidecar.fix(options, source.token, {
          onProgress,
          onPatch: (params) => showEarly(params.runId, params.event),
        });
        const patches = settings.learnFromChoices ? ctx.choices.order(report.patches) : report.patches;
        return runFromFix(runId, workspace, { ...(report satisfies FixReport), suspects: suspectsShown(report), patches });
      }
      const { runId, report } = await ctx.sidecar.analyze(options, source.token, onProgress);
      return runFromAnalyze(runId, workspace, { ...(report satisfies AnalyzeReport), suspects: suspectsShown(report) });
    };
    // A background run shows in the status bar item only: no notification to take the eye.
    const record = background
      ? await execute(() => undefined)
      : await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: 'DeepDebug', cancellable: true },
          (progress, token) => {
            token.onCancellationRequested(() => source.cancel());
            return execute((message) => progress.report({ message }));
          },
        );
    ctx.log.info(`${kind} finished in ${Date.now() - started} ms: ${headline(record)}`);
    noticeContainment(record, ctx.log);
    for (const warning of record.warnings) ctx.log.warn(warning);
    ctx.store.set(record);
    ctx.showPanel(finishedState(record));
    if (!background) void announce(ctx, record);
    return record;
  } catch (error) {
    const failure = ctx.sidecar.failure(error);
    // A newer run canceled this one: the newer run owns the panel and the notifications now.
    if (ctx.current?.source !== source) {
      ctx.log.info(`${kind} superseded by a newer run after ${Date.now() - started} ms`);
      return undefined;
    }
    if (failure.kind === 'canceled') {
      ctx.log.info(`${kind} canceled after ${Date.now() - started} ms`);
      // Canceling stops the new run only: the previous run's results stay, in the panel as in
      // the Problems list and the quick fixes, which still show them.
      const previous = ctx.store.forWorkspace(workspace);
      ctx.showPanel(previous ? canceledState(previous) : failedState(CANCELED));
      if (!background) void vscode.window.showInformationMessage(previous ? `${CANCELED} The previous run's results stay.` : CANCELED);
      return undefined;
    }
    ctx.log.error(`${kind} failed after ${Date.now() - started} ms: ${failure.message}`);
    const message = failure.kind === 'user' ? `DeepDebug: ${failure.message}` : failure.message;
    ctx.showPanel(failedState(message));
    if (!background) void vscode.window.showErrorMessage(message);
    return undefined;
  } finally {
    // A run that stopped without a report takes its early patches with it.
    if (earlyRunId !== undefined) ctx.store.dropInFlight(earlyRunId);
    if (ctx.current?.source === source) {
      ctx.current = undefined;
      ctx.showBackground(null);
    }
    source.dispose();
  }
}

/** A patch event of the fix in flight: its early patches in the store (the lightbulb) and the panel. */
function showEarlyPatch(ctx: Ctx, runId: string, workspace: string, event: PatchEvent): void {
  ctx.log.info(`[${runId}] early fix ${event.kind}: ${event.patch.summary} in ${event.patch.file}`);
  const current = ctx.store.inFlightIn(workspace);
  const run = withPatchEvent(current?.runId === runId ? current : inFlightRun(runId, workspace), event);
  ctx.store.setInFlight(run);
  ctx.showPanel(followRun(ctx.panelState(), run));
}

/** The target's tests: the test its traceback names, located by the run's interpreter, else its own selection. */
async function testsOf(target: Target, python: string): Promise<string[]> {
  if (target.traceback === undefined) return target.tests;
  const named = await selectionFromTraceback(target.traceback, { workspace: target.folder.uri.fsPath, python });
  return named.length ? named : target.tests;
}

async function announce(ctx: Ctx, run: RunRecord): Promise<void> {
  const best = pendingPatches(run)[0];
  const text = headline(run);
  if (collectionBlocker(run.failures)) {
    void vscode.window.showErrorMessage(text);
    return;
  }
  if (!best) {
    void vscode.window.showInformationMessage(text);
    return;
  }
  const choice = await vscode.window.showInformationMessage(text, 'Show diff', 'Review');
  if (choice === 'Show diff') await showDiff(ctx.store, best.id);
  if (choice === 'Review') await vscode.commands.executeCommand('deepdebug.panel.focus');
}

export async function applyPatch(ctx: Ctx, argument?: unknown): Promise<void> {
  const found = lookUp(ctx, argument);
  if (!found) return;
  const { run, record } = found;
  const uri = vscode.Uri.file(record.absPath);
  const document = await vscode.workspace.openTextDocument(uri);
  const settings = readSettings(uri);
  const verdict = checkApply(run, record, document.getText(), settings.allowTestEdits);
  if (!verdict.ok) {
    ctx.log.warn(`apply ${record.id} refused: ${verdict.reason}`);
    void vscode.window.showErrorMessage(verdict.reason);
    return;
  }
  const { start, end, text } = verdict.replacement;
  const range = new vscode.Range(document.positionAt(start), document.positionAt(end));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, range, text, { label: `DeepDebug fix: ${record.patch.summary}`, needsConfirmation: false });
  if (!(await vscode.workspace.applyEdit(edit))) {
    void vscode.window.showErrorMessage(`DeepDebug could not edit ${record.patch.file}.`);
    return;
  }
  ctx.store.followText(record.absPath, document.getText());
  if (settings.learnFromChoices) void ctx.choices.record(record.patch.editKind, 'applied');
  ctx.showPanel(reviewState(ctx, run));
  ctx.log.info(`applied ${record.id} to ${record.patch.file}: ${record.patch.summary}`);
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  const changed = new vscode.Range(document.positionAt(start), document.positionAt(start + text.length));
  editor.selection = new vscode.Selection(changed.start, changed.start);
  editor.revealRange(changed, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  void vscode.window.showInformationMessage(`DeepDebug fix applied to ${record.patch.file}: ${record.patch.summary} (undo reverts it).`);
}

export async function showPatchDiff(ctx: Ctx, argument?: unknown): Promise<void> {
  const id = patchIdOf(argument);
  if (id !== undefined) await showDiff(ctx.store, id);
}

export function discardPatch(ctx: Ctx, argument?: unknown): void {
  const found = lookUp(ctx, argument);
  if (!found) return;
  ctx.store.setStatus(found.record.id, 'discarded');
  if (readSettings(vscode.Uri.file(found.record.absPath)).learnFromChoices)
    void ctx.choices.record(found.record.patch.editKind, 'discarded');
  ctx.showPanel(reviewState(ctx, found.run));
  ctx.log.info(`discarded ${found.record.id}`);
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && patchIdOf(active) === found.record.id) void vscode.commands.executeCommand('workbench.action.closeActiveEditor');
}

/** The panel once a patch of `run` was applied or discarded: a run in flight keeps running. */
function reviewState(ctx: Ctx, run: RunRecord): PanelState {
  return run.inFlight ? followRun(ctx.panelState(), run) : finishedState(run);
}

function lookUp(ctx: Ctx, argument: unknown): ReturnType<RunStore['findPatch']> {
  const id = patchIdOf(argument);
  const found = id === undefined ? undefined : ctx.store.findPatch(id);
  if (!found) void vscode.window.showErrorMessage('This DeepDebug fix is no longer available; run DeepDebug again.');
  return found;
}
