/**
 * At most `limits.running` image jobs at once in this process; the others queue in order, at most
 * `limits.waiting` of them, and one job per owner (a member) running or waiting. Past either, `run` refuses at
 * once: a few accounts cannot fill the queue that every member's upload waits in. sharp runs on libuv's thread
 * pool, which password hashing (argon2) shares: unbounded uploads would stall every sign-in.
 */
export class ImageJobs {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly owners = new Set<string>();

  constructor(
    private readonly limits: { running: number; waiting: number },
    private readonly refusals: { busy: () => Error; ownerBusy: () => Error },
  ) {}

  async run<T>(owner: string, job: () => Promise<T>): Promise<T> {
    if (this.owners.has(owner)) throw this.refusals.ownerBusy();
    const free = this.running < this.limits.running;
    if (!free && this.waiting.length >= this.limits.waiting) throw this.refusals.busy();
    this.owners.add(owner);
    try {
      // A waiter is handed the slot of the job that ends (no moment where a newcomer could take it too).
      if (free) this.running++;
      else await new Promise<void>((resolve) => this.waiting.push(resolve));
      try {
        return await job();
      } finally {
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      this.owners.delete(owner);
    }
  }

  get active(): number {
    return this.running;
  }
}
