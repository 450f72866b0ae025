import type { TimelineEntry, TimelineStep } from './types';

// Where a fix run's time goes (FixStats.timeline): each stage's start and end in ms since the
// run's start, a point where both are equal. The engine names its stages here instead of doing
// its own clock arithmetic around each one.

export class Timeline {
  private readonly entries: TimelineEntry[] = [];

  constructor(private readonly startedAt: number = Date.now()) {}

  /** Runs `work` as the step: from now until its promise settles (either way). */
  span<T>(step: TimelineStep, work: () => Promise<T>): Promise<T> {
    const startAt = Date.now();
    return work().finally(() => this.add(step, startAt, Date.now()));
  }

  /** A step that ran from `startAt` to `endAt` (ms since the epoch), e.g. one begun beside an earlier one. */
  add(step: TimelineStep, startAt: number, endAt: number): void {
    this.entries.push({ step, startMs: this.since(startAt), endMs: this.since(endAt) });
  }

  /** A point in time (ms since the epoch), e.g. one a stage reported back. */
  mark(step: TimelineStep, at: number): void {
    const ms = this.since(at);
    this.entries.push({ step, startMs: ms, endMs: ms });
  }

  /** The steps that ended so far, by start (in the order they were recorded where they start together). */
  get steps(): TimelineEntry[] {
    return [...this.entries].sort((a, b) => a.startMs - b.startMs);
  }

  private since(at: number): number {
    return Math.max(0, at - this.startedAt);
  }
}
