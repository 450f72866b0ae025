// When a crashed sidecar is restarted: at most `maxRestarts` crashes within `windowMs`, after
// which DeepDebug stays stopped (a sidecar that keeps dying would otherwise loop forever) until
// the next command starts it afresh.
export class RestartPolicy {
  private crashes: number[] = [];

  constructor(
    private readonly maxRestarts = 3,
    private readonly windowMs = 3 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a crash; true if the sidecar should be restarted. */
  crashed(): boolean {
    const time = this.now();
    this.crashes = [...this.crashes.filter((at) => time - at < this.windowMs), time];
    return this.crashes.length <= this.maxRestarts;
  }

  reset(): void {
    this.crashes = [];
  }
}
