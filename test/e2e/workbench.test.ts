// The harness itself: code-server serves the workbench with the extension installed, the
// palette offers the extension's command, and teardown leaves nothing running.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { prepareExtension, Session } from './harness';

describe('e2e: workbench', function () {
  this.timeout(180_000);
  this.slow(30_000);
  let session: Session | undefined;

  before(function () {
    this.timeout(900_000); // code-server on first use, then packaging and installing the .vsix, once per process
    prepareExtension();
  });

  afterEach(async function () {
    await session?.finish(this.currentTest);
    session = undefined;
  });

  it('opens the fixture workspace and lists "Debug with DeepDebug" in the command palette', async () => {
    session = await Session.start({ fixture: 'failing-test', scenario: 'workbench' });
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
