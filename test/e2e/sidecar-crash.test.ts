// Scenario 5: the engine process (the sidecar) dies in the middle of a run. The extension says
// so and restarts it; the run's candidate test processes end with it, its scratch folders are
// removed, no file changed, and the next run finds the fix.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { debugAndWait, debugCommand, outcomeToast, progressToast } from './deepdebug-ui';
import { scenarioSessions, snapshotFiles, type Session } from './harness';

/** Scratch folders of the engine (validation copies, pytest reports) anywhere in the session's temp folder. */
function engineScratch(session: Session): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (/^deepdebug-(validate|pytest)-/.test(entry.name)) found.push(entry.name);
      else if (depth > 0) walk(path.join(dir, entry.name), depth - 1);
    }
  };
  walk(path.join(session.root, 'tmp'), 1);
  return found;
}

/** The session's sidecar processes: node running the bundle's sidecar.js with a TMPDIR in the session's. */
function sidecarPids(session: Session): number[] {
  const tmp = `TMPDIR=${path.join(session.root, 'tmp')}${path.sep}`;
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (cmdline.some((arg) => arg.endsWith(`${path.sep}sidecar.js`)) && environ.some((variable) => variable.startsWith(tmp)))
        pids.push(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return pids;
}

describe('e2e: the engine process crashes', function () {
  this.timeout(360_000);
  this.slow(90_000);
  const startSession = scenarioSessions();

  it('SIGKILL of the sidecar mid-run: the UI says it stopped and was restarted, and the next run fixes the bug', async () => {
    const session = await startSession({ fixture: 'slow-tests', scenario: 'sidecar-crash' });
    const { workbench } = session;
    const before = snapshotFiles(session.workspace);

    await workbench.runCommand(debugCommand);
    await progressToast(workbench).filter({ hasText: 'Validating' }).waitFor({ state: 'visible', timeout: 180_000 });
    const crashed = sidecarPids(session);
    assert.equal(crashed.length, 1, `expected one sidecar process, found ${crashed.join(', ')}`);
    assert.ok(session.scratchProcesses().size > 0, 'validation runs the tests in scratch copies');
    assert.ok(engineScratch(session).length > 0, 'validation works in a scratch folder');
    process.kill(crashed[0]!, 'SIGKILL');

    await workbench.waitForNotification("DeepDebug's engine process stopped unexpectedly and was restarted.", 60_000);
    const outcome = (await outcomeToast(workbench).filter({ hasText: 'stopped before the run finished' }).innerText()).replace(/\s+/g, ' ');
    assert.match(outcome, /engine process stopped before the run finished; run it again/);
    await progressToast(workbench).waitFor({ state: 'hidden', timeout: 30_000 });
    // The killed engine's candidate runs end with it: nothing keeps running in its scratch copies.
    const deadline = Date.now() + 30_000;
    while (session.scratchProcesses().size > 0 && Date.now() < deadline) await workbench.page.waitForTimeout(250);
    assert.deepEqual([...session.scratchProcesses().values()], []);
    // The killed engine could not remove its scratch folders; the extension did.
    assert.deepEqual(engineScratch(session), []);
    assert.deepEqual(snapshotFiles(session.workspace), before, 'the crash changed a file');
    await session.screenshot('sidecar-crash-restarted');

    // Dismiss the crash's notifications so the next outcome is the only one on screen.
    await workbench.runCommand('Notifications: Clear All Notifications');
    const second = await debugAndWait(workbench);
    assert.match(second.text, /DeepDebug: \d+ validated fix(es)? for /);
    const restarted = sidecarPids(session);
    assert.equal(restarted.length, 1);
    assert.notEqual(restarted[0], crashed[0], 'the second run ran in a new engine process');
    await session.screenshot();
    assert.deepEqual(snapshotFiles(session.workspace), before);
  });
});
