import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import type { FixReport, OutsideLink } from '../../src/core/types';
import { LINK_COPY_BOUND, outsideLinksWarning } from '../../src/core/validate/outside-links';
import { probeSandbox } from '../../src/core/validate/sandbox';
import { createShadowCopy, removeShadowCopy, type ShadowCopy } from '../../src/core/validate/shadow';
import { assertPatchShown } from '../helpers/cli';
import { copyFixture, hashTree, removeCopy } from '../helpers/workspace';

// Symbolic links in the workspace that lead out of it. Without the sandbox the validator's
// copies hold a copy of a small target (so candidates write into the copy, not the user's
// files) and leave out a large one, and the report says so; in the sandbox the targets are
// read-only, so links stay links and nothing is said. Links are made here, in temp folders:
// git fixtures cannot hold them reliably.

const MiB = 1024 * 1024;

/** A temp folder the test removes. */
function tempFolder(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `deepdebug-${name}-`));
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A file of `bytes` zeros that takes no disk (sparse). */
function sparseFile(file: string, bytes: number): void {
  fs.writeFileSync(file, '');
  fs.truncateSync(file, bytes);
}

function byLink(links: readonly OutsideLink[]): OutsideLink[] {
  return [...links].sort((a, b) => a.link.localeCompare(b.link));
}

