import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sha256 } from '../../src/core/files/hash';
import { packageRoot } from '../../src/core/files/resources';
import type { FixReport } from '../../src/core/types';
import {
  assertNothingLeft,
  assertOneMessage,
  assertPatchShown,
  caseFolders,
  deepdebug,
  messages,
  tempFoldersIn,
  type CliOptions,
  type CliRun,
} from '../helpers/cli';
import { processesIn, waitFor } from '../helpers/processes';
import { hashTree } from '../helpers/workspace';

// The bad-input matrix: the real `deepdebug` command on real fixture projects, one case each.
// Every case ends in the documented exit code and one clear "deepdebug:" line on stderr that
// names the problem, and loses nothing: the workspace is byte-identical (or holds exactly what
// the user wrote), no temp folder of ours is left and no process it started is still running.

function assertNoMessage(run: CliRun): void {
  assert.deepEqual(messages(run), [], run.stderr);
}

function readReport(file: string): FixReport {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FixReport;
}

/** bubblewrap is installed and may make mounts here (a container can forbid it). */
function canMountReadOnly(): boolean {
  return (
    spawnSync('bwrap', ['--bind', '/', '/', '--ro-bind', os.tmpdir(), os.tmpdir(), '--dev', '/dev', '--proc', '/proc', 'true']).status === 0
  );
}

