import * as assert from 'node:assert/strict';
import { buildModelInput, estimateTokens, extractFocal, formatTrace, type SkeletonRequest } from '../../src/core/skeleton';
import type { Failure } from '../../src/core/types';
import { listFunctions } from '../../src/core/syntax/functions';
import { parsesCleanly } from '../../src/core/syntax/parser';

// A counter that makes budgets readable: one token per non-blank line.
const nonBlankLines = (text: string): number => text.split('\n').filter((line) => line.trim() !== '').length;

const stackSource = `import os

LIMIT = 3


def helper(x):
    """Double x."""
    return x * 2


class Stack:
    """A bounded stack."""

    size = 0

    def __init__(self):
        self.items = []

    def push(self, item):
        if len(self.items) >= LIMIT:
            raise OverflowError()
        self.items.append(helper(item))


def unrelated():
    """Not used."""
    return os.getcwd()
`;

const pushFocal = { function: 'Stack.push', startLine: 19, endLine: 22 };

const focalBlock = `    # target edit
    def push(self, item):
        if len(self.items) >= LIMIT:
            raise OverflowError()
        self.items.append(helper(item))
    # end
`;

async function skeletonOf(source: string, focal: SkeletonRequest['focal'], tokenBudget: number): Promise<string> {
  const input = await buildModelInput({ source, file: 'm.py', focal, tokenBudget, countTokens: nonBlankLines });
  return input.skeleton;
}

async function focalOf(source: string, qualname: string): Promise<SkeletonRequest['focal']> {
  const fn = (await listFunctions(source)).find((f) => f.qualname === qualname);
  assert.ok(fn, `no function ${qualname}`);
  return { function: fn.qualname, startLine: fn.startLine, endLine: fn.endLine };
}

