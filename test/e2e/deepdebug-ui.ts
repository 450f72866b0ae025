// DeepDebug's own UI as the user sees it in the workbench: the run's progress notification,
// the notification with its outcome, and the review panel (a webview view).
import type { FrameLocator, Locator } from 'playwright-core';
import type { Workbench } from './workbench';

export const debugCommand = 'Debug with DeepDebug';

/** The cancellable progress notification of a run ("DeepDebug: Validating 3/12…"). */
export function progressToast(workbench: Workbench): Locator {
  return workbench.page
    .locator('.notifications-toasts .notification-toast', { hasText: 'DeepDebug' })
    .filter({ has: workbench.page.getByRole('button', { name: 'Cancel' }) })
    .first();
}

/** The notification a run ends with: any DeepDebug notification that is not the progress. */
export function outcomeToast(workbench: Workbench): Locator {
  return workbench.page
    .locator('.notifications-toasts .notification-toast', { hasText: /DeepDebug/ })
    .filter({ hasNot: workbench.page.getByRole('button', { name: 'Cancel' }) })
    .first();
}

export interface Outcome {
  text: string;
  toast: Locator;
}

/** Runs "Debug with DeepDebug" from the palette and waits for the notification it ends with. */
export async function debugAndWait(workbench: Workbench, timeoutMs = 240_000): Promise<Outcome> {
  await workbench.runCommand(debugCommand);
  const toast = outcomeToast(workbench);
  await toast.waitFor({ state: 'visible', timeout: timeoutMs });
  return { text: (await toast.innerText()).replace(/\s+/g, ' ').trim(), toast };
}

/** Opens DeepDebug's review panel (the view's focus command) and returns its content frame. */
export async function openReviewPanel(workbench: Workbench): Promise<FrameLocator> {
  await workbench.runCommand('DeepDebug: Focus on Review View');
  const panel = workbench.anyWebview();
  await panel.locator('#headline').waitFor({ state: 'visible', timeout: 30_000 });
  return panel;
}

/** Lines the patch adds, as the review panel's diff shows them (without the leading '+'). */
export async function addedLines(panel: FrameLocator, rank: number): Promise<string[]> {
  const lines = await panel.locator(`#patch-${rank} pre.diff .added`).allInnerTexts();
  return lines.map((line) => line.replace(/\n$/, '').slice(1));
}

/** Puts the cursor at the end of `line`, on its code, where a lightbulb shows. */
async function cursorOnCode(workbench: Workbench, line: number): Promise<void> {
  await workbench.goToLine(line);
  await workbench.page.keyboard.press('End');
}

/**
 * The "Apply DeepDebug fix: ..." and "Apply unconfirmed DeepDebug patch: ..." titles of the
 * lightbulb at `line`, once it shows.
 */
export async function patchesOfferedAt(workbench: Workbench, line: number): Promise<string[]> {
  await cursorOnCode(workbench, line);
  await workbench.lightbulb().waitFor({ state: 'visible' });
  const titles = await workbench.quickFixTitles();
  await workbench.page.keyboard.press('Escape');
  return titles.filter((title) => title.startsWith('Apply DeepDebug fix: ') || title.startsWith('Apply unconfirmed DeepDebug patch: '));
}

/** The "Apply DeepDebug fix: ..." titles of the lightbulb at `line`, once it shows. */
export async function fixesOfferedAt(workbench: Workbench, line: number): Promise<string[]> {
  return (await patchesOfferedAt(workbench, line)).filter((title) => title.startsWith('Apply DeepDebug fix: '));
}

/** Waits until no lightbulb shows at `line` (a lightbulb of before the change may linger a moment). */
export async function expectNoLightbulbAt(workbench: Workbench, line: number): Promise<void> {
  await cursorOnCode(workbench, line);
  await workbench.settle(); // a lightbulb shows a moment after the cursor arrives
  await workbench.lightbulb().waitFor({ state: 'hidden', timeout: 10_000 });
}
