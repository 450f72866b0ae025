import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TestResult } from '../../src/core/types';
import { environmentFor } from '../../src/core/validate/environment';
import { mirrorHome } from '../../src/core/validate/home-view';
import { differenceText, halves, judgeReproduction, orderText } from '../../src/core/validate/reproduce';
import type { WireTestResult } from '../../src/core/wire';

// The world's fidelity to the user's run, as plain rules: what counts as the same failure,
// which variables pass through, and the private home's view of the real one.

function userTest(nodeid: string, outcome: TestResult['outcome'], exception?: string, where?: { file: string; line: number }): TestResult {
  return {
    nodeid,
    outcome,
    phase: 'call',
    durationMs: 1,
    ...(exception ? { exception } : {}),
    frames: where
      ? [
          { file: 'test_x.py', line: 1, function: 'test', inWorkspace: true },
          { ...where, function: 'f', inWorkspace: true },
          { file: '/usr/lib/python3/os.py', line: 9, function: 'g', inWorkspace: false },
        ]
      : [],
  };
}

function worldResult(nodeid: string, outcome: WireTestResult['outcome'], exception?: string, where?: string): WireTestResult {
  return { nodeid, outcome, phase: 'call', message: '', durationMs: 1, ...(exception ? { exception } : {}), ...(where ? { where } : {}) };
}

describe('judgeReproduction', () => {
  const failing = 'test_x.py::test_fails';
  const passing = 'test_x.py::test_passes';
  const run = [userTest(passing, 'passed'), userTest(failing, 'failed', 'AssertionError', { file: 'cache.py', line: 12 })];

  it('keeps a failing test that fails in the world with the same exception at the same frame', () => {
    const same = worldResult(failing, 'failed', 'AssertionError', 'f (cache.py)');
    const verdict = judgeReproduction({ run, failing: [failing], inOrder: [worldResult(passing, 'passed'), same], alone: [same] });
    assert.deepEqual(verdict, { reproduced: [failing], inOrderOnly: [], flaky: [], differs: [] });
  });

  it('names a failing test that fails with another exception, and a passing test that fails, and requires neither', () => {
    const other = worldResult(failing, 'failed', 'FileNotFoundError', 'f (cache.py)');
    const verdict = judgeReproduction({
      run,
      failing: [failing],
      inOrder: [worldResult(passing, 'failed', 'KeyError', 'g (cache.py)'), other],
      alone: [other],
    });
    assert.deepEqual(verdict.reproduced, []);
    assert.deepEqual(verdict.differs, [
      { nodeid: failing, yourRun: 'fails with AssertionError in f (cache.py)', validator: 'fails with FileNotFoundError in f (cache.py)' },
      { nodeid: passing, yourRun: 'passes', validator: 'fails with KeyError in g (cache.py)' },
    ]);
    assert.equal(
      differenceText(verdict.differs[0]!),
      `${failing} fails with FileNotFoundError in f (cache.py) in the validator, with AssertionError in f (cache.py) in your run: it depends on something outside the workspace, and no patch is validated on it`,
    );
  });

  it('a failure in another function of the user code differs too', () => {
    const elsewhere = worldResult(failing, 'failed', 'AssertionError', 'h (cache.py)');
    const verdict = judgeReproduction({ run, failing: [failing], inOrder: [elsewhere], alone: [elsewhere] });
    assert.equal(verdict.differs.length, 1);
  });

  it('a RecursionError is the same failure in any function of the same file (where it strikes depends on the depth)', () => {
    const deep = [userTest(failing, 'failed', 'RecursionError', { file: 'graph.py', line: 7 })];
    const inGenerator = worldResult(failing, 'failed', 'RecursionError', '<genexpr> (graph.py)');
    assert.deepEqual(judgeReproduction({ run: deep, failing: [failing], inOrder: [inGenerator], alone: [inGenerator] }).reproduced, [
      failing,
    ]);
    const otherFile = worldResult(failing, 'failed', 'RecursionError', 'f (cache.py)');
    assert.equal(judgeReproduction({ run: deep, failing: [failing], inOrder: [otherFile], alone: [otherFile] }).differs.length, 1);
  });

  it('tells order-dependent (fails in order, passes alone) from flaky (passes both ways)', () => {
    const fails = worldResult(failing, 'failed', 'AssertionError', 'f (cache.py)');
    const passes = worldResult(failing, 'passed');
    assert.deepEqual(judgeReproduction({ run, failing: [failing], inOrder: [fails], alone: [passes] }).inOrderOnly, [failing]);
    assert.deepEqual(judgeReproduction({ run, failing: [failing], inOrder: [passes], alone: [passes] }).flaky, [failing]);
  });

  it('without the in-order run (it ran out of time) judges the failing tests alone, as before', () => {
    const fails = worldResult(failing, 'failed', 'AssertionError', 'f (cache.py)');
    assert.deepEqual(judgeReproduction({ run, failing: [failing], inOrder: null, alone: [fails] }).reproduced, [failing]);
    assert.deepEqual(judgeReproduction({ run, failing: [failing], inOrder: null, alone: [worldResult(failing, 'passed')] }).flaky, [
      failing,
    ]);
  });

  it('a test that hung in the user run is reproduced by any failure', () => {
    const hung = [userTest(failing, 'timeout')];
    const verdict = judgeReproduction({ run: hung, failing: [failing], inOrder: null, alone: [worldResult(failing, 'failed', 'Timeout')] });
    assert.deepEqual(verdict.reproduced, [failing]);
  });

  it('halves a list until one is left', () => {
    assert.deepEqual(halves(['a', 'b', 'c']), [['a', 'b'], ['c']]);
    assert.equal(halves(['a']), null);
    assert.match(
      orderText({ nodeid: 't2', after: ['t1'] }),
      /^t2 fails only after t1 \(test pollution: it passes alone\); candidates run that test first$/,
    );
  });
});

