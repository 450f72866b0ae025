import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { pythonHelpersDir } from '../../src/core/files/resources';

// A forked child where no limit on the address space binds (macOS: RLIMIT_AS is not enforced
// there) keeps its memory allowance by a watch on its own resident memory
// (deepdebug/memory.py), which ends it; the fork server's side names the exit. Here the watch
// runs on Linux, as the child starts it on macOS: a child that goes past the allowance ends
// within the watch's period, one that stays under it ends as it would have.

const CHILD = `
import os, sys, time
from deepdebug.limits import describe_exit
from deepdebug.memory import end_past_allowance

allocate_mb = int(sys.argv[1])
started = time.monotonic()
pid = os.fork()
if pid == 0:
    end_past_allowance(64)
    held = bytearray(allocate_mb * 1024 * 1024)
    for page in range(0, len(held), 4096):
        held[page] = 1  # resident once written
    time.sleep(30.0 if allocate_mb > 64 else 0.1)
    os._exit(0)
_, status = os.waitpid(pid, 0)
print(os.WEXITSTATUS(status) if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else describe_exit(status))
print(round(time.monotonic() - started, 2))
`;

function runChild(allocateMb: number): { said: string; seconds: number } {
  const run = spawnSync('python3', ['-c', CHILD, String(allocateMb)], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: pythonHelpersDir() },
    timeout: 60_000,
  });
  assert.equal(run.status, 0, run.stderr);
  const [said = '', seconds = ''] = run.stdout.trim().split('\n');
  return { said, seconds: Number(seconds) };
}

describe('the memory watch of a forked child where the address space is not limited', function () {
  this.timeout(120_000);

  it('ends a child past its allowance, and the reply names the memory', () => {
    const { said, seconds } = runChild(512);
    assert.equal(said, "MemoryError: the candidate's tests went over the memory allowance");
    // It would have slept half a minute after allocating: the watch ended it long before.
    assert.ok(seconds < 15, `ended after ${seconds} s`);
  });

  it('leaves a child under its allowance to end as it would', () => {
    assert.equal(runChild(16).said, '0');
  });
});
