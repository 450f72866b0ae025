import * as fs from 'node:fs';
import * as path from 'node:path';
import type { OutsideLink } from '../types';

// Symbolic links in the validator's pristine copy that lead out of it. The copy keeps links as
// links, so a candidate writing through one would write the user's real files (or, through a
// link whose target does not exist yet, create one). In the sandbox everything outside the
// validator's folder is read-only, so such links stay. Without it, each is replaced in the
// pristine copy (and so in every world made from it) by a copy of its target when that is
// small, so tests read the same bytes and writes land in the copy; otherwise the link is left
// out. A read-only bind mount would keep the link usable, but needs privileges the validator
// has only in the sandbox. Links that lead back into the workspace (by absolute path) are
// pointed at the copy's own file instead.

/**
 * The largest target copied in place of a link. Every world is a copy of the pristine copy (one
 * per worker, one per re-check), so a copied target costs its size that many times over, in
 * disk and in start-up time; test data is far smaller, a corpus or a dataset far larger.
 */
export const LINK_COPY_BOUND = { bytes: 16 * 1024 * 1024, entries: 2_000 } as const;

/**
 * Makes the links of `copy` (the pristine copy of `workspace`) safe for candidates to write
 * through, and lists those that lead out of the workspace with what the copy holds instead.
 */
export async function containOutsideLinks(workspace: string, copy: string, sandboxed: boolean): Promise<OutsideLink[]> {
  const workspaceReal = await fs.promises.realpath(workspace);
  const outside: OutsideLink[] = [];
  for (const copyLink of await linksIn(copy)) {
    const text = await fs.promises.readlink(copyLink);
    // A relative link that stays in the copy is as safe as the copy.
    if (isWithin(path.resolve(path.dirname(copyLink), text), copy)) continue;
    const relative = path.relative(copy, copyLink);
    const target = await targetOf(path.join(workspace, relative), text);
    if (isWithin(target, workspaceReal)) {
      const counterpart = path.join(copy, path.relative(workspaceReal, target));
      // A target the copy left behind (in a virtual environment, say) is as good as outside.
      if (fs.existsSync(counterpart) || !fs.existsSync(target)) {
        await fs.promises.rm(copyLink);
        await fs.promises.symlink(path.relative(path.dirname(copyLink), counterpart), copyLink);
        continue;
      }
    }
    const link = relative.split(path.sep).join('/');
    if (sandboxed) {
      outside.push({ link, target, handled: 'kept' });
      continue;
    }
    await fs.promises.rm(copyLink);
    const why = await copyInPlace(target, copyLink);
    outside.push(why === null ? { link, target, handled: 'copied' } : { link, target, handled: 'left-out', why });
  }
  return outside;
}

/** One warning line about the links that leave the workspace without the sandbox; null when there are none. */
export function outsideLinksWarning(links: readonly OutsideLink[]): string | null {
  const handled = links.filter((l) => l.handled !== 'kept');
  if (handled.length === 0) return null;
  const count = handled.length === 1 ? '1 link leaves' : `${handled.length} links leave`;
  const each = handled.map(
    (l) => `${l.link} -> ${l.target} (${l.handled === 'copied' ? 'copied for the candidates' : `left out: ${l.why}`})`,
  );
  const leftOut = handled.some((l) => l.handled === 'left-out') ? ' Tests that read a link left out fail in the validator.' : '';
  return `without the sandbox, ${count} the workspace: ${each.join(', ')}.${leftOut}`;
}

/** Every symbolic link under folder (links are not followed). */
async function linksIn(folder: string): Promise<string[]> {
  const links: string[] = [];
  for (const entry of await fs.promises.readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) links.push(full);
    else if (entry.isDirectory()) links.push(...(await linksIn(full)));
  }
  return links;
}

/** Where the link at `original` (whose text is `text`) leads, by real path; for one that leads nowhere, where its text points. */
async function targetOf(original: string, text: string): Promise<string> {
  try {
    return await fs.promises.realpath(original);
  } catch {
    // Its target does not exist (or the links loop): a write through it would create it.
    return path.resolve(await fs.promises.realpath(path.dirname(original)), text);
  }
}

function isWithin(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** Copies target to destination; null when done, else why it was not (nothing is left at destination). */
async function copyInPlace(target: string, destination: string): Promise<string | null> {
  const stat = await fs.promises.stat(target).catch(() => null);
  if (stat === null) return 'its target does not exist';
  const tooLarge = stat.isDirectory() ? await folderOverBound(target) : stat.isFile() ? sizeOverBound(stat.size) : 'not a file or folder';
  if (tooLarge !== null) return tooLarge;
  try {
    // Links inside a copied folder are followed: the copy must hold no link out either.
    await fs.promises.cp(target, destination, { recursive: true, dereference: true });
    return null;
  } catch (error) {
    await fs.promises.rm(destination, { recursive: true, force: true });
    return `could not be copied (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
}

function sizeOverBound(bytes: number): string | null {
  return bytes > LINK_COPY_BOUND.bytes ? `over ${LINK_COPY_BOUND.bytes / (1024 * 1024)} MiB` : null;
}

/** Why folder is too large to copy (following links, as the copy does), or null; stops at the bound. */
async function folderOverBound(folder: string): Promise<string | null> {
  let bytes = 0;
  let entries = 0;
  const pending = [folder];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const names = await fs.promises.readdir(dir).catch(() => null);
    if (names === null) return dir === folder ? 'cannot be read' : `${path.relative(folder, dir)} in it cannot be read`;
    for (const name of names) {
      if (++entries > LINK_COPY_BOUND.entries) return `over ${LINK_COPY_BOUND.entries} entries`;
      const full = path.join(dir, name);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (stat === null) return `${path.relative(folder, full)} in it leads nowhere`;
      if (stat.isDirectory()) pending.push(full);
      else if (stat.isFile()) bytes += stat.size;
      else return `${path.relative(folder, full)} in it is not a file or folder`;
      const over = sizeOverBound(bytes);
      if (over !== null) return over;
    }
  }
  return null;
}
