/**
 * At most `limit` image jobs at once in this process; the others queue in order, at most `maxWaiting` of
 * them (`run` refuses the next with `refusal()`). sharp runs on libuv's thread pool, which password hashing
 * (argon2) shares: unbounded uploads would stall every sign-in.
 */
export class ImageJobs {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
    private readonly refusal: () => Error,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw this.refusal();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  get active(): number {
    return this.running;
  }
}
