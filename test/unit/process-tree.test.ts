import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { killProcessTree } from '../../src/core/pytest/process-group';

// A run that overruns or is canceled is ended with everything it started: its process group
// here, its process tree on Windows (where a process group cannot be signalled).

/** Whether the process runs: neither gone nor a zombie waiting for a parent to reap it. */
const alive = (pid: number): boolean => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('ending a process and what it started', () => {
  it('kills the whole group of a process started detached, its children too', async () => {
    const leader = spawn('sh', ['-c', 'sleep 60 & echo $!; wait'], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    const child = Number(await new Promise<string>((resolve) => leader.stdout.once('data', (data: Buffer) => resolve(data.toString()))));
    assert.ok(alive(child));
    const exited = new Promise((resolve) => leader.once('exit', resolve));
    killProcessTree(leader.pid!);
    await exited;
    for (let i = 0; i < 50 && alive(child); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(alive(child), false, 'the child of the group is gone');
    killProcessTree(leader.pid!); // gone already: nothing happens
  });

  it('ends the tree by taskkill on Windows', () => {
    const calls: unknown[][] = [];
    const run = ((command: string, args: string[]) => {
      calls.push([command, args]);
      return { status: 0 };
    }) as unknown as Parameters<typeof killProcessTree>[2];
    killProcessTree(4242, 'win32', run);
    assert.deepEqual(calls, [['taskkill', ['/PID', '4242', '/T', '/F']]]);
  });
});
