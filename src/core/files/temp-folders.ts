import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// The engine's temp folders (deepdebug-validate-*: the validator's copies of the workspace;
// deepdebug-pytest-*: a first run's report files) and who owns them. A run removes its own as
// it ends, when canceled too; a process that leaves through process.exit (a second Ctrl-C, the
// LSP exit notification) removes what is still its own in its exit handler. A process killed
// outright cannot: each folder records its owner's pid, and making a new one first removes
// those whose owner is gone.

const PREFIXES = ['deepdebug-validate-', 'deepdebug-pytest-'] as const;
export type TempPrefix = (typeof PREFIXES)[number];

const OWNER_FILE = 'owner.json';
/** Nothing younger is judged: a run that is starting writes its owner file just after making the folder. */
const MIN_AGE_MS = 10_000;
/** A folder whose owner cannot be known (made before owners were recorded, or in another PID namespace) is removed past this age. */
const UNOWNED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Owner {
  pid: number;
  /** The PID namespace the pid belongs to (Linux: /proc/self/ns/pid's link), null where there is none to read. */
  pidNamespace: string | null;
}

/** This process's folders not yet removed: the exit handler removes them. */
const owned = new Set<string>();
let exitHandlerInstalled = false;

/**
 * A new temp folder, owned by this process until removeTempFolder (at its exit at the latest).
 * Folders of processes that are gone are removed first.
 */
export async function makeTempFolder(prefix: TempPrefix): Promise<string> {
  await removeStaleFolders(os.tmpdir());
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), prefix));
  if (!exitHandlerInstalled) {
    process.on('exit', removeOwnedFolders);
    exitHandlerInstalled = true;
  }
  owned.add(folder);
  try {
    await writeOwner(folder);
  } catch (error) {
    await removeTempFolder(folder);
    throw error;
  }
  return folder;
}

export async function removeTempFolder(folder: string): Promise<void> {
  await fs.promises.rm(folder, { recursive: true, force: true, maxRetries: 3 });
  owned.delete(folder);
}

/** Records `pid` (this process by default) as the folder's owner. */
export async function writeOwner(folder: string, pid = process.pid): Promise<void> {
  const owner: Owner = { pid, pidNamespace: pidNamespace() };
  await fs.promises.writeFile(path.join(folder, OWNER_FILE), JSON.stringify(owner));
}

/**
 * Removes the engine's folders in `tmp` whose owner is gone: a recorded owner in this PID
 * namespace that no longer runs, or, where the owner cannot be known, a folder a day old.
 * Never one whose owner runs; one another user owns stays where it cannot be removed.
 */
async function removeStaleFolders(tmp: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.promises.readdir(tmp);
  } catch {
    return; // No temp folder yet: nothing left in it either.
  }
  const namespace = pidNamespace();
  const candidates = names.filter((name) => PREFIXES.some((prefix) => name.startsWith(prefix)));
  await Promise.all(
    candidates.map(async (name) => {
      const folder = path.join(tmp, name);
      if (await isStale(folder, namespace)) await fs.promises.rm(folder, { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

async function isStale(folder: string, namespace: string | null): Promise<boolean> {
  const ownerFile = path.join(folder, OWNER_FILE);
  const owner = await readOwner(ownerFile);
  // The owner file is written once; the folder changes as its run works in it.
  const age = Date.now() - (await modifiedAt(owner ? ownerFile : folder));
  if (!(age >= MIN_AGE_MS)) return false; // NaN too: the folder went while we looked
  if (owner && owner.pidNamespace === namespace) return !isRunning(owner.pid);
  return age > UNOWNED_MAX_AGE_MS;
}

/** The recorded owner; null without one (no file yet, an older run's folder, a torn write). */
async function readOwner(file: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Partial<Owner>;
    const valid =
      Number.isSafeInteger(owner.pid) && (owner.pid ?? 0) > 0 && (typeof owner.pidNamespace === 'string' || owner.pidNamespace === null);
    return valid ? (owner as Owner) : null;
  } catch {
    return null;
  }
}

async function modifiedAt(file: string): Promise<number> {
  try {
    return (await fs.promises.stat(file)).mtimeMs;
  } catch {
    return NaN;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function pidNamespace(): string | null {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

function removeOwnedFolders(): void {
  for (const folder of owned) {
    try {
      fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // What a still-running worker recreated: the next run removes it (its owner is gone then).
    }
  }
}
