// Whether a patch may be applied to the document as it is now, and the smallest edit that does
// it. Plain logic (no vscode import) so the refusal rules are testable without an editor.
import { commonPrefix, commonSuffix } from '../../core/common-ends';
import { sha256 } from '../../core/files/hash';
import { isTestFile } from '../../core/pytest/failures';
import { encodedOrNull } from './patch-status';
import type { PatchRecord } from './patch-status';
import type { RunRecord } from './run-record';

/** Replace `text` between two character offsets of the current document. */
export interface TextReplacement {
  start: number;
  end: number;
  text: string;
}

export type ApplyVerdict = { ok: true; replacement: TextReplacement } | { ok: false; reason: string };

export function checkApply(run: RunRecord, record: PatchRecord, currentText: string, allowTestEdits: boolean): ApplyVerdict {
  const { patch } = record;
  if (record.status === 'applied') return { ok: false, reason: `This DeepDebug fix was already applied to ${patch.file}.` };
  if (record.status === 'discarded') return { ok: false, reason: 'This DeepDebug fix was discarded.' };
  if (!allowTestEdits && isTestFile(patch.file, run.failures)) {
    return {
      ok: false,
      reason: `DeepDebug does not edit test files (${patch.file}); enable the setting deepdebug.allowTestEdits to allow it.`,
    };
  }
  // The patch knows the file's bytes; the editor's text matches them only in the file's encoding.
  const encoding = patch.encoding ?? 'utf-8';
  const currentBytes = encodedOrNull(currentText, encoding);
  if (!currentBytes) {
    return {
      ok: false,
      reason:
        `${patch.file} declares the encoding ${encoding}, but the editor shows it in another one; reopen it in ${encoding} ` +
        '("Change File Encoding", "Reopen with Encoding") to apply this fix, or apply it with the deepdebug command line (--apply).',
    };
  }
  if (sha256(currentBytes) !== patch.baseSha256) {
    return {
      ok: false,
      reason: `${patch.file} changed since DeepDebug made this fix; run DeepDebug again to get a fix for the current text.`,
    };
  }
  const replacement = smallestReplacement(currentText, patch.newFileText);
  // An all-ASCII text reads the same in every encoding, so nothing shows that the editor will
  // save in the file's: new characters beyond ASCII could be saved in another encoding.
  if (encoding !== 'utf-8' && !isAscii(replacement.text) && isAscii(currentText)) {
    return {
      ok: false,
      reason:
        `This fix adds characters beyond ASCII to ${patch.file} (${encoding}), which the editor might save in another encoding; ` +
        'apply it with the deepdebug command line (--apply).',
    };
  }
  return { ok: true, replacement };
}

function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

/**
 * The replacement turning `before` into `after` that keeps their common first and last lines
 * untouched, so undo, cursors and folding outside the edited lines stay where they were.
 */
export function smallestReplacement(before: string, after: string): TextReplacement {
  let prefix = commonPrefix(before, after);
  if (prefix > 0) prefix = before.lastIndexOf('\n', prefix - 1) + 1; // back to the start of its line
  let suffix = commonSuffix(before, after, Math.min(before.length, after.length) - prefix);
  // Forward to a line start, so the replaced range covers whole lines.
  while (suffix > 0 && before[before.length - suffix - 1] !== '\n') suffix--;
  return { start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}
