import type { PytestRun } from '../types';

// Spectrum-based fault localization at line level, from the per-test coverage of a run:
// lines that failing tests execute and passing tests do not are suspicious.

export interface LineSpectrum {
  /** Failing tests that executed the line. */
  failed: number;
  /** Passing tests that executed the line. */
  passed: number;
  dstar: number;
  ochiai: number;
}

export interface Spectrum {
  /** Failing and passing tests with coverage: the denominators of the reasons. */
  totalFailed: number;
  totalPassed: number;
  /** file -> line -> scores, for lines executed by at least one failing test. */
  lines: Map<string, Map<number, LineSpectrum>>;
  /** The largest DStar of any line, to bring DStar into [0, 1] beside Ochiai. */
  maxDstar: number;
}

/**
 * DStar with e = 2 (Wong et al. 2014): failed² / (passed + failing tests that miss the line).
 * The denominator is zero only when every failing test and no passing test runs the line, the
 * strongest evidence possible; it is read as 0.5, which keeps that line above every line with
 * a denominator of 1 or more while staying finite (JSON has no Infinity).
 */
export function dstar(failed: number, passed: number, totalFailed: number): number {
  const denominator = passed + (totalFailed - failed);
  return (failed * failed) / (denominator === 0 ? 0.5 : denominator);
}

/** Ochiai: failed / sqrt(totalFailed × (failed + passed)); 0 when the line never ran. */
export function ochiai(failed: number, passed: number, totalFailed: number): number {
  const denominator = Math.sqrt(totalFailed * (failed + passed));
  return denominator === 0 ? 0 : failed / denominator;
}

/** Line spectra of the run, `failing` being the node ids of the failures under repair. */
export function spectrumOf(run: PytestRun, failing: ReadonlySet<string>): Spectrum {
  // Tests without coverage (coverage off, a collection error) say nothing either way.
  const failedTests = run.tests.filter((test) => failing.has(test.nodeid) && test.coverage);
  const passedTests = run.tests.filter((test) => test.outcome === 'passed' && test.coverage);
  const counts = new Map<string, Map<number, { failed: number; passed: number }>>();
  const count = (coverage: Record<string, number[]>, key: 'failed' | 'passed', onlyKnown: boolean): void => {
    for (const [file, lines] of Object.entries(coverage)) {
      let perLine = counts.get(file);
      if (!perLine) {
        if (onlyKnown) continue;
        perLine = new Map();
        counts.set(file, perLine);
      }
      for (const line of lines) {
        let entry = perLine.get(line);
        if (!entry) {
          if (onlyKnown) continue;
          entry = { failed: 0, passed: 0 };
          perLine.set(line, entry);
        }
        entry[key]++;
      }
    }
  };
  for (const test of failedTests) count(test.coverage!, 'failed', false);
  // Lines no failing test ran score zero whatever the passing tests do: not recorded.
  for (const test of passedTests) count(test.coverage!, 'passed', true);

  const totalFailed = failedTests.length;
  const lines = new Map<string, Map<number, LineSpectrum>>();
  let maxDstar = 0;
  for (const [file, perLine] of counts) {
    const scored = new Map<number, LineSpectrum>();
    for (const [line, { failed, passed }] of perLine) {
      const entry = { failed, passed, dstar: dstar(failed, passed, totalFailed), ochiai: ochiai(failed, passed, totalFailed) };
      maxDstar = Math.max(maxDstar, entry.dstar);
      scored.set(line, entry);
    }
    lines.set(file, scored);
  }
  return { totalFailed, totalPassed: passedTests.length, lines, maxDstar };
}

/** DStar (normalized by the run's largest) and Ochiai averaged: a score in [0, 1]. */
export function combinedSpectrum(entry: LineSpectrum, spectrum: Spectrum): number {
  const normalizedDstar = spectrum.maxDstar === 0 ? 0 : entry.dstar / spectrum.maxDstar;
  return (normalizedDstar + entry.ochiai) / 2;
}
