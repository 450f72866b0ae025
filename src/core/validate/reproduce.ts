import type { OrderDependence, TestResult, WorldDifference, WorldFidelity } from '../types';
import type { WireTestResult } from '../wire';

// Reproduce first: before any candidate counts, the unpatched code runs in the validator's
// world, in the order of the user's run, and must behave as it did for the user. A failing test
// must fail with the same exception at the same frame of the user's code; a passing test must
// pass. A test that behaves otherwise depends on something outside the workspace (a file under
// the home folder, a service, a variable of the shell): a patch that "fixes" it there fixes a
// failure the user never had, so it is required of no patch, and named. A failing test that
// fails in order but passes alone is order-dependent (another test pollutes it), not flaky.
// This module decides from plain results; the pool (index.ts) runs the checks.

/** How one test ended, comparable across the user's run and the world's. */
interface Behaviour {
  passed: boolean;
  /**
   * A failure's exception class and "function (file)" of its innermost frame in the user's code,
   * where known: the function, not the line, since where a RecursionError strikes depends on the
   * stack's depth, which differs between the two runs (for a RecursionError only the file: a
   * recursion through a function and its generator expression runs out in either).
   */
  exception?: string;
  where?: string;
}

const NOT_BROKEN: ReadonlySet<string> = new Set(['passed', 'xpassed', 'skipped', 'xfailed']);

function userBehaviour(test: TestResult): Behaviour {
  if (NOT_BROKEN.has(test.outcome)) return { passed: true };
  // A test that hung or killed the interpreter has no exception to compare: failing is enough.
  if (test.outcome === 'timeout' || test.outcome === 'crashed') return { passed: false };
  const frame = test.frames.filter((f) => f.inWorkspace).at(-1);
  return {
    passed: false,
    ...(test.exception ? { exception: test.exception } : {}),
    ...(frame ? { where: `${frame.function} (${frame.file})` } : {}),
  };
}

function worldBehaviour(result: WireTestResult): Behaviour {
  if (NOT_BROKEN.has(result.outcome)) return { passed: true };
  return { passed: false, ...(result.exception ? { exception: result.exception } : {}), ...(result.where ? { where: result.where } : {}) };
}

/** Same outcome; for failures, the same exception and frame wherever both runs know them. */
function same(user: Behaviour, world: Behaviour): boolean {
  if (user.passed || world.passed) return user.passed === world.passed;
  const known = (a?: string, b?: string) => a === undefined || b === undefined || a === b;
  const deep = user.exception === 'RecursionError' && world.exception === 'RecursionError';
  const site = (where?: string) => (deep ? where?.replace(/^.* \(/, '(') : where);
  return known(user.exception, world.exception) && known(site(user.where), site(world.where));
}

function describe(behaviour: Behaviour): string {
  if (behaviour.passed) return 'passes';
  const where = behaviour.where ? ` in ${behaviour.where}` : '';
  return behaviour.exception ? `fails with ${behaviour.exception}${where}` : `fails${where}`;
}

/** Whether `result` (the world's) shows the failure the user saw in `user`. */
export function reproducesFailure(user: TestResult, result: WireTestResult | undefined): boolean {
  return result !== undefined && !worldBehaviour(result).passed && same(userBehaviour(user), worldBehaviour(result));
}

export interface ReproduceInput {
  /** The user's run: every test's result, in the order it ran. */
  run: readonly TestResult[];
  /** The failing tests patches would be asked to fix. */
  failing: readonly string[];
  /** The world's results of the whole run in its order; null when that run did not finish. */
  inOrder: readonly WireTestResult[] | null;
  /** The world's results of the failing tests run alone (as candidates run them). */
  alone: readonly WireTestResult[];
}

export interface ReproduceVerdict {
  /** Failing tests reproduced alone: what candidates must fix, as today. */
  reproduced: string[];
  /** Failing tests reproduced in order only: their polluters are looked for next. */
  inOrderOnly: string[];
  /** Failing tests that passed in the world in order and alone: flaky, not repaired. */
  flaky: string[];
  /** Tests (failing or passing in the user's run) that behave otherwise in the world. */
  differs: WorldDifference[];
}

export function judgeReproduction({ run, failing, inOrder, alone }: ReproduceInput): ReproduceVerdict {
  const user = new Map(run.map((test) => [test.nodeid, test]));
  const ordered = new Map((inOrder ?? []).map((result) => [result.nodeid, result]));
  const single = new Map(alone.map((result) => [result.nodeid, result]));
  const verdict: ReproduceVerdict = { reproduced: [], inOrderOnly: [], flaky: [], differs: [] };
  const differs = (nodeid: string, userTest: TestResult, world: WireTestResult) =>
    verdict.differs.push({ nodeid, yourRun: describe(userBehaviour(userTest)), validator: describe(worldBehaviour(world)) });
  for (const nodeid of failing) {
    const userTest = user.get(nodeid);
    const a = ordered.get(nodeid);
    const b = single.get(nodeid);
    if (!userTest || (!a && !b)) {
      // Nothing to compare with: required as before.
      verdict.reproduced.push(nodeid);
      continue;
    }
    const failsInOrder = a !== undefined && !worldBehaviour(a).passed;
    const failsAlone = b !== undefined && !worldBehaviour(b).passed;
    // The failure as the user's order shows it where that run finished, else alone.
    const seen = failsInOrder ? a : failsAlone ? b : undefined;
    if (!seen) verdict.flaky.push(nodeid);
    else if (!same(userBehaviour(userTest), worldBehaviour(seen))) differs(nodeid, userTest, seen);
    else if (failsAlone || b === undefined) verdict.reproduced.push(nodeid);
    else verdict.inOrderOnly.push(nodeid);
  }
  const failingSet = new Set(failing);
  for (const result of inOrder ?? []) {
    const userTest = user.get(result.nodeid);
    if (!userTest || failingSet.has(result.nodeid) || !userBehaviour(userTest).passed) continue;
    if (!worldBehaviour(result).passed) differs(result.nodeid, userTest, result);
  }
  return verdict;
}

/** One line per difference, for the CLI, the report's warnings and the panel. */
export function differenceText(difference: WorldDifference): string {
  return (
    `${difference.nodeid} ${difference.validator} in the validator, ${difference.yourRun.replace(/^fails /, '')} in your run: ` +
    'it depends on something outside the workspace, and no patch is validated on it'
  );
}

export function orderText(order: OrderDependence): string {
  const polluters = order.after.join(', ');
  return `${order.nodeid} fails only after ${polluters} (test pollution: it passes alone); candidates run ${order.after.length === 1 ? 'that test' : 'those tests'} first`;
}

/** What the world's fidelity leaves the user to know, one line each (the report's warnings: the CLI and the panel show them). */
export function worldWarnings(world: WorldFidelity): string[] {
  const withheld = world.environment.withheld;
  return [
    ...world.differs.map(differenceText),
    ...world.orderDependent.map(orderText),
    ...(withheld.length > 0
      ? [`not passed to candidates because they look like secrets: ${withheld.join(', ')} (read by your tests)`]
      : []),
  ];
}

/**
 * The next halving step of the search for the tests that pollute a failing one: the half of
 * `suspects` to try, then the other; null once one test is left. Plain data so the pool's loop
 * stays a loop.
 */
export function halves(suspects: readonly string[]): [string[], string[]] | null {
  if (suspects.length <= 1) return null;
  const middle = Math.ceil(suspects.length / 2);
  return [suspects.slice(0, middle), suspects.slice(middle)];
}
