import { isCanceled, throwIfAborted } from '../errors';
import { failingEvaluations, observationsOf, probeCandidate, synthesizedCandidate, type Schedule } from '../synth/probe';
import { conditionSites, type ConditionSite } from '../synth/sites';
import {
  statementCandidate,
  statementProbeCandidate,
  tasksOf,
  watchCandidate,
  ownValue,
  watchedObservations,
  type StatementTask,
} from '../synth/statement-probe';
import { statementSites, type StatementSite } from '../synth/statement-sites';
import { synthesizeConditions, type Observation } from '../synth/synthesize';
import { expectedFirst, isExpected, OBSERVE, standingVariants, valueProbeCandidate, variantCandidate } from '../synth/value-probe';
import { valueSites, type ValueSite } from '../synth/value-sites';
import { variantsOf, type Variant } from '../synth/value-variants';
import type { Candidate, SearchStats, Suspect } from '../types';
import type { ValidatorPool } from '../validate';
import type { ProbeEvaluation, WireTestResult } from '../wire';
import type { CandidateStream } from './frontier';

// Conditions synthesized from angelic values: each suspect condition is probed (src/core/synth/
// probe.ts) under a few schedules of forced values, through the validator like any candidate
// (contained, cancellable), until one makes the failing tests pass; what the condition gave
// there, and what the passing tests saw it give, is the specification the synthesizer fits.
// Then suspect values (synth/value-probe.ts: variants of the value that the failing tests call
// for and the passing tests allow): every value site is watched once, and those where a variant
// gives what a failing assertion expected are worked now. Then statements (synth/statement-
// probe.ts): a guard around a statement, or `continue`, `break`, `return V` before one, each
// forced where a schedule says; the conditions that agree with a schedule that made the failing
// tests pass come now. Then the other value sites; then the statement conditions that only keep
// the passing tests' path (no schedule made the failing tests pass), and those that only change
// a failing test's path. A stage is probed when its candidates are needed, in the lane that
// asked; the other lanes go on with the template edits meanwhile (`preparing`).

/** Conditions probed per search. */
const MAX_SITES = 3;
/** Single evaluations flipped, the first ones of the failing tests. */
const MAX_SINGLE_FLIPS = 8;
/** Values probed per search, once the conditions are spent. */
const MAX_VALUE_SITES = 10;
/** Variants per value site, the likeliest first: those a failing assertion expected, then the smallest. */
const PER_VALUE_SITE = 24;
/** Synthesized conditions per site. */
const PER_SITE = 20;
/** Statements probed per search, and the conditions kept per edit there: from a schedule that fixed the tests, from the passing tests alone. */
const MAX_STATEMENT_SITES = 4;
const PER_STATEMENT = 10;
const PER_OPEN_STATEMENT = 8;
/** Single evaluations forced per statement edit: the first of each failing test, then the second of each... */
const STATEMENT_FLIPS = 3;
/**
 * Synthesized candidates' score, as a modest template edit's: they fit every evaluation the
 * tests made by construction, so passing the tests says less of them than of a plain edit
 * (at 1, a disjunct that special-cases the tests' values outranked the one-character fix).
 */
const SYNTH_SCORE = 0.1;
/** A synthesized candidate's score by its place in the synthesizer's order (smallest first), which the ranking keeps among equals. */
const synthScore = (place: number): number => SYNTH_SCORE * 0.99 ** place;

/** A value site after its watching probe: what the failing and passing tests made of each variant. */
interface ObservedSite {
  site: ValueSite;
  variants: Variant[];
  evaluations: ProbeEvaluation[];
  /** The failing tests' messages: what their assertions expected. */
  messages: string[];
  /** The variants still standing, those the assertions expected first. */
  standing: number[];
  /** Its first standing variant gives a value a failing assertion expected. */
  expected: boolean;
}

export interface AngelicInput {
  pool: ValidatorPool;
  suspects: readonly Suspect[];
  readSource: (file: string) => Promise<string | null>;
  /** Ends the probes: the search's end, a cancel. */
  signal: AbortSignal;
  stats: SearchStats;
}

export class AngelicSource implements CandidateStream {
  private sites: Promise<ConditionSite[]> | undefined;
  private values: Promise<ObservedSite[]> | undefined;
  private statements: Promise<StatementTask[]> | undefined;
  private readonly watched = new Map<StatementSite, Promise<ProbeEvaluation[] | null>>();
  /** Statement candidates that only the passing tests' path supports: after everything else. */
  private open: Promise<Candidate | null>[] = [];
  private readonly ready: Candidate[] = [];
  private probing = false;

  constructor(private readonly input: AngelicInput) {}

  /** Probing now: another caller should take its candidates elsewhere for the while. */
  get preparing(): boolean {
    return this.probing;
  }

