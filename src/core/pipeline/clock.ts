import { Timeline } from '../timeline';

// One time budget for a run: when it started, its deadline, and the stages' times.

export interface Clock {
  startedAt: number;
  deadline: number;
  elapsed(): number;
  left(): number;
  /** The stages' times, for FixStats.timeline. */
  timeline: Timeline;
}

export function startClock(budgetMs: number): Clock {
  const startedAt = Date.now();
  return {
    startedAt,
    deadline: startedAt + budgetMs,
    elapsed: () => Date.now() - startedAt,
    left: () => startedAt + budgetMs - Date.now(),
    timeline: new Timeline(startedAt),
  };
}
