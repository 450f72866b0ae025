import * as assert from 'node:assert/strict';
import { parseArgs, type RunCommand } from '../../src/cli/args';
import { usageErrorOf } from '../helpers/usage';

function run(argv: string[]): RunCommand {
  const cli = parseArgs(argv);
  assert.notEqual(cli.command, 'help', `${argv.join(' ')} asked for help`);
  return cli as RunCommand;
}

function usageError(argv: string[]): string {
  return usageErrorOf(() => parseArgs(argv), argv.join(' '));
}

describe('cli arguments', () => {
  it('parses the fix contract', () => {
    const cli = run([
      'fix',
      'ws',
      '--tests',
      'tests/test_a.py::test_x',
      'tests/test_b.py',
      '--python',
      '/usr/bin/python3',
      '--time-budget',
      '30',
      '--max-candidates',
      '50',
      '--device',
      'cpu',
      '--json',
      'out.json',
      '--apply',
      '--verbose',
    ]);
    assert.equal(cli.command, 'fix');
    assert.equal(cli.jsonPath, 'out.json');
    assert.equal(cli.apply, true);
    assert.equal(cli.verbose, true);
    assert.deepEqual(cli.engine, {
      workspace: 'ws',
      tests: ['tests/test_a.py::test_x', 'tests/test_b.py'],
      python: '/usr/bin/python3',
      timeBudgetMs: 30_000,
      maxCandidates: 50,
      modelDir: undefined,
      device: 'cpu',
      allowTestEdits: false,
      sandbox: true,
    });
  });

  it('parses analyze with its defaults, and values given after "="', () => {
    const cli = run(['analyze', '--json=report.json', 'ws', '--python=python3']);
    assert.equal(cli.command, 'analyze');
    assert.equal(cli.jsonPath, 'report.json');
    assert.equal(cli.apply, false);
    assert.equal(cli.verbose, false);
    assert.deepEqual(cli.engine, {
      workspace: 'ws',
      tests: [],
      python: 'python3',
      timeBudgetMs: undefined,
      maxCandidates: undefined,
      modelDir: undefined,
      device: 'auto',
      allowTestEdits: false,
      sandbox: true,
    });
  });

  it('takes every argument after --tests up to the next option as the selection', () => {
    const cli = run(['fix', '--tests', 'tests/test_a.py::test_x', 'tests/unit/', 'test_b.py', '--no-model', 'ws']);
    assert.deepEqual(cli.engine.tests, ['tests/test_a.py::test_x', 'tests/unit/', 'test_b.py']);
    assert.equal(cli.engine.workspace, 'ws');
    assert.equal(cli.engine.modelDir, null);
    // The workspace after the selection, with no option between, is taken as one more selection.
    assert.match(usageError(['fix', '--tests', 'tests/test_a.py', 'ws']), /expected exactly one workspace folder/);
    assert.deepEqual(run(['fix', 'ws', '--tests']).engine.tests, []);
    const afterTerminator = run(['fix', '--tests', 'a.py', '--', '-odd-name']).engine;
    assert.deepEqual([afterTerminator.tests, afterTerminator.workspace], [['a.py'], '-odd-name']);
  });

  it('adds -k <expr> to the selection where it stands', () => {
    const cli = run(['fix', 'ws', '--tests', 'a.py', '-k', 'sort and not slow', '--tests', 'b.py', '-k', 'merge']);
    assert.deepEqual(cli.engine.tests, ['a.py', '-k', 'sort and not slow', 'b.py', '-k', 'merge']);
    assert.deepEqual(run(['analyze', '-k', 'sort', 'ws']).engine.tests, ['-k', 'sort']);
  });

  it('maps --no-sandbox to a run without the sandbox, for fix only', () => {
    assert.equal(run(['fix', 'ws', '--no-sandbox']).engine.sandbox, false);
    assert.equal(run(['fix', 'ws']).engine.sandbox, true);
    assert.match(usageError(['analyze', 'ws', '--no-sandbox']), /^--no-sandbox applies to "fix" only$/);
  });

  it('maps --validator to how candidates run (absent: the platform decides), for fix only', () => {
    assert.equal(run(['fix', 'ws', '--validator', 'spawn']).engine.validator, 'spawn');
    assert.equal(run(['fix', 'ws', '--validator=fork']).engine.validator, 'fork');
    assert.equal('validator' in run(['fix', 'ws']).engine, false);
    assert.equal(usageError(['fix', 'ws', '--validator', 'thread']), '--validator must be fork or spawn, got "thread"');
    assert.match(usageError(['analyze', 'ws', '--validator', 'spawn']), /^--validator applies to "fix" only$/);
  });

  it('validates numbers: positive, the candidate count rounded down', () => {
    const cli = run(['fix', 'ws', '--time-budget', '1.5', '--max-candidates', '7.9']);
    assert.equal(cli.engine.timeBudgetMs, 1500);
    assert.equal(cli.engine.maxCandidates, 7);
    assert.equal(usageError(['fix', 'ws', '--time-budget=-3']), '--time-budget needs a positive number, got "-3"');
    assert.equal(usageError(['fix', 'ws', '--time-budget', 'soon']), '--time-budget needs a positive number, got "soon"');
    assert.equal(usageError(['fix', 'ws', '--max-candidates', '0']), '--max-candidates needs a positive number, got "0"');
  });

  it('answers --help and -h with the usage, after a command or alone', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['fix', '--help'], ['analyze', '-h'], ['fix', 'ws', '--apply', '-h']]) {
      assert.deepEqual(parseArgs(argv), { command: 'help' }, argv.join(' '));
    }
  });

  it('rejects unknown options and commands, and options misused, with one clear line', () => {
    assert.equal(usageError([]), 'missing command');
    assert.equal(usageError(['repair', 'ws']), 'unknown command "repair"');
    assert.equal(usageError(['--frobnicate']), 'unknown option "--frobnicate"');
    assert.equal(usageError(['fix', 'ws', '--frobnicate']), 'unknown option "--frobnicate"');
    assert.equal(usageError(['fix', 'ws', '--frobnicate=1']), 'unknown option "--frobnicate"');
    assert.equal(usageError(['fix', 'ws', '-x']), 'unknown option "-x"');
    assert.equal(usageError(['fix', '-odd-name']), 'unknown option "-odd-name"');
    assert.equal(usageError(['fix', 'ws', '--apply=yes']), '--apply takes no value');
    assert.equal(usageError(['fix', 'ws', '--tests=a.py']), '--tests takes no value');
  });

  it('rejects an option left without its value', () => {
    assert.equal(usageError(['fix', 'ws', '--python']), '--python needs a value');
    assert.equal(usageError(['fix', 'ws', '-k']), '-k needs a value');
    assert.equal(
      usageError(['fix', 'ws', '--json', '--apply']),
      '--json needs a value ("--apply" looks like an option; write --json=--apply if it is the value)',
    );
    assert.match(usageError(['fix', 'ws', '--time-budget', '-3']), /^--time-budget needs a value .*--time-budget=-3/);
    assert.match(usageError(['fix', 'ws', '-k', '-slow']), /write -k-slow if/);
  });

  it('rejects arguments that do not fit the command', () => {
    assert.match(usageError(['fix']), /exactly one workspace/);
    assert.match(usageError(['fix', 'a', 'b']), /exactly one workspace/);
    assert.match(usageError(['fix', 'ws', '--device', 'tpu']), /auto, cpu or cuda/);
    assert.match(usageError(['fix', 'ws', '--model', 'm', '--no-model']), /exclude each other/);
    for (const fixOnly of [
      '--apply',
      '--no-model',
      '--allow-test-edits',
      '--time-budget=5',
      '--max-candidates=5',
      '--model=m',
      '--device=cpu',
      '--verbose',
    ]) {
      assert.match(usageError(['analyze', 'ws', fixOnly]), /"fix" only/, fixOnly);
    }
  });
});