  /** The next synthesized candidate; the sites are probed one at a time, as their candidates are needed: conditions, then values. */
  async next(): Promise<Candidate | null> {
    if (this.ready.length > 0) return this.ready.shift()!;
    const { stats } = this.input;
    this.probing = true;
    try {
      stats.angelicRuns ??= 0;
      stats.synthesized ??= 0;
      this.sites ??= conditionSites(this.input.suspects, this.input.readSource, MAX_SITES);
      const conditions = await this.fill(await this.sites, async (site) =>
        Promise.all((await this.synthesize(site)).map((condition, i) => synthesizedCandidate(site, condition, synthScore(i)))),
      );
      stats.synthesized += conditions;
      if (this.ready.length > 0) return this.ready.shift()!;
      // Values where a variant gives what a failing assertion expected: the probes' strongest
      // evidence, before statements (a watch and up to four schedules per statement edit).
      stats.synthesizedValues ??= 0;
      this.values ??= this.valueSitesByEvidence();
      stats.synthesizedValues += await this.fill(
        await this.values,
        (observed) => this.valueCandidates(observed),
        (observed) => observed.expected,
      );
      if (this.ready.length > 0) return this.ready.shift()!;
      this.statements ??= statementSites(this.input.suspects, this.input.readSource, MAX_STATEMENT_SITES).then((sites) =>
        sites.flatMap(tasksOf),
      );
      const statements = await this.fill(await this.statements, (task) => this.statementCandidates(task));
      stats.synthesizedStatements ??= { byProbe: 0, byPassingTests: 0 };
      stats.synthesizedStatements.byProbe += statements;
      if (this.ready.length > 0) return this.ready.shift()!;
      stats.synthesizedValues += await this.fill(await this.values, (observed) => this.valueCandidates(observed));
      if (this.ready.length === 0 && this.open.length > 0) {
        for (const candidate of await Promise.all(this.open.splice(0))) if (candidate) this.ready.push(candidate);
        stats.synthesizedStatements.byPassingTests += this.ready.length;
      }
    } catch (error) {
      if (!isCanceled(error)) throw error;
      // Nothing more to probe; a stage canceled midway left its promise rejected, never awaited again.
      this.sites = Promise.resolve([]);
      this.statements = Promise.resolve([]);
      this.values = Promise.resolve([]);
      this.open = [];
    } finally {
      this.probing = false;
    }
    return this.ready.shift() ?? null;
  }

  /** Takes sites from the front of `sites` (while `front` holds of the first) until one gives candidates; how many it gave. */
  private async fill<S>(
    sites: S[],
    candidates: (site: S) => Promise<(Candidate | null)[]>,
    front: (site: S) => boolean = () => true,
  ): Promise<number> {
    while (this.ready.length === 0 && sites.length > 0 && front(sites[0]!)) {
      for (const candidate of await candidates(sites.shift()!)) if (candidate) this.ready.push(candidate);
    }
    return this.ready.length;
  }

  /**
   * The value sites, those first where a variant gives the value a failing assertion expected
   * (one watching probe per site tells): the probes' evidence decides which sites get the budget
   * first; the rest keep their order (suspect, line score, kind).
   */
  private async valueSitesByEvidence(): Promise<ObservedSite[]> {
    const failing = new Set(this.input.pool.failing);
    const observed: ObservedSite[] = [];
    for (const site of await valueSites(this.input.suspects, this.input.readSource, MAX_VALUE_SITES)) {
      const variants = variantsOf(site);
      const watched = await this.probe(await valueProbeCandidate(site, variants, OBSERVE));
      if (!watched) continue;
      const messages = watched.tests.filter((t) => failing.has(t.nodeid)).map((t) => t.message);
      const standing = standingVariants(variants.length, watched.evaluations, [], failing);
      const ordered = expectedFirst(standing, watched.evaluations, messages);
      const expected = ordered.length > 0 && isExpected(ordered[0]!, watched.evaluations, messages);
      if (ordered.length > 0) observed.push({ site, variants, evaluations: watched.evaluations, messages, standing: ordered, expected });
    }
    this.input.stats.valueSitesExpected = observed.filter((o) => o.expected).length;
    return [...observed.filter((o) => o.expected), ...observed.filter((o) => !o.expected)];
  }

  private async valueCandidates(observed: ObservedSite): Promise<(Candidate | null)[]> {
    return Promise.all((await this.variantsFor(observed)).map((variant, i) => variantCandidate(observed.site, variant, synthScore(i))));
  }

  /** The site's variants that the failing tests' evaluations call for and no passing test's rules out (synth/value-probe.ts). */
  private async variantsFor({ site, variants, evaluations, messages, standing }: ObservedSite): Promise<Variant[]> {
    const failing = new Set(this.input.pool.failing);
    const schedule = { variant: standing[0]!, tests: [...failing] };
    const checked = await this.probe(await valueProbeCandidate(site, variants, schedule), failing.size);
    // The forced variant fixed every failing test: it is a candidate even where a passing test
    // sees another value (one it need not check); the validator runs those tests in full.
    const kept = checked
      ? [
          standing[0]!,
          ...expectedFirst(standingVariants(variants.length, evaluations, checked.evaluations, failing), evaluations, messages).filter(
            (i) => i !== standing[0],
          ),
        ]
      : standing.slice(1);
    return kept.slice(0, PER_VALUE_SITE).map((i) => variants[i]!);
  }

