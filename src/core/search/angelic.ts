import { isCanceled, throwIfAborted } from '../errors';
import { failingEvaluations, observationsOf, probeCandidate, synthesizedCandidate, type Schedule } from '../synth/probe';
import { conditionSites, type ConditionSite } from '../synth/sites';
import { synthesizeConditions } from '../synth/synthesize';
import type { Candidate, SearchStats, Suspect } from '../types';
import type { ValidatorPool } from '../validate';
import type { ProbeEvaluation } from '../wire';
import type { CandidateSource } from './frontier';

// Conditions synthesized from angelic values: each suspect condition is probed (src/core/synth/
// probe.ts) under a few schedules of forced values, through the validator like any candidate
// (contained, cancellable), until one makes the failing tests pass; what the condition gave
// there, and what the passing tests saw it give, is the specification the synthesizer fits.
// A site is probed when its candidates are needed, in the lane that asked; the other lanes go
// on with the template edits meanwhile (`preparing`).

/** Conditions probed per search. */
const MAX_SITES = 3;
/** Single evaluations flipped, the first ones of the failing tests. */
const MAX_SINGLE_FLIPS = 8;
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

export class AngelicSource implements CandidateSource {
  private sites: Promise<ConditionSite[]> | undefined;
  private readonly ready: Candidate[] = [];
  private probing = false;

  constructor(private readonly input: AngelicInput) {}

  /** Probing now: another caller should take its candidates elsewhere for the while. */
  get preparing(): boolean {
    return this.probing;
  }

  /** The next synthesized candidate; the sites are probed one at a time, as their candidates are needed. */
  async next(): Promise<Candidate | null> {
    if (this.ready.length > 0) return this.ready.shift()!;
    const { stats } = this.input;
    this.probing = true;
    try {
      stats.angelicRuns ??= 0;
      stats.synthesized ??= 0;
      this.sites ??= conditionSites(this.input.suspects, this.input.readSource, MAX_SITES);
      const sites = await this.sites;
      while (this.ready.length === 0 && sites.length > 0) {
        const site = sites.shift()!;
        for (const condition of await this.synthesize(site)) {
          const candidate = await synthesizedCandidate(site, condition, SYNTH_SCORE);
          if (candidate) this.ready.push(candidate);
        }
        stats.synthesized += this.ready.length;
      }
    } catch (error) {
      if (!isCanceled(error)) throw error;
      (await this.sites)?.splice(0);
    } finally {
      this.probing = false;
    }
    return this.ready.shift() ?? null;
  }

  /** Conditions for the site that agree with a schedule that made the failing tests pass; none when no schedule did. */
  private async synthesize(site: ConditionSite): Promise<string[]> {
    const failing = new Set(this.input.pool.failing);
    const observed = await this.probe(site, []);
    const numbers = observed ? failingEvaluations(observed, failing) : [];
    if (numbers.length === 0) return [];
    const schedules: Schedule[] = [true, false, ...numbers.slice(0, MAX_SINGLE_FLIPS).map((n) => [n])];
    for (const schedule of schedules) {
      const evaluations = await this.probe(site, schedule, failing.size);
      if (!evaluations) continue;
      const found = synthesizeConditions({
        condition: site.text,
        conditionNames: site.names,
        observations: observationsOf(evaluations, failing),
        constants: site.constants,
        limit: PER_SITE,
      });
      if (found.length > 0) return found;
    }
    return [];
  }

  /** The evaluations of a probe run; with `mustFix`, only when that many failing tests passed. */
  private async probe(site: ConditionSite, schedule: Schedule, mustFix = 0): Promise<ProbeEvaluation[] | null> {
    throwIfAborted(this.input.signal);
    const candidate = await probeCandidate(site, schedule);
    if (!candidate) return null;
    this.input.stats.angelicRuns = (this.input.stats.angelicRuns ?? 0) + 1;
    const outcome = await this.input.pool.validate(candidate, this.input.signal);
    if (!outcome.probe || outcome.validation.failingFixed < mustFix) return null;
    return outcome.probe;
  }
}
