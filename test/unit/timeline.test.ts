import * as assert from 'node:assert/strict';
import { Timeline } from '../../src/core/timeline';

describe('Timeline', () => {
  it('records spans from their call to their settling, points as given, all by start', async () => {
    const startedAt = Date.now() - 1_000;
    const timeline = new Timeline(startedAt);
    const slow = timeline.span('search', () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 30)));
    timeline.mark('first-candidate', startedAt + 500);
    assert.equal(await slow, 'done', "a span hands back its work's value");
    await assert.rejects(
      timeline.span('reproduce', () => Promise.reject(new Error('broken'))),
      /broken/,
    );
    timeline.mark('first-run', startedAt - 10);

    const steps = timeline.steps;
    assert.deepEqual(
      steps.map((entry) => entry.step),
      ['first-run', 'first-candidate', 'search', 'reproduce'],
    );
    assert.deepEqual(steps[0], { step: 'first-run', startMs: 0, endMs: 0 }, 'never before the run started');
    assert.deepEqual(steps[1], { step: 'first-candidate', startMs: 500, endMs: 500 });
    const search = steps[2]!;
    assert.ok(search.startMs >= 1_000 && search.endMs - search.startMs >= 25, JSON.stringify(search));
    assert.ok(steps[3]!.startMs >= search.endMs, 'a failed step is recorded too');
  });

  it('keeps the order of recording among steps that start together', () => {
    const timeline = new Timeline(0);
    timeline.mark('search', 5);
    timeline.mark('first-candidate', 5);
    assert.deepEqual(
      timeline.steps.map((entry) => entry.step),
      ['search', 'first-candidate'],
    );
  });
});
