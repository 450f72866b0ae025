import * as assert from 'node:assert/strict';
import { shapeObjections } from '../../src/core/review/patch-shape';
import { edited } from '../helpers/edited';

// Shapes that pass a thin suite for the wrong reason, each judged against the function before
// the patch: only what the patch introduced counts. Each rule has cases it must flag and near
// misses it must not.

/** The objections' words (which rule says each is patch-shape.test.ts's). */
async function shapeTexts(before: string, after: string): Promise<string[]> {
  return (await shapeObjections(before, after)).map((objection) => objection.text);
}

async function assertNotes(before: string, edits: [string, string][], expected: string[]): Promise<void> {
  assert.deepEqual(await shapeTexts(before, edited(before, ...edits)), expected);
}

describe('patch shapes that pass for the wrong reason', () => {
  describe('a loop variable read after its loop', () => {
    const LARGEST = `def largest(values):
    best = values[0]
    for value in values:
        if value < best:
            best = value
    return best
`;
    const FIND = `def find(items, target):
    found = -1
    for i, item in enumerate(items):
        if item == target:
            found = i
    return found
`;
    const ROW_MAXIMA = `def row_maxima(grid):
    maxima = {}
    for r, row in enumerate(grid):
        top = row[0]
        for value in row:
            top = max(top, value)
        maxima[r] = top
    return maxima
`;
    const LAST = `def last_index(n):
    for i in range(n):
        pass
    return i
`;

    it('flags a read the patch introduced after the loop', async () => {
      await assertNotes(LARGEST, [['return best', 'return value']], ['reads the loop variable `value` after its loop']);
      await assertNotes(FIND, [['return found', 'return i']], ['reads the loop variable `i` after its loop']);
      // An inner loop's variable read after the inner loop, still inside the outer one.
      await assertNotes(ROW_MAXIMA, [['maxima[r] = top', 'maxima[r] = value']], ['reads the loop variable `value` after its loop']);
    });

    it('does not flag a read inside the loop, one the function already had, or a name bound again', async () => {
      await assertNotes(LARGEST, [['value < best', 'value > best']], []);
      await assertNotes(LARGEST, [['        if value < best:\n', '        if value > best and value > 0:\n']], []);
      // The read after the loop was there before the patch (the loop always runs in its callers).
      await assertNotes(LAST, [['range(n)', 'range(n + 1)']], []);
      // A second loop binds the name again: reading it there is reading that loop's variable.
      await assertNotes(LARGEST, [['    return best\n', '    for value in values:\n        best += value\n    return best\n']], []);
      // Assigned again after the loop: no longer the loop's value.
      await assertNotes(LARGEST, [['    return best\n', '    value = best\n    return value\n']], []);
    });
  });

  describe('a recursive call whose argument no longer depends on the recursion', () => {
    const FACTORIAL = `def factorial(n):
    if n <= START:
        return START
    return n * factorial(n - 1)
`;
    const FIB = `def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
`;
    const POWER = `def power(base, exp):
    if exp == 0:
        return 1
    return base * power(base, exp + 1)
`;
    const WALK = `    def walk(self, node, depth):
        if node is None:
            return depth
        return max(self.walk(node.left, depth + 1), self.walk(node.right, depth + 1))
`;
    const SEARCH = `def search(xs, target, lo, hi):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if xs[mid] < target:
        return search(xs, target, lo=mid + 1, hi=hi)
    return mid
`;
    const GCD = `def gcd(a, b):
    if b == 0:
        return a
    return gcd(a, a % b)
`;

    it('flags an argument that became a constant, a global or an attribute of the receiver', async () => {
      const note = (name: string) => `the recursive call's argument \`${name}\` no longer depends on the recursion's variables`;
      await assertNotes(FACTORIAL, [['factorial(n - 1)', 'factorial(START)']], [note('n')]);
      await assertNotes(FIB, [['fib(n - 2)', 'fib(0)']], [note('n')]);
      await assertNotes(POWER, [['power(base, exp + 1)', 'power(base, LIMIT)']], [note('exp')]);
      await assertNotes(WALK, [['self.walk(node.right, depth + 1)', 'self.walk(node.right, 1)']], [note('depth')]);
      await assertNotes(WALK, [['self.walk(node.left, depth + 1)', 'self.walk(self.root, depth + 1)']], [note('node')]);
      await assertNotes(SEARCH, [['lo=mid + 1', 'lo=0']], [note('lo')]);
    });

    it('flags a parameter that never changes passed where a changing one belongs (a search handed its own goal)', async () => {
      const REACHES = `def reaches(graph, node, goal, seen):
    if node == goal:
        return True
    seen.add(node)
    return any(reaches(graph, nxt, goal, seen) for nxt in graph[node] if nxt not in seen)
`;
      const note = (name: string) => `the recursive call's argument \`${name}\` no longer depends on the recursion's variables`;
      await assertNotes(REACHES, [['reaches(graph, nxt, goal, seen)', 'reaches(graph, goal, goal, seen)']], [note('node')]);
      await assertNotes(POWER, [['power(base, exp + 1)', 'power(base, base)']], [note('exp')]);
      // Passing the changing parameter itself on, or another changing one, is the recursion's own.
      await assertNotes(GCD, [['gcd(a, a % b)', 'gcd(b, a)']], []);
    });

    it('does not flag an unchanged parameter passed beside a changing one, or a constant the function already passed', async () => {
      await assertNotes(POWER, [['exp + 1', 'exp - 1']], []);
      await assertNotes(GCD, [['gcd(a, a % b)', 'gcd(b, a % b)']], []);
      // A local the function computed is the recursion's own.
      await assertNotes(FACTORIAL, [['    return n * factorial(n - 1)\n', '    rest = n - 1\n    return n * factorial(rest)\n']], []);
      const flagged = edited(FIB, ['fib(n - 2)', 'fib(0)']);
      assert.deepEqual(await shapeTexts(flagged, edited(flagged, ['fib(n - 1)', 'fib(n - 2)'])), []);
      // A call to another function with a constant is no recursion.
      const helper = 'def total(xs):\n    return helper(xs, len(xs))\n';
      await assertNotes(helper, [['len(xs))', '0)']], []);
    });
  });

  describe('two edits that cancel each other on the tests', () => {
    const REVERSE_NOTE = 'reverses the iteration and flips the comparison: the two edits cancel on the tests';
    const SWAP_NOTE = 'negates the condition and swaps the branches: the two edits cancel on the tests';
    const FIRST_OVER = `def first_over(readings, limit):
    for i in range(len(readings)):
        if readings[i] > limit:
            return i
    return -1
`;
    const LAST_MAX = `def last_max(xs):
    best = 0
    for i in range(len(xs)):
        if xs[i] > xs[best]:
            best = i
    return best
`;
    const SIGN = `def sign_label(x):
    if x < 0:
        return "negative"
    else:
        return "non-negative"
`;
    // The two returns trade places (through a placeholder, as each text must occur once).
    const SWAP_BRANCHES: [string, string][] = [
      ['return "negative"', 'return "NEG"'],
      ['return "non-negative"', 'return "negative"'],
      ['return "NEG"', 'return "non-negative"'],
    ];
    const CLAMP_LOW = 'def clamp_low(x, low):\n    return low if x < low else x\n';
    const REVERSED: [string, string] = ['range(len(readings))', 'reversed(range(len(readings)))'];

    it('flags a reversed iteration with a flipped comparison in its loop', async () => {
      await assertNotes(FIRST_OVER, [REVERSED, ['readings[i] > limit', 'readings[i] < limit']], [REVERSE_NOTE]);
      await assertNotes(
        LAST_MAX,
        [
          ['range(len(xs))', 'range(len(xs) - 1, -1, -1)'],
          ['xs[i] > xs[best]', 'xs[i] >= xs[best]'],
        ],
        [REVERSE_NOTE],
      );
      await assertNotes(
        FIRST_OVER,
        [
          ['range(len(readings))', 'range(len(readings))[::-1]'],
          ['readings[i] > limit', 'limit > readings[i]'],
        ],
        [REVERSE_NOTE],
      );
      // Undoing a reversal counts the same.
      const reversed = edited(FIRST_OVER, REVERSED);
      await assertNotes(
        reversed,
        [
          [REVERSED[1], REVERSED[0]],
          ['readings[i] > limit', 'readings[i] <= limit'],
        ],
        [REVERSE_NOTE],
      );
    });

    it('flags a negated or flipped condition with its branches swapped', async () => {
      for (const condition of ['x > 0', 'not x < 0', 'x >= 0'])
        await assertNotes(SIGN, [['x < 0', condition], ...SWAP_BRANCHES], [SWAP_NOTE]);
      await assertNotes(CLAMP_LOW, [['low if x < low else x', 'x if x > low else low']], [SWAP_NOTE]);
    });

    it('does not flag a reversal alone, a flipped comparison alone, or branches swapped alone', async () => {
      await assertNotes(FIRST_OVER, [REVERSED], []);
      await assertNotes(FIRST_OVER, [['readings[i] > limit', 'readings[i] >= limit']], []);
      await assertNotes(
        LAST_MAX,
        [
          ['range(len(xs))', 'range(len(xs) - 1, -1, -1)'],
          ['xs[i] > xs[best]', 'xs[i] > xs[0]'],
        ],
        [],
      );
      // The comparison flipped is outside the reversed loop.
      const after = FIRST_OVER.replace('    return -1\n', '    return -1 if limit > 0 else 0\n');
      await assertNotes(after, [REVERSED, ['limit > 0', 'limit < 0']], []);
      await assertNotes(SIGN, [['x < 0', 'x <= 0']], []);
      await assertNotes(SIGN, SWAP_BRANCHES, []);
      await assertNotes(CLAMP_LOW, [['low if x < low else x', 'x if x < low else low']], []);
    });
  });

  describe('a loop bound whose cost class grows', () => {
    const note = (from: string, to: string) => `raises the loop bound from ${from} to \`${to}\` (cost grows)`;
    const PRIME = `def is_prime(n):
    if n < 2:
        return False
    for d in range(2, int(n ** 0.5) + 1):
        if n % d == 0:
            return False
    return True
`;
    const PRIME_ISQRT = PRIME.replace('int(n ** 0.5) + 1', 'math.isqrt(n) + 1');
    const PRIME_LIMIT = PRIME.replace(
      '    for d in range(2, int(n ** 0.5) + 1):\n',
      '    limit = math.isqrt(n)\n    for d in range(2, limit + 1):\n',
    );
    const PRIME_WHILE = `def is_prime(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True
`;
    const BITS = `def bits(n):
    out = []
    for k in range(math.ceil(math.log2(n)) + 1):
        out.append((n >> k) & 1)
    return out
`;
    const PALINDROME = `def is_palindrome(s):
    for i in range(len(s) // 2):
        if s[i] != s[-1 - i]:
            return False
    return True
`;
    const LINEAR = `def divisors(n):
    found = []
    for d in range(2, n):
        if n % d == 0:
            found.append(d)
    return found
`;

    it('flags a bound raised from a root, a logarithm or a half to the value itself', async () => {
      await assertNotes(PRIME, [['int(n ** 0.5) + 1', 'n']], [note('a square root', 'n')]);
      await assertNotes(PRIME_ISQRT, [['math.isqrt(n) + 1', 'n + 1']], [note('a square root', 'n + 1')]);
      await assertNotes(PRIME_LIMIT, [['range(2, limit + 1)', 'range(2, n)']], [note('a square root', 'n')]);
      await assertNotes(PRIME_WHILE, [['d * d <= n', 'd <= n']], [note('a square root', 'n')]);
      await assertNotes(BITS, [['math.ceil(math.log2(n)) + 1', 'n']], [note('a logarithm', 'n')]);
      await assertNotes(PALINDROME, [['len(s) // 2', 'len(s)']], [note('a half', 'len(s)')]);
    });

    it('does not flag a bound that was already linear, stays sublinear, was a constant, or is not a loop bound', async () => {
      await assertNotes(LINEAR, [['range(2, n)', 'range(2, n + 1)']], []);
      await assertNotes(PRIME, [['int(n ** 0.5) + 1', 'int(n ** 0.5) + 2']], []);
      await assertNotes(PRIME_WHILE, [['d * d <= n', 'd * d < n']], []);
      await assertNotes(LINEAR, [['range(2, n)', 'range(2, 10)']], []);
      await assertNotes(LINEAR.replace('range(2, n)', 'range(2, 10)'), [['range(2, 10)', 'range(2, n)']], []);
      const middle = 'def middle(xs):\n    half = len(xs) // 2\n    return xs[half]\n';
      await assertNotes(middle, [['len(xs) // 2', 'len(xs)']], []);
    });
  });

  describe('a predicate that now returns something other than a truth value', () => {
    const ALLOWED = `def may_transfer(source, target, amount):
    return amount > 0 and source["balance"] >= amount
`;
    const ON = `def is_on(value):
    text = value.strip().lower()
    if not text:
        return False
    return text == "yes" or text == "on"
`;
    const LOOKUP = `def lookup(table, key):
    if key in table:
        return table[key]
    return None
`;

    it('flags a new return of None or of an input where every return was a truth value', async () => {
      await assertNotes(
        ALLOWED,
        [['    return amount', '    if target is source:\n        return None\n    return amount']],
        ['returns `None` where the function returns truth values'],
      );
      await assertNotes(
        ON,
        [['    text = value', '    if value.isdigit():\n        return value\n    text = value']],
        ['returns `value` where the function returns truth values'],
      );
    });

    it('does not flag a new truth value, a function that returned other values, or a return the function had', async () => {
      await assertNotes(ALLOWED, [['    return amount', '    if target is source:\n        return False\n    return amount']], []);
      await assertNotes(ON, [['    text = value', '    if value.isdigit():\n        return not False\n    text = value']], []);
      await assertNotes(ON, [['text == "yes" or', 'text in ("yes", "1") or']], []);
      await assertNotes(LOOKUP, [['    return None', '    if not table:\n        return key\n    return None']], []);
    });
  });
});
