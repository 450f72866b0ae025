// One end-to-end session: a temp copy of a fixture workspace opened in a fresh code-server
// (fresh user data and extensions folders, the extension installed), driven by headless
// Chromium. Teardown ends every process it started and keeps the logs under build/.
import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import {
  preparedExtensionsDir,
  processesUsing,
  repoRoot,
  startCodeServer,
  stopCodeServer,
  writeUserSettings,
  type CodeServer,
} from './code-server';
import { Workbench } from './workbench';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** An e2e fixture, or one the integration tests share (test/fixtures), by name. */
export function fixtureDir(name: string): string {
  const own = path.join(repoRoot(), 'test', 'e2e', 'fixtures', name);
  return fs.existsSync(own) ? own : path.join(repoRoot(), 'test', 'fixtures', name);
}

export function screenshotsDir(): string {
  return path.join(repoRoot(), 'build', 'e2e-screenshots');
}

export interface SessionOptions {
  /** Folder name under test/e2e/fixtures/. */
  fixture: string;
  /** Names the screenshot and log folder. */
  scenario: string;
  /** User settings on top of the test defaults. */
  settings?: Record<string, unknown>;
}

export class Session {
  private constructor(
    readonly scenario: string,
    readonly root: string,
    /** The temp copy of the fixture that code-server has open. */
    readonly workspace: string,
    readonly workbench: Workbench,
    private readonly server: CodeServer,
    private readonly browser: BrowserContext,
  ) {}

  static async start(options: SessionOptions): Promise<Session> {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `deepdebug-e2e-${options.scenario}-`)));
    let server: CodeServer | undefined;
    let browser: BrowserContext | undefined;
    try {
      const workspace = path.join(root, 'workspace');
      const userDataDir = path.join(root, 'user-data');
      fs.cpSync(fixtureDir(options.fixture), workspace, { recursive: true });
      writeUserSettings(userDataDir, options.settings ?? {});
      server = await startCodeServer({
        folder: workspace,
        userDataDir,
        extensionsDir: preparedExtensionsDir(),
        logFile: path.join(root, 'code-server.log'),
        tmpDir: path.join(root, 'tmp'),
      });
      browser = await chromium.launchPersistentContext(path.join(root, 'browser'), {
        executablePath: chromiumPath,
        headless: true,
        args: chromiumArgs,
        viewport: { width: 1440, height: 900 },
        // Chromium keeps crash reports under XDG_CONFIG_HOME: inside the session, not ~/.config.
        env: { ...process.env, XDG_CONFIG_HOME: path.join(root, 'browser-config') },
      });
      const page = browser.pages()[0] ?? (await browser.newPage());
      // Generous: the workbench shares two cores with the extension's test runs (and, on a
      // developer machine, with everything else).
      page.setDefaultTimeout(60_000);
      await page.goto(server.url, { timeout: 180_000 });
      const workbench = new Workbench(page);
      await workbench.waitUntilReady();
      // The activity bar shows DeepDebug's entry once the workbench knows the extension.
      await page.locator('.activitybar .action-item a[aria-label^="DeepDebug"]').waitFor({ timeout: 120_000 });
      return new Session(options.scenario, root, workspace, workbench, server, browser);
    } catch (error) {
      await browser?.close().catch(() => undefined);
      if (server) await stopCodeServer(server);
      keepLogs(root, options.scenario);
      fs.rmSync(root, { recursive: true, force: true });
      throw error;
    }
  }

  get page() {
    return this.workbench.page;
  }

  /** Saves a PNG of the whole window to build/e2e-screenshots/<name>.png; returns its path. */
  async screenshot(name: string = this.scenario): Promise<string> {
    await this.workbench.settle();
    fs.mkdirSync(screenshotsDir(), { recursive: true });
    const file = path.join(screenshotsDir(), `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /**
   * Processes working in the session's temp folder (the engine's pytest runs and validation
   * workers run in scratch copies there), pid -> command line.
   */
  scratchProcesses(): Map<number, string> {
    return processesUsing(path.join(this.root, 'tmp'));
  }

  /** Runs pytest in the workspace copy, as the user would in a terminal; returns its exit status. */
  runPytest(): { status: number; output: string } {
    try {
      const output = execFileSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], {
        cwd: this.workspace,
        encoding: 'utf8',
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
        timeout: 120_000,
      });
      return { status: 0, output };
    } catch (error) {
      const failed = error as { status?: number; stdout?: string; stderr?: string };
      return { status: failed.status ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
    }
  }

  /** Closes the session after a test; a failed test first gets a screenshot of where it stopped. */
  async finish(test: { state?: string } | undefined): Promise<void> {
    if (test?.state === 'failed') await this.screenshot(`${this.scenario}-failed`).catch(() => undefined);
    await this.close();
  }

  /**
   * Ends the browser, code-server and everything the extension started; keeps the logs in
   * build/e2e-logs/<scenario>/. Throws when a process had to be killed that had escaped
   * code-server's process group (the extension leaked it).
   */
  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await stopCodeServer(this.server);
    const leaked = processesUsing(this.root);
    for (const pid of leaked.keys()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    keepLogs(this.root, this.scenario);
    fs.rmSync(this.root, { recursive: true, force: true });
    if (leaked.size > 0) {
      throw new Error(`processes outlived code-server: ${[...leaked.values()].join('; ')}`);
    }
  }
}

function keepLogs(root: string, scenario: string): void {
  const target = path.join(repoRoot(), 'build', 'e2e-logs', scenario);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  const serverLog = path.join(root, 'code-server.log');
  if (fs.existsSync(serverLog)) fs.copyFileSync(serverLog, path.join(target, 'code-server.log'));
  const windowLogs = path.join(root, 'user-data', 'logs');
  if (fs.existsSync(windowLogs)) fs.cpSync(windowLogs, path.join(target, 'logs'), { recursive: true });
}

// Folders any pytest run may create (Python's bytecode, pytest's cache, pytest-benchmark's
// storage where that plugin is installed): not the user's files.
const cacheFolders = new Set(['__pycache__', '.pytest_cache', '.benchmarks']);

/** Content hash of every file under `dir` (caches excluded), to prove nothing was changed. */
export function snapshotFiles(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (current: string): void => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (cacheFolders.has(entry.name)) continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        hashes.set(path.relative(dir, full), crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex'));
      }
    }
  };
  walk(dir);
  return hashes;
}

/**
 * The hooks every scenario suite needs: the extension packaged and installed once per test
 * process, and each test's session finished after it (screenshot on failure, logs, teardown
 * that proves nothing outlived code-server). Returns the function tests start sessions with.
 */
export function scenarioSessions(): (options: SessionOptions) => Promise<Session> {
  let current: Session | undefined;
  before(function () {
    this.timeout(900_000); // code-server on first use, then packaging and installing the .vsix, once per process
    preparedExtensionsDir();
  });
  afterEach(async function () {
    await current?.finish(this.currentTest);
    current = undefined;
  });
  return async (options) => (current = await Session.start(options));
}
