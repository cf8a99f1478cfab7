import { ImageJobs } from './image-jobs.js';

const busy = () => new Error('busy');

describe('ImageJobs', () => {
  it('runs at most `limit` jobs at once and the rest in order', async () => {
    const jobs = new ImageJobs(2, 10, busy);
    let peak = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      peak = Math.max(peak, jobs.active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => jobs.run(job(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });

  it('frees its slot when a job fails', async () => {
    const jobs = new ImageJobs(1, 10, busy);
    await expect(jobs.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await jobs.run(async () => 'next')).toBe('next');
    expect(jobs.active).toBe(0);
  });

  it('refuses a job when `maxWaiting` already wait, and takes one again once the queue moves', async () => {
    const jobs = new ImageJobs(1, 2, busy);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = jobs.run(() => held);
    const queued = [jobs.run(async () => 'a'), jobs.run(async () => 'b')];
    await expect(jobs.run(async () => 'c')).rejects.toThrow('busy');
    release();
    await running;
    expect(await Promise.all(queued)).toEqual(['a', 'b']);
    expect(await jobs.run(async () => 'd')).toBe('d');
  });
});
