// Watches pytest's cache in each workspace folder and, when a test run of the user's wrote it,
// reads its `lastfailed` file and starts a background fix on new failing tests (the rules are
// background-start.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { backgroundTests, LAST_FAILED, parseLastFailed } from './logic/background-start';
import { fixInBackground, type Ctx } from './commands';
import { readSettings } from './config';

/** pytest writes the file once at the end of its run; a burst of events (create, change) is one run. */
const SETTLE_MS = 300;
/**
 * The whole cache folder, itself included: a first pytest run makes the folder and the file in
 * it at once, before the file watcher watches the new folder, and the file's own event is lost.
 */
const PYTEST_CACHE = '{.pytest_cache,.pytest_cache/**}';

export function watchTestRuns(ctx: Ctx): vscode.Disposable {
  const watchers = new Map<string, vscode.Disposable>();
  const timers = new Map<string, NodeJS.Timeout>();

  const check = async (folder: vscode.WorkspaceFolder): Promise<void> => {
    if (!readSettings(folder.uri).backgroundStart) return;
    const workspace = folder.uri.fsPath;
    const text = await fs.promises.readFile(path.join(workspace, ...LAST_FAILED.split('/')), 'utf8').catch(() => undefined);
    const tests = backgroundTests({
      workspace,
      failing: parseLastFailed(text),
      covered: ctx.store.forWorkspace(workspace)?.failures.map((failure) => failure.nodeid) ?? [],
      inFlight: ctx.current,
      fileExists: (file) => fs.existsSync(path.join(workspace, ...file.split('/'))),
    });
    if (tests.length > 0) await fixInBackground(ctx, folder, tests);
  };

  const changed = (folder: vscode.WorkspaceFolder): void => {
    const key = folder.uri.toString();
    // Written while DeepDebug runs in this folder: not a test run of the user's.
    if (ctx.current?.workspace === folder.uri.fsPath) return;
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        void check(folder).catch((error: unknown) => ctx.log.error(`background start: ${String(error)}`));
      }, SETTLE_MS),
    );
  };

  const watch = (folder: vscode.WorkspaceFolder): void => {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, PYTEST_CACHE));
    const onEvent = (): void => changed(folder);
    watchers.set(
      folder.uri.toString(),
      vscode.Disposable.from(watcher, watcher.onDidCreate(onEvent), watcher.onDidChange(onEvent), watcher.onDidDelete(onEvent)),
    );
  };

  for (const folder of vscode.workspace.workspaceFolders ?? []) watch(folder);
  const folders = vscode.workspace.onDidChangeWorkspaceFolders((event) => {
    for (const folder of event.removed) {
      watchers.get(folder.uri.toString())?.dispose();
      watchers.delete(folder.uri.toString());
    }
    for (const folder of event.added) watch(folder);
  });
  return new vscode.Disposable(() => {
    folders.dispose();
    for (const watcher of watchers.values()) watcher.dispose();
    for (const timer of timers.values()) clearTimeout(timer);
  });
}