  /** Conditions for the site that agree with a schedule that made the failing tests pass; none when no schedule did. */
  private async synthesize(site: ConditionSite): Promise<string[]> {
    const failing = new Set(this.input.pool.failing);
    const observed = await this.probe(await probeCandidate(site, []));
    const numbers = observed ? failingEvaluations(observed.evaluations, failing) : [];
    if (numbers.length === 0) return [];
    const schedules: Schedule[] = [true, false, ...numbers.slice(0, MAX_SINGLE_FLIPS).map((n) => [n])];
    for (const schedule of schedules) {
      const probed = await this.probe(await probeCandidate(site, schedule), failing.size);
      if (!probed) continue;
      const found = synthesizeConditions({
        condition: site.text,
        conditionNames: site.names,
        observations: observationsOf(probed.evaluations, failing),
        constants: site.constants,
        limit: PER_SITE,
      });
      if (found.length > 0) return found;
    }
    return [];
  }

  /**
   * Candidates for a statement task whose condition agrees with a schedule that made failing
   * tests pass (the new path forced everywhere, or at one evaluation: the first of each failing
   * test in turn); when none did, those that keep every passing test's path and change a failing
   * one's go to `open`, then those that only change a failing one's.
   */
  private async statementCandidates(task: StatementTask): Promise<(Candidate | null)[]> {
    const failing = new Set(this.input.pool.failing);
    if (!this.watched.has(task.site)) this.watched.set(task.site, this.watch(task.site));
    const watched = await this.watched.get(task.site)!;
    if (!watched) return [];
    const flips = firstOfEach(watched, failing, STATEMENT_FLIPS);
    if (flips.length === 0) return [];
    const synthesize = (observations: Observation[], limit: number): string[] =>
      synthesizeConditions({ condition: null, conditionNames: task.site.names, observations, constants: task.site.constants, limit });
    for (const schedule of [!ownValue(task.edit), ...flips.map((n) => [n])]) {
      const probed = await this.probe(await statementProbeCandidate(task, schedule), 1);
      if (!probed) continue;
      const fixed = new Set(probed.tests.filter((t) => failing.has(t.nodeid) && t.outcome === 'passed').map((t) => t.nodeid));
      // The failing tests it did not fix: free, on their own path (the forced run left it).
      const open = new Set([...failing].filter((test) => !fixed.has(test)));
      const observations = [
        ...observationsOf(probed.evaluations, failing, fixed),
        ...watchedObservations(watched, failing, open, task.edit).filter((o) => o.wanted === null),
      ];
      const found = synthesize(observations, PER_STATEMENT);
      if (found.length > 0) return Promise.all(found.map((condition, i) => statementCandidate(task, condition, synthScore(i))));
    }
    const observed = watchedObservations(watched, failing, failing, task.edit);
    const open = synthesize(observed, PER_OPEN_STATEMENT);
    // Then conditions that change a failing test's path and leave the passing tests' to the
    // validator: a passing test may pass on either path (a blank line after the headers that its
    // assertion does not look past), and keeping all of theirs asks for needless conjuncts.
    const failingOnly = observed.filter((o) => o.wanted === null);
    const loose = synthesize(failingOnly, PER_OPEN_STATEMENT + open.length).filter((condition) => !open.includes(condition));
    this.open.push(
      ...[...open, ...loose.slice(0, PER_OPEN_STATEMENT)].map((condition, i) => statementCandidate(task, condition, synthScore(i))),
    );
    return [];
  }

  /** The evaluations of the watching probe at a statement site: the locals before it, the code unchanged. */
  private async watch(site: StatementSite): Promise<ProbeEvaluation[] | null> {
    return (await this.probe(await watchCandidate(site), 0, true))?.evaluations ?? null;
  }

  /**
   * A probe run's evaluations and test results; with `mustFix`, only when that many failing
   * tests passed; with `everyTest`, the passing tests' evaluations too whatever the failing did.
   */
  private async probe(
    candidate: Candidate | null,
    mustFix = 0,
    everyTest = false,
  ): Promise<{ evaluations: ProbeEvaluation[]; tests: WireTestResult[] } | null> {
    throwIfAborted(this.input.signal);
    if (!candidate) return null;
    this.input.stats.angelicRuns = (this.input.stats.angelicRuns ?? 0) + 1;
    const outcome = await this.input.pool.validate(candidate, this.input.signal, everyTest);
    if (!outcome.probe || outcome.validation.failingFixed < mustFix) return null;
    return { evaluations: outcome.probe, tests: outcome.tests };
  }
}

/** Up to `max` evaluation numbers of the failing tests, taken in turn from each: the first of each test, then the second... */
function firstOfEach(evaluations: readonly ProbeEvaluation[], failing: ReadonlySet<string>, max: number): number[] {
  const byTest = new Map<string, number[]>();
  for (const e of evaluations) if (failing.has(e.test)) byTest.set(e.test, [...(byTest.get(e.test) ?? []), e.n]);
  const numbers: number[] = [];
  for (let k = 0; numbers.length < max && [...byTest.values()].some((ns) => ns.length > k); k++)
    for (const ns of byTest.values()) if (ns.length > k && numbers.length < max) numbers.push(ns[k]!);
  return numbers;
}
