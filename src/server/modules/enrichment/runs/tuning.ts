/** The run engine's timings: tests shorten them. */
export const engineTuning = {
  /**
   * A running cell's lease; its worker renews it every third of it while the call is out. A
   * killed worker's cells are taken again when it ends, so this is how long a crash delays them.
   */
  leaseMs: 20_000,
  /** A job with nothing to claim waits this long between looks at cells other workers hold. */
  idleLookMs: 1_000,
  /** A job hands over to a fresh one after this long (pg-boss expires long jobs). */
  sliceMs: 4 * 60_000,
  flushMs: 100,
  flushCells: 256,
  /** Progress events carry the field's counts (a count over its cells): once a second is plenty for the banner. */
  progressEveryMs: 1_000,
  /** A run whose workers were silent this long gets new ones (restart, lost job). */
  silentRunMs: 90_000,
}