describe('links out of the workspace', function () {
  this.timeout(300_000);

  describe('the pristine copy', () => {
    let workspace: string;
    let outside: string;
    let shadow: ShadowCopy | undefined;

    beforeEach(() => {
      workspace = fs.realpathSync(tempFolder('links-workspace'));
      outside = fs.realpathSync(tempFolder('links-outside'));
      write(path.join(workspace, 'data', 'a.txt'), 'inside\n');
      write(path.join(outside, 'file.txt'), 'outside file\n');
      write(path.join(outside, 'dir', 'nested', 'b.txt'), 'outside folder\n');
      sparseFile(path.join(outside, 'big.bin'), LINK_COPY_BOUND.bytes + 1);
      fs.mkdirSync(path.join(outside, 'many'));
      for (let i = 0; i <= LINK_COPY_BOUND.entries; i++) fs.writeFileSync(path.join(outside, 'many', `${i}`), '');
      const link = (name: string, target: string) => fs.symlinkSync(target, path.join(workspace, name));
      link('inside-relative', path.join('data', 'a.txt'));
      link('inside-absolute', path.join(workspace, 'data', 'a.txt'));
      link('dangling-inside', 'missing.txt');
      link('out-file', path.join(outside, 'file.txt'));
      link('out-dir', path.join(outside, 'dir'));
      link('out-relative', path.relative(workspace, path.join(outside, 'file.txt')));
      link('out-big', path.join(outside, 'big.bin'));
      link('out-many', path.join(outside, 'many'));
      link('out-dangling', path.join(outside, 'not-yet.txt'));
      // In a folder the copy leaves behind: not the candidates' concern.
      write(path.join(workspace, '.venv', 'pyvenv.cfg'), '');
      fs.symlinkSync(path.join(outside, 'file.txt'), path.join(workspace, '.venv', 'out-venv'));
    });
    afterEach(async () => {
      if (shadow) await removeShadowCopy(shadow);
      shadow = undefined;
      removeCopy(workspace);
      removeCopy(outside);
    });

    it('without the sandbox: copies small targets, leaves out large and missing ones, keeps links inside', async () => {
      shadow = await createShadowCopy(workspace, false);
      const copy = shadow.workspace;
      assert.deepEqual(byLink(shadow.outsideLinks), [
        { link: 'out-big', target: path.join(outside, 'big.bin'), handled: 'left-out', why: `over ${LINK_COPY_BOUND.bytes / MiB} MiB` },
        { link: 'out-dangling', target: path.join(outside, 'not-yet.txt'), handled: 'left-out', why: 'its target does not exist' },
        { link: 'out-dir', target: path.join(outside, 'dir'), handled: 'copied' },
        { link: 'out-file', target: path.join(outside, 'file.txt'), handled: 'copied' },
        { link: 'out-many', target: path.join(outside, 'many'), handled: 'left-out', why: `over ${LINK_COPY_BOUND.entries} entries` },
        { link: 'out-relative', target: path.join(outside, 'file.txt'), handled: 'copied' },
      ]);
      // Copies: the same bytes, and no link left to write through.
      for (const name of ['out-file', 'out-relative']) {
        assert.ok(fs.lstatSync(path.join(copy, name)).isFile(), name);
        assert.equal(fs.readFileSync(path.join(copy, name), 'utf8'), 'outside file\n');
      }
      assert.ok(fs.lstatSync(path.join(copy, 'out-dir')).isDirectory());
      assert.equal(fs.readFileSync(path.join(copy, 'out-dir', 'nested', 'b.txt'), 'utf8'), 'outside folder\n');
      for (const name of ['out-big', 'out-many', 'out-dangling'])
        assert.equal(fs.lstatSync(path.join(copy, name), { throwIfNoEntry: false }), undefined, name);
      // Links inside stay links, and an absolute one now leads to the copy's own file.
      assert.equal(fs.readlinkSync(path.join(copy, 'inside-relative')), path.join('data', 'a.txt'));
      assert.equal(fs.readlinkSync(path.join(copy, 'inside-absolute')), path.join('data', 'a.txt'));
      assert.equal(fs.readlinkSync(path.join(copy, 'dangling-inside')), 'missing.txt');
      assert.equal(fs.existsSync(path.join(copy, '.venv')), false);

      assert.equal(
        outsideLinksWarning(byLink(shadow.outsideLinks).slice(2, 4)),
        `without the sandbox, 2 links leave the workspace: out-dir -> ${path.join(outside, 'dir')} (copied for the candidates), ` +
          `out-file -> ${path.join(outside, 'file.txt')} (copied for the candidates).`,
      );
      assert.match(
        outsideLinksWarning(shadow.outsideLinks)!,
        /^without the sandbox, 6 links leave the workspace: .*out-big -> \S+ \(left out: over 16 MiB\).* Tests that read a link left out fail in the validator\.$/,
      );
    });

    it('in the sandbox: links out stay links, and nothing is said', async () => {
      shadow = await createShadowCopy(workspace, true);
      assert.deepEqual(
        byLink(shadow.outsideLinks).map((l) => [l.link, l.handled]),
        ['out-big', 'out-dangling', 'out-dir', 'out-file', 'out-many', 'out-relative'].map((link) => [link, 'kept']),
      );
      for (const { link } of shadow.outsideLinks) assert.ok(isLink(path.join(shadow.workspace, link)), link);
      assert.equal(outsideLinksWarning(shadow.outsideLinks), null);
    });
  });

  describe('deepdebug fix on a project that reads and writes through links', () => {
    let workspace: string;
    let outside: string;
    let reportFile: string;

    beforeEach(() => {
      workspace = copyFixture('outside-link');
      outside = fs.realpathSync(tempFolder('links-shared'));
      reportFile = `${workspace}.report.json`;
      write(path.join(outside, 'shared', 'scores.txt'), '61\n48\n90\n');
      write(path.join(outside, 'journal.log'), 'latest: 61\n');
      sparseFile(path.join(outside, 'corpus.bin'), LINK_COPY_BOUND.bytes + 1);
      for (const name of ['shared', 'journal.log', 'corpus.bin']) fs.symlinkSync(path.join(outside, name), path.join(workspace, name));
    });
    afterEach(() => {
      removeCopy(workspace);
      removeCopy(outside);
      fs.rmSync(reportFile, { force: true });
    });

    function fix(...flags: string[]): { report: FixReport; stderr: string; status: number | null } {
      const child = spawnSync(
        process.execPath,
        [
          path.join(packageRoot(), 'dist', 'cli.js'),
          'fix',
          workspace,
          '--no-model',
          '--time-budget',
          '120',
          '--json',
          reportFile,
          ...flags,
        ],
        { encoding: 'utf8', timeout: 240_000 },
      );
      assert.ok(fs.existsSync(reportFile), child.stderr);
      return { report: JSON.parse(fs.readFileSync(reportFile, 'utf8')) as FixReport, stderr: child.stderr, status: child.status };
    }

    it('without the sandbox: fixes the bug, writes only the copies, and warns about the links', () => {
      const before = hashTree(outside);
      const { report, stderr, status } = fix('--no-sandbox');
      assertPatchShown(status, stderr);
      assert.deepEqual(hashTree(outside), before, 'a candidate wrote through a link into the files outside');

      // The journal the fix appends to was copied, so the fix validates.
      assert.deepEqual(
        report.failures.map((f) => f.nodeid),
        ['test_scores.py::test_latest_score_is_journaled'],
      );
      assert.match(report.patches[0]!.newFileText, /latest = scores\[(len\(scores\) - 1|-1)\]/);
      assert.deepEqual(byLink(report.containment?.outsideLinks ?? []), [
        { link: 'corpus.bin', target: path.join(outside, 'corpus.bin'), handled: 'left-out', why: 'over 16 MiB' },
        { link: 'journal.log', target: path.join(outside, 'journal.log'), handled: 'copied' },
        { link: 'shared', target: path.join(outside, 'shared'), handled: 'copied' },
      ]);
      const warning = report.warnings?.find((w) => w.startsWith('without the sandbox, 3 links leave the workspace:'));
      assert.ok(warning, JSON.stringify(report.warnings));
      assert.ok(warning.includes(`shared -> ${path.join(outside, 'shared')} (copied for the candidates)`), warning);
      assert.ok(warning.includes(`corpus.bin -> ${path.join(outside, 'corpus.bin')} (left out: over 16 MiB)`), warning);
      assert.ok(stderr.includes(`deepdebug: warning: ${warning}`), stderr);
    });

    it('in the sandbox: the links stay links, their targets read-only, and no warning', async function () {
      if (!(await probeSandbox()).available) this.skip();
      const before = hashTree(outside);
      // The fix cannot validate here: a few candidates show that, not the whole time budget.
      const { report, stderr } = fix('--max-candidates', '20');
      assert.deepEqual(hashTree(outside), before, 'a candidate wrote through a link into the files outside');
      assert.equal(report.containment?.sandbox, 'bubblewrap');
      assert.deepEqual(
        byLink(report.containment?.outsideLinks ?? []).map((l) => [l.link, l.handled]),
        [
          ['corpus.bin', 'kept'],
          ['journal.log', 'kept'],
          ['shared', 'kept'],
        ],
      );
      assert.equal(
        report.warnings?.find((w) => w.includes('links leave the workspace')),
        undefined,
        stderr,
      );
      // The fix must write the journal, which is read-only here: the sandbox refuses it.
      assert.deepEqual(report.patches, []);
    });
  });
});

function isLink(file: string): boolean {
  return fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
}
