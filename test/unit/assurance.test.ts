import * as assert from 'node:assert/strict';
import { assuranceCounts, assuranceOf } from '../../src/core/review/assurance';
import type { PatchBehaviour } from '../../src/core/types';

// A fix needs evidence beyond the failing tests and nothing against it; the rest is unconfirmed.

const behaviour = (extra: Partial<PatchBehaviour> = {}): PatchBehaviour => ({
  kept: 0,
  changed: [],
  newInputs: 3,
  agreesOn: 0,
  others: 1,
  asBefore: 0,
  crashes: [],
  group: 0,
  ...extra,
});

describe('assurance', () => {
  it('calls a patch a fix when recorded calls or new inputs confirm it and nothing speaks against it', () => {
    assert.equal(assuranceOf({ behaviour: behaviour({ kept: 2 }) }), 'fix');
    assert.equal(assuranceOf({ behaviour: behaviour({ asBefore: 1 }) }), 'fix');
  });

  it('calls it unconfirmed without evidence beyond the failing tests, without a replay, or with anything against it', () => {
    assert.equal(assuranceOf({ behaviour: behaviour({ agreesOn: 3 }) }), 'unconfirmed', 'agreeing with other patches only');
    assert.equal(assuranceOf({}), 'unconfirmed');
    assert.equal(
      assuranceOf({ behaviour: behaviour({ kept: 4 }), shape: [{ rule: 'unused-input', text: 'leaves `n` unused' }] }),
      'unconfirmed',
    );
    assert.equal(assuranceOf({ behaviour: behaviour({ kept: 4, changed: [{ call: 'f(1)', before: '1', after: '2' }] }) }), 'unconfirmed');
    assert.equal(
      assuranceOf({ behaviour: behaviour({ kept: 4, crashes: [{ call: 'f(1)', before: '1', after: 'raises E' }] }) }),
      'unconfirmed',
    );
  });

  it('counts fixes and unconfirmed patches apart', () => {
    assert.equal(
      assuranceCounts([{ assurance: 'fix' }, { assurance: 'unconfirmed' }, { assurance: 'fix' }]),
      '2 fixes, 1 unconfirmed patch',
    );
    assert.equal(assuranceCounts([{ assurance: 'unconfirmed' }, { assurance: 'unconfirmed' }]), '2 unconfirmed patches');
  });
});
