// The one rule for what a patch's status is while its file's text changes (typing, Undo, Redo,
// a revert on disk): the status follows the text, not the last button pressed. Plain logic (no
// vscode import); patch-follower.ts feeds it the editor's documents.
import { sha256 } from '../../core/files/hash';
import { encodeSource } from '../../core/files/source-encoding';
import type { SourceEncoding, ValidatedPatch } from '../../core/types';

/** 'stale': its file changed since the run, so it no longer applies (see statusForText). */
export type PatchStatus = 'pending' | 'applied' | 'discarded' | 'stale';

export interface PatchRecord {
  /** `<runId>.<rank>`; unique for the session. */
  id: string;
  /** 1 = best. */
  rank: number;
  /** Absolute path of the file the patch edits. */
  absPath: string;
  patch: ValidatedPatch;
  status: PatchStatus;
  /** A patch shown before its run's report (early-run.ts): its clean re-check still running, or passed. */
  recheck?: 'running' | 'passed';
}

/** What tells two patches apart: the file and its patched text (the same patch, after a trip over JSON). */
export function patchKey(patch: Pick<ValidatedPatch, 'file' | 'newFileText'>): string {
  return `${patch.file}\0${patch.newFileText}`;
}

/** The bytes `text` has in `encoding`, or null where it holds a character the encoding cannot. */
export function encodedOrNull(text: string, encoding: SourceEncoding): Buffer | null {
  try {
    return encodeSource(text, encoding);
  } catch {
    return null;
  }
}

/** Whether `text` is, byte for byte in the file's encoding, the text the patch was made from. */
export function isBaseText(patch: ValidatedPatch, text: string): boolean {
  const bytes = encodedOrNull(text, patch.encoding ?? 'utf-8');
  return bytes !== null && sha256(bytes) === patch.baseSha256;
}

/**
 * The patch's status once its file reads `text`: the patched text is applied (Apply, Redo);
 * the base text offers it again (Undo); any other text makes an offer stale, while an applied
 * patch stays applied through later edits. A discarded patch stays discarded.
 */
export function statusForText(record: PatchRecord, text: string): PatchStatus {
  if (record.status === 'discarded') return 'discarded';
  if (text === record.patch.newFileText) return 'applied';
  if (isBaseText(record.patch, text)) return 'pending';
  return record.status === 'applied' ? 'applied' : 'stale';
}