describe('bad input and faults: the deepdebug CLI', function () {
  this.timeout(300_000);
  const folders = caseFolders('bad-input-tmp-');
  const { workspaceOf } = folders;
  let tmp: string;
  beforeEach(() => (tmp = folders.tmp()));

  /**
   * Runs `deepdebug` on a copy of the fixture and checks what every case shares: the workspace
   * is byte-identical afterwards and nothing is left behind.
   */
  async function unchangedRun(workspace: string, args: string[], options: Partial<CliOptions> = {}): Promise<CliRun> {
    const before = hashTree(workspace);
    const run = await deepdebug(args, { tmp, ...options });
    assert.deepEqual(hashTree(workspace), before, `the workspace changed\n${run.stderr}`);
    await assertNothingLeft(workspace, tmp);
    return run;
  }

  describe('the code and the tests', () => {
    it('a syntax error in the code under test: exit 2, the SyntaxError and its place', async () => {
      const workspace = workspaceOf('pytest-syntax-error');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model']);
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: cannot collect the tests: SyntaxError at parser\.py:5: '\(' was never closed/);
    });

    it('a syntax error in a test file: exit 2, the SyntaxError and its place', async () => {
      const workspace = workspaceOf('bad-test-syntax');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model']);
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: cannot collect the tests: SyntaxError at tests\/test_broken\.py:4: invalid syntax/);
    });

    it('a Latin-1 source file in the workspace: read by the tests, kept byte for byte, and a fix next to it works', async () => {
      const workspace = workspaceOf('bad-latin1');
      const report = path.join(tmp, 'report.json');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model', '--tests', 'tests/test_ranges.py', '--json', report]);
      assert.equal(run.status, 0, run.stderr);
      assertNoMessage(run);
      assert.equal(readReport(report).patches[0]?.file, 'ranges.py');
      assert.match(readReport(report).patches[0]!.newFileText, /if value > high:\n\s+return high/);
    });

    it('a bug inside a Latin-1 source file: fixed in its own encoding, --apply writes Latin-1 bytes', async () => {
      const workspace = workspaceOf('bad-latin1');
      const file = path.join(workspace, 'greetings.py');
      const before = fs.readFileSync(file);
      const report = path.join(tmp, 'report.json');
      const run = await deepdebug(['fix', workspace, '--no-model', '--tests', 'tests/test_greetings.py', '--apply', '--json', report], {
        tmp,
      });
      await assertNothingLeft(workspace, tmp);
      assert.equal(run.status, 0, run.stderr);
      assertNoMessage(run);
      const best = readReport(report).patches[0]!;
      assert.equal(best.file, 'greetings.py');
      assert.equal(best.encoding, 'latin-1');
      assert.equal(best.baseSha256, sha256(before), 'the hash of the bytes on disk');
      assert.match(best.newFileText, /GREETINGS = \{"de": "Grüße", "fr": "Salut à tous"\}/);
      const expected = before.toString('latin1').replace('return GREETINGS[fallback]', 'return GREETINGS[language]');
      assert.notEqual(expected, before.toString('latin1'));
      assert.deepEqual(fs.readFileSync(file), Buffer.from(expected, 'latin1'), 'the fix, and every other byte as it was');
      const tests = spawnSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests/test_greetings.py'], {
        cwd: workspace,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
        encoding: 'utf8',
      });
      assert.equal(tests.status, 0, tests.stdout);
    });

    it('a bug in a 4 MB source file: the fix shown', async () => {
      const workspace = workspaceOf('bad-huge');
      // Generated tables after the code, as generated modules in real projects have them.
      const tables = Array.from({ length: 4_000 }, (_, row) => {
        const cells = Array.from({ length: 150 }, (_, column) => `${(row * 31 + column * 7) % 1000}.${column % 100}`);
        return `RATES_${row} = "${cells.join(';')}"\n`;
      });
      fs.appendFileSync(path.join(workspace, 'ledger.py'), `\n\n# Generated exchange-rate tables.\n${tables.join('')}`);
      assert.ok(fs.statSync(path.join(workspace, 'ledger.py')).size > 3_500_000);
      const report = path.join(tmp, 'report.json');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model', '--time-budget', '120', '--json', report]);
      assertPatchShown(run.status, run.stderr);
      assertNoMessage(run);
      const best = readReport(report).patches[0]!;
      assert.equal(best.file, 'ledger.py');
      assert.match(best.diff, /^\+\s+for entry in entries(\[0:\])?:$/m);
    });

    it('a workspace without tests: exit 2, "no tests were collected"', async () => {
      const workspace = workspaceOf('pytest-no-tests');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model']);
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: no tests were collected in /);
    });
  });

  describe('the interpreter and pytest', () => {
    it('an interpreter without pytest: exit 2, "pytest is not installed"', async () => {
      const venv = path.join(tmp, 'venv');
      const made = spawnSync('python3', ['-m', 'venv', '--without-pip', venv], { encoding: 'utf8' });
      assert.equal(made.status, 0, made.stderr);
      const python = path.join(venv, 'bin', 'python');
      assert.notEqual(spawnSync(python, ['-c', 'import pytest']).status, 0, 'the venv should not have pytest');
      const workspace = workspaceOf('cli-bug');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model', '--python', python]);
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: pytest is not installed for the Python interpreter ".*venv\/bin\/python"$/);
    });

    it("bad addopts in pytest.ini: exit 2, pytest's complaint", async () => {
      const workspace = workspaceOf('bad-config-addopts');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model']);
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: pytest: unrecognized arguments: --no-such-option \(settings from \/.*\/pytest\.ini\)$/);
    });

    it('an unknown ini option under strict_config: exit 2, the option named', async () => {
      const workspace = workspaceOf('bad-config-strict');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model']);
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: pytest: Unknown config option: timeout_seconds$/);
    });

    it('a pytest.ini that does not parse: exit 2, the file and line', async () => {
      const workspace = workspaceOf('bad-config-ini');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model']);
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: pytest: .*pytest\.ini:1: unexpected value continuation$/);
    });

    it('a test that hangs: stopped at the per-test limit, the bug still fixed, the hang named', async () => {
      const workspace = workspaceOf('bad-hang');
      const report = path.join(tmp, 'report.json');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model', '--time-budget', '120', '--json', report]);
      assertPatchShown(run.status, run.stderr);
      assertOneMessage(
        run,
        /^deepdebug: warning: tests\/test_countdown\.py::test_countdown_odd: test exceeded the per-test timeout of \d+ s/,
      );
      assert.match(readReport(report).patches[0]!.diff, /^\+\s+n -= 1$/m);
    });

    it('a test that crashes the interpreter (segfault): the crash named, the bug still fixed', async () => {
      const workspace = workspaceOf('bad-crash');
      const report = path.join(tmp, 'report.json');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model', '--json', report]);
      assertPatchShown(run.status, run.stderr);
      assertOneMessage(
        run,
        /^deepdebug: warning: tests\/test_buffers\.py::test_peek_at_end: the Python interpreter died \(signal SIGSEGV\)/,
      );
      assert.match(readReport(report).patches[0]!.diff, /^\+\s+if offset >= len\(data\):$/m);
    });

    it('a flaky test: reported, not repaired, exit 3', async () => {
      const workspace = workspaceOf('bad-flaky');
      // Outside the workspace, which must stay unchanged; the validator's re-run may read it, not write it.
      const marker = path.join(tmp, 'flaky-marker');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model'], { env: { DEEPDEBUG_FLAKY_MARKER: marker } });
      assert.ok(fs.existsSync(marker), 'the first run did not reach the flaky test');
      assert.equal(run.status, 3, run.stderr);
      assertOneMessage(
        run,
        /^deepdebug: warning: flaky tests \(passed on a re-run\) are not repaired: test_upload\.py::test_upload_retries$/,
      );
    });
  });

  describe('a conftest.py or plugin that fails as pytest imports it: exit 2, the file and what happened', () => {
    const cases: [string, string, RegExp][] = [
      [
        'a conftest.py that calls sys.exit',
        'bad-conftest-exit',
        /^deepdebug: conftest\.py exited with status 3 at import \(sys\.exit, line 5\)$/,
      ],
      [
        'a conftest.py that raises in a module it imports',
        'pytest-conftest-error',
        /^deepdebug: conftest\.py raised KeyError at import \(settings\.py:5\): 'verbose'$/,
      ],
      // Status 4 is also pytest's own for a usage error: the file must be named, not pytest's usage.
      [
        'a plugin named by -p in addopts that calls sys.exit',
        'bad-plugin-exit',
        /^deepdebug: audit_plugin\.py exited with status 4 at import \(sys\.exit, line 6\)$/,
      ],
      [
        "a plugin named by a conftest's pytest_plugins that raises",
        'bad-plugin-raise',
        /^deepdebug: database_fixtures\.py raised RuntimeError at import \(settings\.py:2\): DATABASE_URL is not set$/,
      ],
    ];
    for (const [name, fixture, wording] of cases) {
      it(name, async () => {
        const workspace = workspaceOf(fixture);
        const run = await unchangedRun(workspace, ['fix', workspace, '--no-model']);
        assert.equal(run.status, 2, run.stderr);
        assertOneMessage(run, wording);
      });
    }
  });

  describe('the model', () => {
    it('a missing model folder: the templates fix the bug, the message says the model is unavailable', async () => {
      const workspace = workspaceOf('cli-bug');
      const run = await unchangedRun(workspace, ['fix', workspace, '--model', path.join(tmp, 'no-such-model')]);
      assert.equal(run.status, 0, run.stderr);
      assertOneMessage(run, /^deepdebug: warning: model unavailable, using template edits only: model folder .*no-such-model: not found$/);
      assert.match(run.stdout, /Validated patches: \d+ \([^)]*\)\n1\. .* \(template \(/);
    });

    it('a corrupt model (garbage ONNX files): the templates fix the bug, the message names the file', async () => {
      const shipped = path.join(packageRoot(), 'models', 'deepdebug-small');
      const model = path.join(tmp, 'corrupt-model');
      fs.mkdirSync(path.join(model, 'onnx'), { recursive: true });
      for (const file of fs.readdirSync(shipped).filter((name) => name.endsWith('.json'))) {
        fs.copyFileSync(path.join(shipped, file), path.join(model, file));
      }
      for (const file of fs.readdirSync(path.join(shipped, 'onnx'))) {
        fs.writeFileSync(path.join(model, 'onnx', file), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)));
      }
      const workspace = workspaceOf('cli-bug');
      const run = await unchangedRun(workspace, ['fix', workspace, '--model', model]);
      assert.equal(run.status, 0, run.stderr);
      assertOneMessage(run, /^deepdebug: warning: model unavailable, using template edits only: .*cannot load onnx\/\w+\.onnx/);
      assert.match(run.stdout, /Validated patches: \d+ \([^)]*\)\n1\. .* \(template \(/);
    });
  });

  describe('the workspace under the run', () => {
    /** bubblewrap with the workspace as a read-only mount: root ignores file modes, not mounts. */
    const readOnly = (workspace: string): string[] => [
      'bwrap',
      '--bind',
      '/',
      '/',
      '--ro-bind',
      workspace,
      workspace,
      '--dev',
      '/dev',
      '--proc',
      '/proc',
    ];

    it('a read-only workspace: fix works', async function () {
      if (!canMountReadOnly()) this.skip();
      const workspace = workspaceOf('cli-bug');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model'], { wrap: readOnly(workspace) });
      assert.equal(run.status, 0, run.stderr);
      assertNoMessage(run);
      assert.match(run.stdout, /\+\s+return high/);
    });

    it('a read-only workspace: --apply fails with one message, shows the fix and writes nothing', async function () {
      if (!canMountReadOnly()) this.skip();
      const workspace = workspaceOf('cli-bug');
      const run = await unchangedRun(workspace, ['fix', workspace, '--no-model', '--apply'], { wrap: readOnly(workspace) });
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: cannot write geometry\/ranges\.py \(the workspace is read-only\); patch not applied$/);
      assert.match(run.stdout, /\+\s+return high/);
      assert.doesNotMatch(run.stdout, /Applied to/);
    });

    it('a file edited by the user while the fix runs: the patch is refused as stale, the edit kept', async () => {
      const workspace = workspaceOf('bad-slow');
      const target = path.join(workspace, 'scheduling.py');
      const edited = fs.readFileSync(target, 'utf8') + '\n\ndef closing_hour():\n    return 17\n';
      const before = hashTree(workspace);
      let editedAt: string | null = null;
      const run = await deepdebug(['fix', workspace, '--no-model', '--apply'], {
        tmp,
        onStderrLine: (line) => {
          if (editedAt === null && /\] \d+ candidates run, \d+ validated$/.test(line)) {
            fs.writeFileSync(target, edited);
            editedAt = line;
          }
        },
      });
      assert.ok(editedAt, `the run never reached validation:\n${run.stderr}`);
      assert.equal(run.status, 2, run.stderr);
      assertOneMessage(run, /^deepdebug: scheduling\.py changed while DeepDebug ran; patch not applied$/);
      assert.equal(fs.readFileSync(target, 'utf8'), edited, "the user's edit was lost");
      const after = hashTree(workspace);
      after.delete('scheduling.py');
      before.delete('scheduling.py');
      assert.deepEqual(after, before);
      await assertNothingLeft(workspace, tmp);
    });
  });

  describe('Ctrl-C at every stage: exit 130, nothing changed, nothing left', () => {
    // The stage, its progress line, and whether a scratch folder of ours exists during it.
    const stages: [string, RegExp, boolean][] = [
      ['running the tests', /\] running tests$/, true],
      ['localizing', /; localizing$/, false],
      ['generating candidates', /\] generating candidates/, true],
      ['validating', /\] \d+ candidates run, \d+ validated$/, true],
    ];
    for (const [stage, progressLine, scratchMidRun] of stages) {
      it(`while ${stage}`, async () => {
        const workspace = workspaceOf('bad-slow');
        let interruptedAt: string | null = null;
        let runningThen: string[] = [];
        let scratchThen: string[] = [];
        const run = await unchangedRun(workspace, ['fix', workspace, '--no-model'], {
          onStderrLine: (line, cli) => {
            if (interruptedAt !== null || !progressLine.test(line)) return;
            interruptedAt = line;
            // The progress line can come a moment before the stage's scratch folder exists.
            void waitFor(() => !scratchMidRun || tempFoldersIn(tmp).length > 0, 5_000, 'no scratch folder appeared')
              .catch(() => undefined)
              .then(() => {
                runningThen = processesIn([workspace, tmp]);
                scratchThen = tempFoldersIn(tmp);
                process.kill(-cli.pid!, 'SIGINT');
              });
          },
        });
        assert.ok(interruptedAt, `the run never reached "${stage}":\n${run.stderr}`);
        // What the leftover checks look for was there while the run was: they can see a leak.
        assert.ok(runningThen.length > 0, 'no process of the run was visible while it ran');
        if (scratchMidRun) assert.ok(scratchThen.length > 0, 'no scratch folder was visible while the run was in this stage');
        assert.equal(run.status, 130, run.stderr);
        assertOneMessage(run, /^deepdebug: interrupted, nothing changed$/);
      });
    }
  });
});
