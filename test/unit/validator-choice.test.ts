import { strict as assert } from 'node:assert';
import { limitsText, planContainment } from '../../src/core/validate/containment';
import { validatorFor } from '../../src/core/validate/options';

// How candidates run: asked for, else named by DEEPDEBUG_VALIDATOR, else the platform's; and
// what the report says of it.

describe('the validator a run uses', () => {
  it('is the one asked for, else the one the environment names, else fork where Python forks and spawn on Windows', () => {
    assert.equal(validatorFor('spawn', 'linux', {}), 'spawn');
    assert.equal(validatorFor('fork', 'win32', { DEEPDEBUG_VALIDATOR: 'spawn' }), 'fork');
    assert.equal(validatorFor(undefined, 'linux', { DEEPDEBUG_VALIDATOR: 'spawn' }), 'spawn');
    assert.equal(validatorFor(undefined, 'linux', { DEEPDEBUG_VALIDATOR: 'threads' }), 'fork', 'an unknown name is no choice');
    assert.equal(validatorFor(undefined, 'linux', {}), 'fork');
    assert.equal(validatorFor(undefined, 'darwin', {}), 'fork');
    assert.equal(validatorFor(undefined, 'win32', {}), 'spawn');
  });

  it('is in the containment the report carries, and the summary says what in place leaves unlimited', () => {
    const request = { wallMs: 10_000, wallAfterTimeoutMs: 10_000, memoryMb: 2048, processes: 256 };
    const forked = planContainment(request, { available: false, reason: 'disabled' }, 'fork');
    const inPlace = planContainment(request, { available: false, reason: 'disabled' }, 'spawn');
    assert.equal(forked.validator, 'fork');
    assert.equal(inPlace.validator, 'spawn');
    assert.doesNotMatch(forked.summary, /in the worker itself/);
    assert.match(inPlace.summary, /candidates run in the worker itself \(no fork\)/);
    assert.notEqual(inPlace.limits.processLimitBy, 'rlimit-nproc', 'RLIMIT_NPROC would bind the session for good, not one candidate');
    // In place, the CPU limit a forked child gets is not there: the summary must not claim it.
    assert.match(forked.summary, /11 s CPU, 2048 MiB memory/);
    assert.doesNotMatch(inPlace.summary, /s CPU/);
    assert.match(inPlace.summary, /2048 MiB memory by a watch on the session, CPU time not limited/);
  });

  it('names what in place leaves to the session on each platform', () => {
    const limits = planContainment(
      { wallMs: 5000, wallAfterTimeoutMs: 2000, memoryMb: 512, processes: 64 },
      { available: false, reason: 'x' },
      'spawn',
    ).limits;
    assert.match(
      limitsText(limits, 'spawn', 'linux'),
      /^5 s wall \(2 s once one timed out\), 512 MiB memory by a watch on the session, CPU time not limited, file size the whole session's/,
    );
    assert.match(limitsText(limits, 'spawn', 'win32'), /file size not limited/);
  });

  it("says a forked child's memory is watched where no limit on the address space binds (macOS)", () => {
    const limits = planContainment(
      { wallMs: 5000, wallAfterTimeoutMs: 5000, memoryMb: 512, processes: 64 },
      { available: false, reason: 'x' },
      'fork',
    ).limits;
    assert.match(limitsText(limits, 'fork', 'linux'), /6 s CPU, 512 MiB memory, /);
    assert.match(limitsText(limits, 'fork', 'darwin'), /6 s CPU, 512 MiB memory by a watch on the candidate's process, /);
  });

  it("limits processes in place on Windows by the session's Job Object, and nowhere else in place by a limit of the session's", () => {
    const request = { wallMs: 5000, wallAfterTimeoutMs: 5000, memoryMb: 512, processes: 64 };
    const windows = planContainment(request, { available: false, reason: 'x' }, 'spawn', 'win32');
    assert.equal(windows.limits.processLimitBy, 'job-object');
    assert.match(windows.summary, /file size not limited, 64 processes/);
    const mac = planContainment(request, { available: false, reason: 'x' }, 'spawn', 'darwin');
    assert.notEqual(mac.limits.processLimitBy, 'rlimit-nproc');
    assert.notEqual(mac.limits.processLimitBy, 'job-object');
  });
});
