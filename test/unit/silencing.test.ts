import * as assert from 'node:assert/strict';
import { silencingOf } from '../../src/core/review/silencing';

// The shapes of patches that silence tests instead of fixing the code, each judged against
// the function as it was.

const READ = `    def read(self, path):
        handle = open(path)
        try:
            return parse(handle.read())
        finally:
            handle.close()
`;

describe('silencing patches', () => {
  it('a return, break or continue that leaves a finally block', async () => {
    assert.match((await silencingOf(READ, READ.replace('handle.close()', 'return None')))!, /exits a finally block/);
    const loop = 'def f(items):\n    for item in items:\n        try:\n            use(item)\n        finally:\n            done(item)\n';
    assert.match((await silencingOf(loop, loop.replace('done(item)', 'continue')))!, /finally/);
  });

  it('but not a loop of its own inside finally, nor a function defined there, nor a shape already there', async () => {
    const inner = READ.replace('handle.close()', 'for line in []:\n                break');
    assert.equal(await silencingOf(READ, inner), null);
    const nested = READ.replace('handle.close()', 'def later():\n                return 1');
    assert.equal(await silencingOf(READ, nested), null);
    const already = READ.replace('handle.close()', 'return None');
    assert.equal(await silencingOf(already, already.replace('parse(', 'parse_all(')), null);
  });

  it('a handler that swallows every exception', async () => {
    const narrow = 'def f(d):\n    try:\n        return d["k"]\n    except KeyError:\n        return 0\n';
    for (const broad of ['except Exception:', 'except:', 'except (KeyError, BaseException) as error:']) {
      assert.match((await silencingOf(narrow, narrow.replace('except KeyError:', broad)))!, /swallows every exception/, broad);
    }
    assert.equal(await silencingOf(narrow, narrow.replace('except KeyError:', 'except IndexError:')), null);
    const reraises = narrow.replace('except KeyError:\n        return 0', 'except Exception:\n        log()\n        raise');
    assert.equal(await silencingOf(narrow, reraises), null);
  });

  it('an early exit that leaves code unreachable, but not a guard', async () => {
    const body = 'def total(items):\n    result = 0\n    for item in items:\n        result += item\n    return result\n';
    assert.match((await silencingOf(body, body.replace('    result = 0\n', '    result = 0\n    return 0\n')))!, /unreachable/);
    const guard = body.replace('    result = 0\n', '    if not items:\n        return 0\n    result = 0\n');
    assert.equal(await silencingOf(body, guard), null);
    assert.equal(await silencingOf(body, body.replace('result += item', 'result += item * 2')), null);
  });
});
