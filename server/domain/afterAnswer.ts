/**
 * Work a request starts but does not wait for: under enumeration protection, whatever depends
 * on whether an address has an account (look-ups, writes, mail) runs after the answer went out,
 * so the answer's time cannot tell. Failures are logged (the caller learns nothing of them);
 * `idle` lets the server finish them before its stores close.
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: (message: string) => void) {}

  /** Runs `task` once `sent` resolves: when the answer has gone out (see `answerSent` in http/common.ts). */
  run(name: string, sent: Promise<void>, task: () => Promise<void>): void {
    const done: Promise<void> = sent
      .then(task)
      .catch((err: unknown) => this.log(`${name} failed after the answer: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every task started so far (and any they start) has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
