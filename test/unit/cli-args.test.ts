import * as assert from 'node:assert/strict';
import { parseArgs } from '../../src/cli/args';
import { UserError } from '../../src/core/errors';

function usageError(argv: string[]): string {
  try {
    parseArgs(argv);
  } catch (error) {
    assert.ok(error instanceof UserError);
    assert.equal(error.code, 'bad-usage');
    return error.message;
  }
  assert.fail(`expected a usage error for ${argv.join(' ')}`);
}

describe('cli arguments', () => {
  it('parses the fix contract', () => {
    const cli = parseArgs([
      'fix', 'ws', '--tests', 'tests/test_a.py::test_x', 'tests/test_b.py', '--python', '/usr/bin/python3',
      '--time-budget', '30', '--max-candidates', '50', '--device', 'cpu', '--json', 'out.json', '--apply',
    ]);
    assert.equal(cli.command, 'fix');
    assert.equal(cli.jsonPath, 'out.json');
    assert.equal(cli.apply, true);
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

  it('maps --no-sandbox to a run without the sandbox, for fix only', () => {
    assert.equal(parseArgs(['fix', 'ws', '--no-sandbox']).engine.sandbox, false);
    assert.equal(parseArgs(['fix', 'ws']).engine.sandbox, true);
    assert.match(usageError(['analyze', 'ws', '--no-sandbox']), /--no-sandbox applies to "fix" only/);
  });

  it('maps -k to a pytest selection and --no-model to a null model', () => {
    const cli = parseArgs(['fix', 'ws', '-k', 'sort and not slow', '--no-model']);
    assert.deepEqual(cli.engine.tests, ['-k', 'sort and not slow']);
    assert.equal(cli.engine.modelDir, null);
  });

  it('rejects misuse with one clear message', () => {
    assert.match(usageError([]), /missing command/);
    assert.match(usageError(['repair', 'ws']), /unknown command "repair"/);
    assert.match(usageError(['fix']), /exactly one workspace/);
    assert.match(usageError(['fix', 'a', 'b']), /exactly one workspace/);
    assert.match(usageError(['fix', 'ws', '--time-budget', '-3']), /positive number/);
    assert.match(usageError(['fix', 'ws', '--device', 'tpu']), /auto, cpu or cuda/);
    assert.match(usageError(['fix', 'ws', '--model', 'm', '--no-model']), /exclude each other/);
    assert.match(usageError(['analyze', 'ws', '--apply']), /"fix" only/);
    assert.match(usageError(['fix', 'ws', '--frobnicate']), /unknown option/);
  });
});
