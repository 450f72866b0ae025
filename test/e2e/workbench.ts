// What a user does and sees in the VS Code workbench, expressed on a Playwright page:
// the command palette, notifications, editors, quick fixes, diff editors and webviews.
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** The part of the DOM that `editorText` reads (the tests compile without the DOM library). */
interface ViewLinesElement {
  querySelectorAll(selector: string): ArrayLike<{ style: { top: string }; textContent: string | null }>;
}

export class Workbench {
  constructor(readonly page: Page) {}

  async waitUntilReady(): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    await this.page.locator('.statusbar').waitFor({ state: 'visible', timeout: 60_000 });
    // The explorer lists the workspace once the file service is up.
    await this.page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  }

  private quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** Opens the quick input with F1 and replaces its text (a leading '>' means commands). */
  private async quickOpen(text: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.quickInput().locator('input.input');
    await input.waitFor({ state: 'visible' });
    await input.fill(text);
  }

  /** Runs a command by its palette title, as a user would after pressing F1. */
  async runCommand(title: string): Promise<void> {
    await this.quickOpen(`>${title}`);
    const row = this.quickInput()
      .locator('.monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: title }) })
      .first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click();
    await this.quickInput().waitFor({ state: 'hidden' });
  }

  /** Titles the palette lists for `query` (what a user sees after typing it). */
  async paletteEntries(query: string): Promise<string[]> {
    await this.quickOpen(`>${query}`);
    const rows = this.quickInput().locator('.monaco-list-row .label-name');
    await rows.first().waitFor({ state: 'visible', timeout: 15_000 });
    const titles = await rows.allInnerTexts();
    await this.page.keyboard.press('Escape');
    return titles.map((title) => title.replace(/\s+/g, ' ').trim());
  }

  /** Opens a workspace file by its path relative to the workspace root. */
  async openFile(relativePath: string): Promise<void> {
    await this.quickOpen(relativePath);
    const row = this.quickInput().locator('.monaco-list-row').first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await this.page.keyboard.press('Enter');
    const name = relativePath.split('/').pop() ?? relativePath;
    await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
    await this.activeEditor().locator('.view-lines').waitFor({ state: 'visible' });
  }

  async goToLine(line: number): Promise<void> {
    await this.quickOpen(`:${line}`);
    await this.page.keyboard.press('Enter');
    await this.quickInput().waitFor({ state: 'hidden' });
  }

  /** The cursor's line as the status bar shows it ("Ln 6, Col 5"). */
  async cursorLine(): Promise<number> {
    const item = this.page.locator('.statusbar-item', { hasText: /Ln \d+, Col \d+/ }).first();
    const match = /Ln (\d+)/.exec(await item.innerText());
    if (!match) throw new Error('the status bar shows no cursor position');
    return Number(match[1]);
  }

  /** Moves the cursor to the next diagnostic in the active editor (F8), then closes its peek. */
  async goToNextProblem(): Promise<void> {
    await this.activeEditor().locator('.view-lines').click({ position: { x: 5, y: 5 } });
    await this.page.keyboard.press('F8');
    const peek = this.page.locator('.marker-widget');
    await peek.waitFor({ state: 'visible', timeout: 15_000 });
    await this.page.keyboard.press('Escape');
    await peek.waitFor({ state: 'hidden' });
  }

  activeEditor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  /** The visible text of a Monaco editor, lines in screen order (small files fit entirely). */
  async editorText(editor: Locator = this.activeEditor()): Promise<string> {
    return editor.locator('.view-lines').evaluate((viewLines: ViewLinesElement) => {
      const lines = Array.from(viewLines.querySelectorAll('.view-line'));
      lines.sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
      return lines.map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n');
    });
  }

  /** A notification toast whose text matches, once it is on screen. */
  async waitForNotification(text: string | RegExp, timeoutMs = 60_000): Promise<Locator> {
    const toast = this.page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
    await toast.waitFor({ state: 'visible', timeout: timeoutMs });
    return toast;
  }

  /** Texts of all notification toasts now on screen. */
  async notificationTexts(): Promise<string[]> {
    const texts = await this.page.locator('.notifications-toasts .notification-toast').allInnerTexts();
    return texts.map((text) => text.replace(/\s+/g, ' ').trim());
  }

  /** Opens the quick fix menu at the cursor (Ctrl+.) and returns the titles it offers. */
  async quickFixTitles(): Promise<string[]> {
    await this.page.keyboard.press('Control+.');
    const rows = this.page.locator('.action-widget .monaco-list-row.action');
    await rows.first().waitFor({ state: 'visible', timeout: 15_000 });
    const titles = await rows.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
    );
    return titles.map((title) => title.replace(/\s+/g, ' ').trim());
  }

  /** Picks the quick fix whose title starts with `prefix` in the open quick fix menu. */
  async chooseQuickFix(prefix: string): Promise<void> {
    const row = this.page.locator('.action-widget .monaco-list-row.action').filter({ hasText: prefix }).first();
    await row.click();
    await this.page.locator('.action-widget').waitFor({ state: 'hidden' });
  }

  /** The lightbulb shown next to the cursor line when code actions are available. */
  lightbulb(): Locator {
    return this.activeEditor().locator('.lightBulbWidget, .codicon-lightbulb, .codicon-lightbulb-autofix').first();
  }

  diffEditor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-diff-editor').first();
  }

  /** Texts of the original and the modified side of the active diff editor. */
  async diffTexts(): Promise<{ original: string; modified: string }> {
    const diff = this.diffEditor();
    await diff.waitFor({ state: 'visible', timeout: 30_000 });
    return {
      original: await this.editorText(diff.locator('.editor.original .monaco-editor').first()),
      modified: await this.editorText(diff.locator('.editor.modified .monaco-editor').first()),
    };
  }

  /**
   * The content of the webview whose frame title (or panel title) matches: VS Code nests the
   * extension's HTML in an iframe inside the webview's own iframe.
   */
  webview(title: string): FrameLocator {
    return this.page.frameLocator(`iframe.webview.ready[title*="${title}"]`).frameLocator('#active-frame');
  }

  /** Any webview content frame on screen, for panels whose frame carries no title. */
  anyWebview(): FrameLocator {
    return this.page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame');
  }

  async save(): Promise<void> {
    await this.runCommand('File: Save');
  }

  /** Lets animations (notification fade-in, menus) settle before a screenshot. */
  async settle(): Promise<void> {
    await this.page.waitForTimeout(800);
  }
}
