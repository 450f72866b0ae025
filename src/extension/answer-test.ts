// The question validated fixes leave open, answered in the editor: choosing an answer puts the
// fixes that give it first (the engine's chooseAnswer, as `deepdebug add-test` does); adding its
// test writes it into the user's suite as one undoable edit, saved so that pytest sees it.
// Nothing is written to the workspace before the user adds the test.
import * as vscode from 'vscode';
import { answerTestText } from '../core/behaviour/disagreement';
import { answerText } from '../core/behaviour/words';
import { finishedState } from './logic/panel-state';
import { absolutePath } from './logic/run-record';
import type { Ctx } from './commands';

/** The user picked answer `answer` (0-based) of run `runId`'s question. */
export function chooseAnswer(ctx: Ctx, runId: string, answer: number): void {
  const run = ctx.store.answer(runId, answer);
  if (!run) return void vscode.window.showErrorMessage('This DeepDebug question is no longer open; run DeepDebug again.');
  ctx.showPanel(finishedState(run));
  ctx.log.info(`${runId}: answer ${answer + 1} chosen for ${run.disagreement?.call ?? '?'}`);
}

/** Adds the chosen answer's test to the test file the question names, and shows it. */
export async function addAnswerTest(ctx: Ctx, runId: string, answer: number): Promise<void> {
  const run = ctx.store.all().find((candidate) => candidate.runId === runId);
  const disagreement = run?.disagreement;
  const test = disagreement?.answers[answer]?.test;
  if (!run || !disagreement || disagreement.chosen !== answer || !test || !disagreement.testFile) {
    return void vscode.window.showErrorMessage('Choose an answer that can be written as a test first.');
  }
  const uri = vscode.Uri.file(absolutePath(run.workspace, disagreement.testFile));
  const exists = await vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
  const document = exists ? await vscode.workspace.openTextDocument(uri) : null;
  const written = answerTestText(document?.getText() ?? null, test);
  if (typeof written !== 'string')
    return void vscode.window.showErrorMessage(`DeepDebug did not add the test: ${disagreement.testFile} ${written.refused}.`);
  const edit = new vscode.WorkspaceEdit();
  const metadata = {
    label: `DeepDebug test: ${disagreement.call} ${answerText(disagreement.answers[answer]!.result)}`,
    needsConfirmation: false,
  };
  if (document)
    edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), written, metadata);
  else {
    edit.createFile(uri, { ignoreIfExists: false }, metadata);
    edit.insert(uri, new vscode.Position(0, 0), written, metadata);
  }
  if (!(await vscode.workspace.applyEdit(edit)))
    return void vscode.window.showErrorMessage(`DeepDebug could not write ${disagreement.testFile}.`);
  const saved = await vscode.workspace.openTextDocument(uri);
  await saved.save();
  ctx.store.testAdded(runId);
  ctx.showPanel(finishedState(run));
  ctx.log.info(`${runId}: added the answer's test to ${disagreement.testFile}`);
  const editor = await vscode.window.showTextDocument(saved, { preview: false });
  const end = saved.lineAt(saved.lineCount - 1).range.end;
  editor.revealRange(new vscode.Range(end, end), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
