import { isCanceled, throwIfAborted } from '../errors';
import { failingEvaluations, observationsOf, probeCandidate, synthesizedCandidate, type Schedule } from '../synth/probe';
import { conditionSites, type ConditionSite } from '../synth/sites';
import { synthesizeConditions } from '../synth/synthesize';
import { expectedFirst, OBSERVE, standingVariants, valueProbeCandidate, variantCandidate } from '../synth/value-probe';
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
// Once the conditions are spent, suspect values are probed the same way (synth/value-probe.ts:
// variants of the value that the failing tests call for and the passing tests allow). A site
// is probed when its candidates are needed, in the lane that asked; the other lanes go on with
// the template edits meanwhile (`preparing`).

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
/**
 * Synthesized candidates' score, as a modest template edit's: they fit every evaluation the
 * tests made by construction, so passing the tests says less of them than of a plain edit
 * (at 1, a disjunct that special-cases the tests' values outranked the one-character fix).
 */
const SYNTH_SCORE = 0.1;

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
  private values: Promise<ValueSite[]> | undefined;
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
        Promise.all((await this.synthesize(site)).map((condition) => synthesizedCandidate(site, condition, SYNTH_SCORE))),
      );
      stats.synthesized += conditions;
      if (this.ready.length > 0) return this.ready.shift()!;
      stats.synthesizedValues ??= 0;
      this.values ??= valueSites(this.input.suspects, this.input.readSource, MAX_VALUE_SITES);
      const values = await this.fill(await this.values, async (site) =>
        Promise.all((await this.variantsFor(site)).map((variant) => variantCandidate(site, variant, SYNTH_SCORE))),
      );
      stats.synthesizedValues += values;
    } catch (error) {
      if (!isCanceled(error)) throw error;
      (await this.sites)?.splice(0);
      (await this.values)?.splice(0);
    } finally {
      this.probing = false;
    }
    return this.ready.shift() ?? null;
  }

  /** Takes sites from the front of `sites` until one gives candidates; how many it gave. */
  private async fill<S>(sites: S[], candidates: (site: S) => Promise<(Candidate | null)[]>): Promise<number> {
    while (this.ready.length === 0 && sites.length > 0) {
      for (const candidate of await candidates(sites.shift()!)) if (candidate) this.ready.push(candidate);
    }
    return this.ready.length;
  }

  /** The site's variants that the failing tests' evaluations call for and no passing test's rules out (synth/value-probe.ts). */
  private async variantsFor(site: ValueSite): Promise<Variant[]> {
    const failing = new Set(this.input.pool.failing);
    const variants = variantsOf(site);
    const observed = await this.probe(await valueProbeCandidate(site, variants, OBSERVE));
    if (!observed) return [];
    const messages = observed.tests.filter((t) => failing.has(t.nodeid)).map((t) => t.message);
    const standing = expectedFirst(standingVariants(variants.length, observed.evaluations, [], failing), observed.evaluations, messages);
    if (standing.length === 0) return [];
    const schedule = { variant: standing[0]!, tests: [...failing] };
    const checked = await this.probe(await valueProbeCandidate(site, variants, schedule), failing.size);
    const kept = checked
      ? expectedFirst(standingVariants(variants.length, observed.evaluations, checked.evaluations, failing), observed.evaluations, messages)
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

  /** A probe run's evaluations and test results; with `mustFix`, only when that many failing tests passed. */
  private async probe(
    candidate: Candidate | null,
    mustFix = 0,
  ): Promise<{ evaluations: ProbeEvaluation[]; tests: WireTestResult[] } | null> {
    throwIfAborted(this.input.signal);
    if (!candidate) return null;
    this.input.stats.angelicRuns = (this.input.stats.angelicRuns ?? 0) + 1;
    const outcome = await this.input.pool.validate(candidate, this.input.signal);
    if (!outcome.probe || outcome.validation.failingFixed < mustFix) return null;
    return { evaluations: outcome.probe, tests: outcome.tests };
  }
}
