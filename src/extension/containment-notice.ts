// Tells the user, once per session, that candidates ran without a sandbox (the output channel
// and the headline say it on every run).
import * as vscode from 'vscode';
import { containmentWarning } from './logic/headline';
import type { RunRecord } from './logic/run-record';

let warned = false;

export function noticeContainment(run: RunRecord, log: vscode.LogOutputChannel): void {
  const warning = containmentWarning(run.containment);
  if (!warning) return;
  log.warn(warning);
  if (warned) return;
  warned = true;
  void vscode.window.showWarningMessage(warning);
}