describe('environmentFor', () => {
  it('passes the variables the run read and the host has, withholds secret-looking ones, and leaves the world its own', () => {
    const host = { BANNER_WIDTH: '12', BANNER_TOKEN: 'x', DB_PASSWORD: 'y', AWS_SECRET_ACCESS_KEY: 'z', HOME: '/home/u', PATH: '/bin' };
    const read = ['BANNER_WIDTH', 'BANNER_TOKEN', 'DB_PASSWORD', 'AWS_SECRET_ACCESS_KEY', 'HOME', 'PATH', 'NOT_SET'];
    assert.deepEqual(environmentFor(host, read), {
      passed: ['BANNER_WIDTH'],
      withheld: ['BANNER_TOKEN', 'DB_PASSWORD', 'AWS_SECRET_ACCESS_KEY'],
    });
  });
});

describe('mirrorHome', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-home-view-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('copies small files, links large ones, and makes folders again so new entries stay private', async () => {
    const real = path.join(root, 'real');
    const mirror = path.join(root, 'mirror');
    fs.mkdirSync(path.join(real, 'precious', 'deeper'), { recursive: true });
    fs.writeFileSync(path.join(real, 'precious', 'data.txt'), 'x');
    fs.writeFileSync(path.join(real, 'big.bin'), Buffer.alloc(200 * 1024));
    fs.mkdirSync(mirror);
    await mirrorHome(real, mirror);
    assert.equal(fs.readFileSync(path.join(mirror, 'precious', 'data.txt'), 'utf8'), 'x');
    assert.ok(!fs.lstatSync(path.join(mirror, 'precious', 'data.txt')).isSymbolicLink(), 'a small file is a private copy');
    assert.equal(fs.readlinkSync(path.join(mirror, 'big.bin')), path.join(real, 'big.bin'));
    assert.ok(fs.lstatSync(path.join(mirror, 'precious', 'deeper')).isDirectory());
    fs.writeFileSync(path.join(mirror, 'precious', 'data.txt'), 'changed');
    fs.writeFileSync(path.join(mirror, 'precious', 'new.txt'), 'new');
    assert.equal(fs.readFileSync(path.join(real, 'precious', 'data.txt'), 'utf8'), 'x');
    assert.ok(!fs.existsSync(path.join(real, 'precious', 'new.txt')));
  });

  it('keeps a folder with many entries as one link', async () => {
    const real = path.join(root, 'real');
    const mirror = path.join(root, 'mirror');
    fs.mkdirSync(path.join(real, 'cache'), { recursive: true });
    for (let i = 0; i < 500; i++) fs.writeFileSync(path.join(real, 'cache', `${i}`), '');
    fs.mkdirSync(mirror);
    await mirrorHome(real, mirror);
    assert.equal(fs.readlinkSync(path.join(mirror, 'cache')), path.join(real, 'cache'));
  });

  it('a missing home leaves the private one empty', async () => {
    const mirror = path.join(root, 'mirror');
    fs.mkdirSync(mirror);
    assert.equal(await mirrorHome(path.join(root, 'none'), mirror), 0);
    assert.deepEqual(fs.readdirSync(mirror), []);
  });
});
