// Which pytest tests to run for what the user clicked: a Testing-view item (from any test
// controller, the Python extension's included), a test message's traceback, or a Python file.
// Plain logic (no vscode import): callers pass file-system paths, not Uris.
import * as path from 'node:path';
import { isTestFile } from '../../core/pytest/failures';
import type { LocateOptions } from '../../core/pytest/locate';
import type { Frame } from '../../core/types';

/** The parts of a vscode.TestItem this needs. */
export interface TestItemRef {
  id: string;
  /** File-system path of the item's file or folder, when the controller gave one. */
  fsPath?: string;
}

function relativeInside(workspace: string, fsPath: string): string | undefined {
  const relative = path.relative(workspace, fsPath);
  if (relative === '') return '';
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

/**
 * A pytest node id for a test item, or a file/folder path for a container item. Controllers
 * put a path then "::"-separated names in the id (the Python extension: the absolute path);
 * the path part is rebased on the workspace, the names kept as they are.
 * Undefined when the item lies outside the workspace or its id has no recognizable path.
 */
export function selectionFromTestItem(item: TestItemRef, workspace: string): string | undefined {
  const at = item.id.indexOf('::');
  const names = at < 0 ? '' : item.id.slice(at);
  const idPath = at < 0 ? item.id : item.id.slice(0, at);
  const filePath = item.fsPath ?? (path.isAbsolute(idPath) ? idPath : path.join(workspace, idPath));
  const relative = relativeInside(workspace, filePath);
  if (relative === undefined) return undefined;
  if (relative === '') return names ? undefined : '';
  // A container item's id need not end in its path; its uri is the folder or file itself.
  return relative.endsWith('.py') ? `${relative}${names}` : relative;
}

/**
 * The failing test named by a traceback: its innermost frame in a test file. A traceback does
 * not say whether the function is a test class's method, so the test is selected by name
 * (`-k`) within its file, which finds both.
 */
export function selectionFromFrames(frames: readonly Frame[]): string[] {
  const frame = [...frames].reverse().find((candidate) => candidate.inWorkspace && isTestFile(candidate.file, []));
  if (!frame) return [];
  if (/^test\w*$/.test(frame.function)) return [frame.file, '-k', frame.function];
  return [frame.file];
}

/**
 * The failing test named by a test message's traceback text, its files located by the Python
 * side's rule with the interpreter the run will use (one short run of it when the text has
 * frames). Throws what locateFiles throws: an interpreter that cannot answer is one clear error.
 */
export async function selectionFromTraceback(text: string, options: LocateOptions): Promise<string[]> {
  // Loaded on first use, like the sidecar's client library: activation stays cheap (the wire's
  // schemas that check the answer are the bulk of it).
  const { tracebackFrames } = await import('../../core/pytest/traceback-text.js');
  return selectionFromFrames(await tracebackFrames(text, options));
}

/** The tests to run for a Python file: the file itself when it is a test file, else the whole suite. */
export function selectionForFile(fsPath: string, workspace: string): string[] {
  const relative = relativeInside(workspace, fsPath);
  if (relative === undefined || relative === '' || !isTestFile(relative, [])) return [];
  return [relative];
}
