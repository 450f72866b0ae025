import * as fs from 'node:fs';
import * as path from 'node:path';

// The user's home as candidates see it inside the sandbox: read-only, with writes kept private.
// Code that reads `~/something` must find the user's files (a test that fails on a missing
// folder in an empty home fails for a reason the user never had, and a patch that creates the
// folder "fixes" it), yet nothing a candidate writes may reach the real home. bubblewrap 0.8
// has no overlay mount, so the private home is a shallow mirror: the home's own entries, and the
// small folders nearest its top made again while a budget of entries lasts, their small files
// copied (a test may rewrite its settings file), everything else a link. In the sandbox everything outside the
// validator's folder is read-only, so the links are read-only views; a new file or folder lands
// in the private home (the world puts it back after each candidate), and a write through a link
// fails as on a read-only disk (the reproduce run names the tests that do that). Without the
// sandbox a link would let candidates write into the real home: there the home stays private
// and empty.

/**
 * Entries made in all, and the most a folder below the home may hold to be made again: the
 * world walks every entry after each candidate to put it back (about 40 microseconds each
 * here), so the mirror stays small; small folders are the ones a program keeps its settings in.
 */
const ENTRY_BUDGET = 64;
const SMALL_FOLDER = 16;
/** Files up to this size are copied (writable, private) while the copies stay within the total; others are links. */
const COPY_LIMIT_BYTES = 64 * 1024;
const COPY_TOTAL_BYTES = 1024 * 1024;

/** Fills `privateHome` (an empty folder) with the mirror of `realHome`; returns the entries made. */
export async function mirrorHome(realHome: string, privateHome: string): Promise<number> {
  let made = 0;
  let copied = 0;
  // Breadth first, so the folders nearest the home are the ones made writable.
  const queue: Array<{ real: string; mirror: string }> = [{ real: realHome, mirror: privateHome }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const entries = await fs.promises.readdir(next.real, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const real = path.join(next.real, entry.name);
      const mirror = path.join(next.mirror, entry.name);
      let size: number;
      if (entry.isDirectory() && made < ENTRY_BUDGET && (await isSmallFolder(real, ENTRY_BUDGET - made))) {
        await fs.promises.mkdir(mirror);
        queue.push({ real, mirror });
      } else if (entry.isFile() && (size = await sizeOf(real)) <= COPY_LIMIT_BYTES && copied + size <= COPY_TOTAL_BYTES) {
        copied += size;
        // An unreadable file stays a link: the test meets the same refusal it meets at home.
        await fs.promises.copyFile(real, mirror).catch(() => fs.promises.symlink(real, mirror));
      } else {
        await fs.promises.symlink(real, mirror);
      }
      made++;
    }
  }
  return made;
}

/** Whether a folder holds few enough entries to be made again (within `room`). */
async function isSmallFolder(folder: string, room: number): Promise<boolean> {
  const most = Math.min(SMALL_FOLDER, room);
  let count = 0;
  try {
    // Counted only as far as the bound: a cache folder may hold a hundred thousand entries.
    for await (const _entry of await fs.promises.opendir(folder)) if (++count > most) return false;
  } catch {
    return false;
  }
  return true;
}

/** The file's size; infinite where it cannot be read. */
async function sizeOf(file: string): Promise<number> {
  const stat = await fs.promises.stat(file).catch(() => null);
  return stat?.size ?? Number.POSITIVE_INFINITY;
}
