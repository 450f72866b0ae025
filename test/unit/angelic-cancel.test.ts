import * as assert from 'node:assert/strict';
import { AngelicSource } from '../../src/core/search/angelic';
import type { SearchStats, Suspect } from '../../src/core/types';
import type { ValidatorPool } from '../../src/core/validate';

// The angelic source when the search ends while it probes: it has nothing more to give, and
// says so, whichever stage the cancel caught (a stage's rejected promise is never awaited again).

const SOURCE = `def f(x):
    """Twice x, plus one."""
    y = x * 2
    return y + 1
`;

describe('Angelic probes, canceled', () => {
  it('ends with nothing more, not an error, when the search ends while value sites are being watched', async () => {
    // Only value sites (line 4: `y + 1`, `y`): no condition, and no statement site on a ranked line.
    const suspect: Suspect = {
      file: 'm.py',
      function: 'f',
      startLine: 1,
      endLine: 4,
      score: 1,
      reasons: [],
      lines: [{ line: 4, score: 1 }],
    };
    const ended = new AbortController();
    ended.abort();
    const stats = { rounds: {}, byKind: {} } as unknown as SearchStats;
    const source = new AngelicSource({
      pool: { failing: ['test_m.py::test_f'] } as unknown as ValidatorPool,
      suspects: [suspect],
      readSource: async () => SOURCE,
      signal: ended.signal,
      stats,
    });
    assert.equal(await source.next(), null);
    assert.equal(await source.next(), null);
    assert.equal(stats.angelicRuns, 0);
  });
});
