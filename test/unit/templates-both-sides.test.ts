import * as assert from 'node:assert/strict';
import { assertFixAmong, templateCandidatesFor } from '../helpers/templates';

// wrap-both-sides: the same builtin or method missing on both sides of a comparison.

describe('templates: wrap-both-sides', () => {
  it('compares lengths where the values were compared, and names in one case', async () => {
    const longest = await templateCandidatesFor(`def longer(a, b):\n    return a if a > b else b\n`);
    assertFixAmong(longest, `def longer(a, b):\n    return a if len(a) > len(b) else b\n`, 'wrap-both-sides');
    const named = await templateCandidatesFor(`def same(contact, name):\n    return contact["name"] == name\n`);
    assertFixAmong(named, `def same(contact, name):\n    return contact["name"].lower() == name.lower()\n`, 'wrap-both-sides');
  });

  it('leaves comparisons with a literal, membership and chains alone', async () => {
    const candidates = await templateCandidatesFor(`def f(a, b, c):\n    return a == 0 or a in b or a < b < c\n`);
    assert.deepEqual(
      candidates.filter((c) => c.editKind === 'wrap-both-sides').map((c) => c.summary),
      [],
    );
  });
});
