// The harness itself: code-server serves the workbench with the extension installed, the
// palette offers the extension's command, and teardown leaves nothing running.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { scenarioSessions } from './harness';

describe('e2e: workbench', function () {
  this.timeout(180_000);
  this.slow(30_000);
  const startSession = scenarioSessions();

  it('opens the fixture workspace and lists "Debug with DeepDebug" in the command palette', async () => {
    const session = await startSession({ fixture: 'failing-test', scenario: 'workbench' });
    const explorer = await session.page.locator('.explorer-folders-view').innerText();
    assert.match(explorer, /pricing\.py/);
    const titles = await session.workbench.paletteEntries('Debug with DeepDebug');
    assert.ok(
      titles.some((title) => title.includes('Debug with DeepDebug')),
      `palette offered: ${titles.join(' | ')}`,
    );
    await session.workbench.openFile('pricing.py');
    assert.match(await session.workbench.editorText(), /def bulk_discount\(quantity\):/);
    const screenshot = await session.screenshot();
    assert.ok(fs.statSync(screenshot).size > 10_000);
  });
});
