// What a user does and sees in the VS Code workbench, expressed on a Playwright page:
// the command palette, notifications, editors, quick fixes, diff editors and webviews.
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** The part of the DOM that `editorText` reads (the tests compile without the DOM library). */
interface ViewLinesElement {
  querySelectorAll(selector: string): ArrayLike<{ style: { top: string }; textContent: string | null }>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
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

  /**
   * Runs the command whose palette title is exactly `title`, as a user would after pressing F1.
   * The palette lists what is registered when it opens, so it is reopened until the command
   * shows up (extensions' commands appear once the extension host has started).
   */
  async runCommand(title: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const row = this.quickInput()
      .locator('.monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) })
      .first();
    for (;;) {
      await this.quickOpen(`>${title}`);
      try {
        await row.waitFor({ state: 'visible', timeout: 5000 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await this.page.keyboard.press('Escape');
      }
    }
    await row.click();
    await this.quickInput().waitFor({ state: 'hidden' });
  }

  /** Titles the palette lists for `query` (what a user sees after typing it). */
  async paletteEntries(query: string): Promise<string[]> {
    await this.quickOpen(`>${query}`);
    const rows = this.quickInput().locator('.monaco-list-row .label-name');
    await rows.first().waitFor({ state: 'visible' });
    const titles = await rows.allInnerTexts();
    await this.page.keyboard.press('Escape');
    return titles.map((title) => title.replace(/\s+/g, ' ').trim());
  }

  /** Opens a workspace file by its path relative to the workspace root. */
  async openFile(relativePath: string): Promise<void> {
    await this.quickOpen(relativePath);
    const row = this.quickInput().locator('.monaco-list-row').first();
    await row.waitFor({ state: 'visible' });
    await this.page.keyboard.press('Enter');
    const name = relativePath.split('/').pop() ?? relativePath;
    await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
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
    await this.activeEditor()
      .locator('.view-lines')
      .click({ position: { x: 5, y: 5 } });
    await this.page.keyboard.press('F8');
    const peek = this.page.locator('.marker-widget');
    await peek.waitFor({ state: 'visible' });
    // Escape first hides notification toasts when some are shown; then it closes the peek.
    for (let tries = 0; tries < 3 && (await peek.isVisible()); tries++) {
      await this.page.keyboard.press('Escape');
      await this.page.waitForTimeout(300);
    }
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

  /**
   * The active editor's text once it reads `expected` (an edit, an Undo, reaches the screen on a
   * later frame, later still on a loaded machine), or the last text read after `timeoutMs`.
   */
  async editorTextBecoming(expected: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let text = await this.editorText();
    while (text.trimEnd() !== expected.trimEnd() && Date.now() < deadline) {
      await this.page.waitForTimeout(100);
      text = await this.editorText();
    }
    return text;
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
    await rows.first().waitFor({ state: 'visible' });
    const titles = await rows.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
    );
    return titles.map((title) => title.replace(/\s+/g, ' ').trim());
  }

  /**
   * Picks the quick fix titled `title` in the open quick fix menu with the keyboard, as mouse
   * clicks on the menu are intercepted while it animates in.
   */
  async chooseQuickFix(title: string): Promise<void> {
    const menu = this.page.locator('.action-widget');
    const focused = menu.locator('.monaco-list-row.action.focused');
    const rows = await menu.locator('.monaco-list-row.action').count();
    for (let step = 0; step <= rows; step++) {
      const label = ((await focused.getAttribute('aria-label')) ?? '').replace(/\s+/g, ' ').trim();
      if (label === title) {
        await this.page.keyboard.press('Enter');
        await menu.waitFor({ state: 'hidden' });
        return;
      }
      await this.page.keyboard.press('ArrowDown');
    }
    throw new Error(`the quick fix menu has no entry "${title}"`);
  }

  /**
   * The lightbulb VS Code shows at the cursor when code actions are available there (only
   * while the cursor is on code, not in the indentation).
   */
  lightbulb(): Locator {
    return this.activeEditor().locator('.lightBulbWidget.codicon');
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

  /** Undo (Ctrl+Z) and Redo (Ctrl+Y) in the active editor, as typed by the user. */
  async undo(): Promise<void> {
    await this.page.keyboard.press('Control+Z');
  }

  async redo(): Promise<void> {
    await this.page.keyboard.press('Control+Y');
  }

  /** The Problems counts the status bar shows (its label reads "Errors: 1, Warnings: 1" or "No Problems"). */
  async problemCounts(): Promise<ProblemCounts> {
    const label =
      (await this.page
        .locator('[id="status.problems"]')
        .locator('xpath=descendant-or-self::*[@aria-label]')
        .first()
        .getAttribute('aria-label')) ?? '';
    const count = (kind: string): number => Number(new RegExp(`${kind}: (\\d+)`).exec(label)?.[1] ?? 0);
    return { errors: count('Errors'), warnings: count('Warnings') };
  }

  /** Waits until the Problems counts satisfy `expected` (diagnostics arrive asynchronously). */
  async waitForProblems(expected: (counts: ProblemCounts) => boolean, what: string, timeoutMs = 15_000): Promise<ProblemCounts> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = await this.problemCounts();
      if (expected(counts)) return counts;
      if (Date.now() > deadline) throw new Error(`Problems: expected ${what}, the status bar shows ${JSON.stringify(counts)}`);
      await this.page.waitForTimeout(250);
    }
  }

  /** Saves the active editor and waits until its tab no longer shows unsaved changes. */
  async save(): Promise<void> {
    await this.runCommand('File: Save');
    await this.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached' });
  }

  /** Lets animations (notification fade-in, menus) settle before a screenshot. */
  async settle(): Promise<void> {
    await this.page.waitForTimeout(800);
  }
}
