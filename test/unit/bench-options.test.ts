import * as assert from 'node:assert/strict';
import { listOf, oneOf, positiveNumber, readOptions, required, wholeNumber } from '../../bench/lib/options';
import { usageErrorOf } from '../helpers/usage';

// The option table of a benchmark, as bench/real/run.ts declares its own.
const OPTIONS = {
  budget: { type: 'string', default: '60' },
  modes: { type: 'string', default: 'templates,model' },
  split: { type: 'string', default: 'all' },
  jobs: { type: 'string', default: '1' },
  baseline: { type: 'string' },
  quick: { type: 'boolean', default: false },
} as const;
const LISTED = '(options: --budget, --modes, --split, --jobs, --baseline, --quick)';

function read(args: string[]) {
  return readOptions(args, OPTIONS, (values) => ({
    budget: positiveNumber('--budget', values.budget),
    modes: listOf('--modes', values.modes, ['templates', 'model']),
    split: oneOf('--split', values.split, ['dev', 'test', 'all']),
    jobs: wholeNumber('--jobs', values.jobs, 1),
    baseline: required('--baseline', values.baseline, '<checkout>'),
    quick: values.quick,
  }));
}

/** The one line a bad command line ends the benchmark with. */
function badOptions(args: string[]): string {
  return usageErrorOf(() => read(args), args.join(' '));
}

describe('bench options', () => {
  it('reads values and defaults into the settings', () => {
    assert.deepEqual(read(['--baseline', '../old', '--budget', '30', '--modes=model', '--quick']), {
      budget: 30,
      modes: ['model'],
      split: 'all',
      jobs: 1,
      baseline: '../old',
      quick: true,
    });
    assert.deepEqual(read(['--baseline=b', '--split', 'dev', '--jobs', '4', '--modes', 'templates,model']), {
      budget: 60,
      modes: ['templates', 'model'],
      split: 'dev',
      jobs: 4,
      baseline: 'b',
      quick: false,
    });
  });

  it('ends on an unknown option, a missing value or a stray argument with one line naming the options', () => {
    assert.equal(badOptions(['--baseline', 'b', '--bugdet', '30']), `unknown option "--bugdet" ${LISTED}`);
    assert.equal(badOptions(['--baseline', 'b', '--budget']), `--budget needs a value ${LISTED}`);
    assert.equal(badOptions(['--baseline', 'b', '--quick=yes']), `--quick takes no value ${LISTED}`);
    assert.equal(badOptions(['--baseline', 'b', 'classic']), `unexpected argument "classic" ${LISTED}`);
  });

  it('ends on a value the script refuses with one line naming the options', () => {
    assert.equal(badOptions(['--budget', '30']), `--baseline <checkout> is required ${LISTED}`);
    assert.equal(badOptions(['--baseline', 'b', '--budget', 'none']), `--budget needs a positive number, got "none" ${LISTED}`);
    assert.equal(badOptions(['--baseline', 'b', '--jobs', '0']), `--jobs needs a whole number of at least 1, got "0" ${LISTED}`);
    assert.equal(badOptions(['--baseline', 'b', '--jobs', '1.5']), `--jobs needs a whole number of at least 1, got "1.5" ${LISTED}`);
    assert.equal(
      badOptions(['--baseline', 'b', '--modes', 'model,neural']),
      `--modes: unknown "neural" (choose from templates, model) ${LISTED}`,
    );
    assert.equal(badOptions(['--baseline', 'b', '--split', 'train']), `--split must be dev, test or all, got "train" ${LISTED}`);
  });

  it('lets other errors of the settings through as they are', () => {
    const broken = new TypeError('not an option problem');
    assert.throws(
      () =>
        readOptions([], OPTIONS, () => {
          throw broken;
        }),
      (error) => error === broken,
    );
  });
});
