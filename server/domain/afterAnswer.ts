/**
 * Work a request starts but does not wait for: under enumeration protection, whatever depends
 * on whether an address has an account (look-ups, writes, mail) runs after the answer went out,
 * so the answer's time cannot tell. Failures are logged without the address; `idle` lets the
 * server finish them before its stores close.
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: (message: string) => void) {}

  run(name: string, task: () => Promise<void>): void {
    // Started on the next turn of the event loop, once the handler has returned its answer.
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
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
