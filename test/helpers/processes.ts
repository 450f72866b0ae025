import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// Finding the processes a run left behind, for tests that prove nothing keeps running.

/** Processes (other than this one) whose working folder, command line or TMPDIR lies in one of the folders, as "pid: command". */
export function processesIn(folders: string[]): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const inside = (folder: string): boolean =>
        cwd === folder || cwd.startsWith(folder + path.sep) || cmdline.includes(folder) || environ.includes(`TMPDIR=${folder}`);
      if (folders.some(inside)) found.push(`${entry}: ${cmdline}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the condition holds; fails with `failure` (worded when it fails, if a function) after timeoutMs. */
export async function waitFor(condition: () => boolean, timeoutMs: number, failure: string | (() => string)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) assert.fail(typeof failure === 'string' ? failure : failure());
    await sleep(200);
  }
}