describe('skeleton', () => {
  describe('priority order under tight budgets', () => {
    it('keeps only the focal method and its class header when nothing else fits', async () => {
      const expected = `class Stack:\n\n${focalBlock}`;
      assert.equal(await skeletonOf(stackSource, pushFocal, 7), expected);
      // Over budget the focal function is still emitted whole.
      assert.equal(await skeletonOf(stackSource, pushFocal, 1), expected);
    });

    it('adds imports, then the class docstring and attributes, then globals', async () => {
      assert.equal(await skeletonOf(stackSource, pushFocal, 8), `import os\n\nclass Stack:\n\n${focalBlock}`);
      assert.equal(
        await skeletonOf(stackSource, pushFocal, 10),
        `import os\n\nclass Stack:\n    """A bounded stack."""\n\n    size = 0\n\n${focalBlock}`,
      );
      assert.equal(
        await skeletonOf(stackSource, pushFocal, 11),
        `import os\n\nLIMIT = 3\n\nclass Stack:\n    """A bounded stack."""\n\n    size = 0\n\n${focalBlock}`,
      );
    });

    it('then signatures (what the focal uses and its class first), then docstrings, then bodies', async () => {
      const head = `import os\n\nLIMIT = 3\n\n`;
      const classHead = `class Stack:\n    """A bounded stack."""\n\n    size = 0\n\n`;
      assert.equal(
        await skeletonOf(stackSource, pushFocal, 15),
        `${head}def helper(x):\n    ...\n\n${classHead}    def __init__(self):\n        ...\n\n${focalBlock}`,
      );
      assert.equal(
        await skeletonOf(stackSource, pushFocal, 19),
        `${head}def helper(x):\n    """Double x."""\n    ...\n\n${classHead}    def __init__(self):\n        ...\n\n` +
          `${focalBlock}\ndef unrelated():\n    """Not used."""\n    ...\n`,
      );
      // Bodies last; a large budget gives back the whole file, collapsed blank lines aside.
      const whole = await skeletonOf(stackSource, pushFocal, 1024);
      assert.equal(
        whole,
        stackSource
          .replace(/\n\n\n/g, '\n\n')
          .replace('    def push', `    # target edit\n    def push`)
          .replace('        self.items.append(helper(item))\n', '        self.items.append(helper(item))\n    # end\n'),
      );
    });

    it('never exceeds the budget once the focal function fits, and grows with it', async () => {
      let previous = 0;
      for (let budget = 7; budget <= 25; budget++) {
        const input = await buildModelInput({
          source: stackSource,
          file: 'm.py',
          focal: pushFocal,
          tokenBudget: budget,
          countTokens: nonBlankLines,
        });
        assert.ok(input.tokens <= budget, `budget ${budget}: ${input.tokens} tokens`);
        assert.ok(input.tokens >= previous);
        previous = input.tokens;
      }
    });
  });

  describe('layout', () => {
    const tricky = `import functools


def log(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


class Outer:
    """Outer docstring."""

    class Inner:
        kind = "inner"

        @staticmethod
        def make(a,
                 b):
            """Make one."""
            return a + b

        @log
        def target(self, values):
            total = 0
            for v in values:
                total += v  # end
            return total

    def short(self): return 1


@log
def top(x):
    return Outer.Inner.make(x, 1)
`;

    it('emits valid Python at every budget, with the focal text intact', async () => {
      for (const qualname of ['Outer.Inner.target', 'Outer.Inner.make', 'top', 'log.<locals>.wrapper', 'Outer.short']) {
        const focal = await focalOf(tricky, qualname);
        const original =
          tricky
            .split('\n')
            .slice(focal.startLine - 1, focal.endLine)
            .join('\n') + '\n';
        for (let budget = 0; budget <= 45; budget += 3) {
          const skeleton = await skeletonOf(tricky, focal, budget);
          assert.ok(await parsesCleanly(skeleton), `${qualname} at ${budget} does not parse:\n${skeleton}`);
          assert.equal(extractFocal(skeleton), original, `${qualname} at ${budget}`);
        }
      }
    });

    it('keeps every enclosing class header of a nested class method, decorators with the focal', async () => {
      const focal = await focalOf(tricky, 'Outer.Inner.target');
      assert.equal(
        await skeletonOf(tricky, focal, 0),
        `class Outer:

    class Inner:

        # target edit
        @log
        def target(self, values):
            total = 0
            for v in values:
                total += v  # end
            return total
        # end
`,
      );
    });

    it('keeps decorators and multi-line signatures with elided bodies', async () => {
      const focal = await focalOf(tricky, 'Outer.Inner.target');
      // 10 mandatory + import + Outer's docstring + Inner's attribute + log(2) + make(4) + short.
      const skeleton = await skeletonOf(tricky, focal, 20);
      assert.match(skeleton, /        @staticmethod\n        def make\(a,\n                 b\):\n            \.\.\.\n/);
      assert.match(skeleton, /^import functools\n\ndef log\(fn\):\n    \.\.\.\n/);
      assert.match(skeleton, /\n    def short\(self\): return 1\n$/);
      // Outer's docstring and Inner's attribute are the focal class context (tier 3).
      assert.match(skeleton, /class Outer:\n    """Outer docstring."""\n\n    class Inner:\n        kind = "inner"\n/);
    });

    it('marks a module-level focal function at column 0, and a nested one inside its parent', async () => {
      const top = await skeletonOf(tricky, await focalOf(tricky, 'top'), 0);
      assert.equal(top, `# target edit\n@log\ndef top(x):\n    return Outer.Inner.make(x, 1)\n# end\n`);
      const nested = await skeletonOf(tricky, await focalOf(tricky, 'log.<locals>.wrapper'), 0);
      assert.equal(
        nested,
        `def log(fn):\n    # target edit\n    @functools.wraps(fn)\n    def wrapper(*args):\n        return fn(*args)\n    # end\n`,
      );
    });

    it('treats a guarded import as an import and keeps an if block around the focal whole', async () => {
      const source = `try:\n    import json\nexcept ImportError:\n    json = None\n\nDEBUG = False\n\nif DEBUG:\n    def dump(x):\n        return json.dumps(x)\n`;
      const focal = await focalOf(source, 'dump');
      const guarded = `if DEBUG:\n    # target edit\n    def dump(x):\n        return json.dumps(x)\n    # end\n`;
      assert.equal(await skeletonOf(source, focal, 0), guarded);
      assert.equal(await skeletonOf(source, focal, 9), `try:\n    import json\nexcept ImportError:\n    json = None\n\n${guarded}`);
      assert.ok(await parsesCleanly(await skeletonOf(source, focal, 10)));
    });

    it('keeps the clause headers around a focal inside if/else and try/else, eliding the other blocks', async () => {
      const source = [
        'try:',
        '    import ssl',
        'except ImportError:',
        '    ssl = None',
        '    HAVE_SSL = False',
        'else:',
        '    class Secure:',
        '        def wrap(self, sock):',
        '            if ssl.HAS_SNI:',
        '                return ssl.wrap_socket(sock)',
        '            else:',
        '                def fallback(s):',
        '                    return s',
        '                return fallback(sock)',
        '',
      ].join('\n');
      const focal = await focalOf(source, 'Secure.wrap.<locals>.fallback');
      const tight = await skeletonOf(source, focal, 0);
      assert.equal(
        tight,
        [
          'try:',
          '    ...',
          'except ImportError:',
          '    ...',
          'else:',
          '    class Secure:',
          '        def wrap(self, sock):',
          '            if ssl.HAS_SNI:',
          '                ...',
          '            else:',
          '                # target edit',
          '                def fallback(s):',
          '                    return s',
          '                # end',
          '',
        ].join('\n'),
      );
      for (let budget = 0; budget <= 20; budget++) {
        const skeleton = await skeletonOf(source, focal, budget);
        assert.ok(await parsesCleanly(skeleton), `budget ${budget}:\n${skeleton}`);
        assert.equal(extractFocal(skeleton), '                def fallback(s):\n                    return s\n');
      }
      assert.equal(
        await skeletonOf(source, focal, 100),
        source
          .replace('                def', '                # target edit\n                def')
          .replace('return s\n', 'return s\n                # end\n'),
      );
    });

    it('gives signatures of what the focal uses before others, whatever their file order', async () => {
      const source = `def alpha():\n    return 1\n\n\ndef beta():\n    return 2\n\n\ndef gamma():\n    return beta()\n`;
      const skeleton = await skeletonOf(source, await focalOf(source, 'gamma'), 6);
      assert.equal(skeleton, `def beta():\n    ...\n\n# target edit\ndef gamma():\n    return beta()\n# end\n`);
    });
  });

  describe('trace and tokens', () => {
    const failure: Failure = {
      nodeid: 'test_m.py::test_push',
      kind: 'test',
      exception: 'OverflowError',
      message: '',
      longrepr: '',
      frames: [
        { file: 'test_m.py', line: 5, function: 'test_push', inWorkspace: true, locals: { s: '<Stack>' } },
        { file: 'm.py', line: 21, function: 'push', inWorkspace: true, locals: { item: '4', self: '<Stack>' } },
      ],
    };

    it('appends the trace and splits one budget between trace and skeleton', async () => {
      const roomy = await buildModelInput({ source: stackSource, file: 'm.py', focal: pushFocal, failure, tokenBudget: 400 });
      assert.equal(
        roomy.trace,
        'OverflowError:\ntest_m.py:5 in test_push\n    locals: s=<Stack>\nm.py:21 in push\n' +
          '    raise OverflowError()\n    locals: item=4, self=<Stack>',
      );
      const input = await buildModelInput({ source: stackSource, file: 'm.py', focal: pushFocal, failure, tokenBudget: 120 });
      assert.match(input.trace, /^OverflowError:\n/);
      assert.equal(input.tokens, estimateTokens(input.skeleton + input.trace), 'skeleton and trace counted as the encoder reads them');
      assert.ok(input.tokens <= 120, `${input.tokens} tokens`);
      const withoutTrace = await buildModelInput({ source: stackSource, file: 'm.py', focal: pushFocal, tokenBudget: 120 });
      assert.ok(input.skeleton.length < withoutTrace.skeleton.length);
    });

    it('gives the trace only what the focal function and its headers leave, so the focal function always fits first', async () => {
      // Mandatory here: `class Stack:` and the focal block (6 non-blank lines), 7 in all.
      const alone = await buildModelInput({
        source: stackSource,
        file: 'm.py',
        focal: pushFocal,
        tokenBudget: 0,
        countTokens: nonBlankLines,
      });
      assert.equal(alone.tokens, 7);
      for (let budget = 7; budget <= 16; budget++) {
        const input = await buildModelInput({
          source: stackSource,
          file: 'm.py',
          focal: pushFocal,
          failure,
          tokenBudget: budget,
          countTokens: nonBlankLines,
        });
        assert.equal(extractFocal(input.skeleton), focalBlock.split('\n').slice(1, -2).join('\n') + '\n', `budget ${budget}`);
        assert.ok(input.tokens <= budget, `budget ${budget}: ${input.tokens} tokens`);
        assert.ok(
          nonBlankLines(input.trace) <= Math.min(Math.floor(budget * (896 / 1920)), budget - 7),
          `budget ${budget}: trace ${input.trace}`,
        );
      }
      // Where the focal function leaves nothing, there is no trace at all (not a cut-off one).
      const tight = await buildModelInput({
        source: stackSource,
        file: 'm.py',
        focal: pushFocal,
        failure,
        tokenBudget: 7,
        countTokens: nonBlankLines,
      });
      assert.equal(tight.trace, '');
    });

    it('estimates 3.3 characters per token, rounded up', () => {
      assert.equal(estimateTokens(''), 0);
      assert.equal(estimateTokens('x'.repeat(33)), 10);
      assert.equal(estimateTokens('x'.repeat(34)), 11);
    });
  });

  describe('formatTrace', () => {
    const failure: Failure = {
      nodeid: 'test_calc.py::test_f',
      kind: 'test',
      exception: 'ZeroDivisionError',
      message: 'division by zero',
      longrepr: '',
      // As the plugin reports them: each frame with its line's text.
      frames: [
        { file: 'test_calc.py', line: 3, function: 'test_f', inWorkspace: true, locals: {}, source: 'assert f(1) == 2' },
        { file: 'calc.py', line: 6, function: 'f', inWorkspace: true, locals: { x: '1' }, source: 'return g(x)' },
        { file: '/usr/lib/python3.11/fractions.py', line: 9, function: 'noise', inWorkspace: false },
        {
          file: 'calc.py',
          line: 3,
          function: 'g',
          inWorkspace: true,
          locals: { x: '1', y: '2'.repeat(200) },
          source: 'return 10 / (y - 2)',
        },
      ],
    };

    it('puts the error first, then workspace frames innermost last with source lines and bounded locals', () => {
      assert.equal(
        formatTrace(failure, 500),
        [
          'ZeroDivisionError: division by zero',
          'test_calc.py:3 in test_f',
          '    assert f(1) == 2',
          'calc.py:6 in f',
          '    return g(x)',
          '    locals: x=1',
          'calc.py:3 in g',
          '    return 10 / (y - 2)',
          `    locals: x=1, y=${'2'.repeat(57)}...`,
        ].join('\n'),
      );
    });

    it('sheds locals, then outer frames, then everything but the error as the budget shrinks', () => {
      const sizes = [500, 40, 25, 12].map((budget) => formatTrace(failure, budget));
      assert.match(sizes[1]!, /^ZeroDivisionError: division by zero\n/);
      assert.doesNotMatch(sizes[1]!, /locals: x=1\ncalc.py:3/);
      assert.match(sizes[2]!, /\(\d outer frames? omitted\)\ncalc.py:3 in g$/);
      assert.equal(sizes[3], 'ZeroDivisionError: division by zero');
      [500, 40, 25, 12, 5].forEach((budget) => assert.ok(estimateTokens(formatTrace(failure, budget)) <= budget));
      assert.equal(formatTrace(failure, 0), '');
    });
  });

  describe('extractFocal', () => {
    it('returns the marked lines, skipping a deeper "# end" comment, or null without markers', () => {
      const skeleton = `class A:\n    # target edit\n    def f(self):\n        # end\n        return 1\n    # end\n\n    def g(self):\n        ...\n`;
      assert.equal(extractFocal(skeleton), `    def f(self):\n        # end\n        return 1\n`);
      assert.equal(extractFocal('def f():\n    return 1\n'), null);
    });
  });
});
