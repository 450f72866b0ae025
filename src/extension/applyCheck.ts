// Whether a patch may be applied to the document as it is now, and the smallest edit that does
// it. Plain logic (no vscode import) so the refusal rules are testable without an editor.
import { sha256 } from '../core/hash';
import { isTestFile, type PatchRecord, type RunRecord } from './runRecord';

/** Replace `text` between two character offsets of the current document. */
export interface TextReplacement {
  start: number;
  end: number;
  text: string;
}

export type ApplyVerdict = { ok: true; replacement: TextReplacement } | { ok: false; reason: string };

export function checkApply(
  run: RunRecord,
  record: PatchRecord,
  currentText: string,
  allowTestEdits: boolean,
): ApplyVerdict {
  const { patch } = record;
  if (record.status === 'applied') return { ok: false, reason: `This DeepDebug fix was already applied to ${patch.file}.` };
  if (record.status === 'discarded') return { ok: false, reason: 'This DeepDebug fix was discarded.' };
  if (!allowTestEdits && isTestFile(patch.file, run.failures)) {
    return {
      ok: false,
      reason: `DeepDebug does not edit test files (${patch.file}); enable the setting deepdebug.allowTestEdits to allow it.`,
    };
  }
  if (sha256(currentText) !== patch.baseSha256) {
    return {
      ok: false,
      reason: `${patch.file} changed since DeepDebug made this fix; run DeepDebug again to get a fix for the current text.`,
    };
  }
  return { ok: true, replacement: smallestReplacement(currentText, patch.newFileText) };
}

/**
 * The replacement turning `before` into `after` that keeps their common first and last lines
 * untouched, so undo, cursors and folding outside the edited lines stay where they were.
 */
export function smallestReplacement(before: string, after: string): TextReplacement {
  const limit = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < limit && before[prefix] === after[prefix]) prefix++;
  if (prefix > 0) prefix = before.lastIndexOf('\n', prefix - 1) + 1; // back to the start of its line
  let suffix = 0;
  while (suffix < limit - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  // Forward to a line start, so the replaced range covers whole lines.
  while (suffix > 0 && before[before.length - suffix - 1] !== '\n') suffix--;
  return { start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}
