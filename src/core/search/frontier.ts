import { candidateKey } from '../generate/candidate';
import type { Candidate } from '../types';

// The order in which the search validates candidates, across its sources, produced lazily:
// - the single edits, best first (a stream that makes each candidate only when it is taken);
// - model samples, which arrive while validation runs: one after every few single edits, the
//   best waiting sample first (the shipped model's measured exact-fix rate is still far below
//   the templates', so it gets a fifth of the slots: enough to land a fix the templates cannot
//   express, too few to delay theirs much);
// - rounds on a partial fix (a candidate that fixed some failing tests and broke none): its
//   edits alternate with the singles as soon as it exists, since it is the best evidence the
//   search has;
// - a late source (conditions synthesized from angelic probes, search/angelic.ts) once this many
//   candidates were taken or the singles are spent: its candidates go before the remaining
//   singles; while it prepares them in one lane, the others pass it by;
// - the user's model server's answers (src/core/server/), first as soon as each arrives: few,
//   and each a whole function a large model wrote for the failure;
// - the two-edit round, once the singles, the model and the server are spent;
// - first of all, an edit that validated on top of a partial fix, alone (generate/edit-alone.ts):
//   one candidate, and the answer to whether the partial fix is a needless part of a shown patch.
// A candidate equal to one taken before (same file, range and normalized code) is skipped.

/** Where candidates come from: the next one, best first; null when there are no more. */
export interface CandidateStream {
  next(): Promise<Candidate | null>;
}

export type Round = 'single' | 'model' | 'partial' | 'pair' | 'server';

/** A source that makes its candidates in the first caller's lane, slowly: other callers pass it by meanwhile. */
export interface LateSource extends CandidateStream {
  readonly preparing: boolean;
}

export interface Taken {
  candidate: Candidate;
  round: Round;
  /** Its place among the unique candidates handed out (1: the first). */
  rank?: number;
}

/** Single edits per model sample while both have candidates. */
const SINGLES_PER_MODEL_SAMPLE = 4;

export class Frontier {
  private readonly samples: Candidate[] = [];
  private readonly answers: Candidate[] = [];
  private readonly alone: Candidate[] = [];
  private serverDone = true;
  private readonly partials: CandidateStream[] = [];
  private singles: CandidateStream | null;
  private pairs: CandidateStream | null = null;
  private late: LateSource | null;
  private readonly lateAfter: number;
  private modelDone = false;
  /** Woken when a sample or an answer arrives, or the model or the server finishes. */
  private waiters: Array<() => void> = [];
  private readonly seen = new Set<string>();
  private taken = 0;

  /** Asks for the model (the search loads it only when asked): called before the frontier waits on it. */
  private readonly wantModel: () => void;

  /**
   * `makePairs` builds the two-edit round when the singles run out; `model.done` resolves when
   * the model has no more samples to add (absent: no model), and `model.want` asks for it when
   * nothing else is left to hand out; `late` joins after `after` candidates; `server.done`
   * resolves when the model server has no more answers to add (absent: none), and `skipped`
   * hears of an answer not handed out because the same edit was.
   */
  constructor(
    singles: CandidateStream,
    private readonly makePairs: () => CandidateStream,
    model?: { done: Promise<unknown>; want: () => void },
    late?: { source: LateSource; after: number },
    private readonly server?: { done: Promise<unknown>; skipped: (candidate: Candidate) => void },
  ) {
    this.singles = singles;
    this.late = late?.source ?? null;
    this.lateAfter = late?.after ?? 0;
    this.wantModel = model?.want ?? (() => undefined);
    if (model) void model.done.finally(() => this.finishModel());
    else this.modelDone = true;
    if (server) {
      this.serverDone = false;
      void server.done.finally(() => {
        this.serverDone = true;
        this.wakeWaiters();
      });
    }
  }

  /** Unique candidates handed out so far. */
  get count(): number {
    return this.taken;
  }

  /** Model samples, best first within the batch; they join the ones still waiting. */
  addSamples(samples: readonly Candidate[]): void {
    this.samples.push(...samples);
    this.samples.sort((a, b) => b.score - a.score);
    this.wakeWaiters();
  }

  /** An answer of the model server: handed out next. */
  addAnswer(candidate: Candidate): void {
    this.answers.push(candidate);
    this.wakeWaiters();
  }

  /** An edit that validated on top of a partial fix, alone: handed out next. */
  addAlone(candidate: Candidate): void {
    this.alone.push(candidate);
  }

  /** A round of edits on top of a partial fix. */
  addPartial(source: CandidateStream): void {
    this.partials.push(source);
  }

  /** The next candidate to validate and the round it comes from; null when every source is spent. */
  async next(): Promise<Taken | null> {
    for (;;) {
      const taken = await this.pick();
      if (!taken) return null;
      const key = candidateKey(taken.candidate);
      if (this.seen.has(key)) {
        if (taken.round === 'server') this.server?.skipped(taken.candidate);
        continue;
      }
      this.seen.add(key);
      this.taken++;
      return { ...taken, rank: this.taken };
    }
  }

  private async pick(): Promise<Taken | null> {
    const turn = this.taken + 1;
    if (this.alone.length > 0) return { candidate: this.alone.shift()!, round: 'single' };
    if (this.answers.length > 0) return { candidate: this.answers.shift()!, round: 'server' };
    if (this.partials.length > 0 && turn % 2 === 0) {
      const partial = await this.fromPartials();
      if (partial) return partial;
    }
    if (this.samples.length > 0 && turn % (SINGLES_PER_MODEL_SAMPLE + 1) === 0) return { candidate: this.samples.shift()!, round: 'model' };
    if (turn > this.lateAfter || !this.singles) {
      const late = await this.fromLate();
      if (late) return late;
    }
    if (this.singles) {
      const single = await this.singles.next();
      if (single) return { candidate: single, round: 'single' };
      this.singles = null;
    }
    const partial = await this.fromPartials();
    if (partial) return partial;
    if (this.samples.length > 0) return { candidate: this.samples.shift()!, round: 'model' };
    if (!this.modelDone || !this.serverDone) {
      // Everything else is spent: wait for the model's next sample or the server's next answer (or their end), then look again.
      if (!this.modelDone) this.wantModel();
      await new Promise<void>((resolve) => this.waiters.push(resolve));
      return this.pick();
    }
    this.pairs ??= this.makePairs();
    const pair = await this.pairs.next();
    return pair ? { candidate: pair, round: 'pair' } : null;
  }

  private async fromLate(): Promise<Taken | null> {
    if (!this.late || this.late.preparing) return null;
    const candidate = await this.late.next();
    if (candidate) return { candidate, round: 'single' };
    this.late = null;
    return null;
  }

  private async fromPartials(): Promise<Taken | null> {
    while (this.partials.length > 0) {
      const candidate = await this.partials[0]!.next();
      if (candidate) return { candidate, round: 'partial' };
      this.partials.shift();
    }
    return null;
  }

  private finishModel(): void {
    this.modelDone = true;
    this.wakeWaiters();
  }

  private wakeWaiters(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
