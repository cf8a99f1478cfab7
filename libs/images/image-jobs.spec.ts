import { ImageJobs } from './image-jobs.js';

describe('ImageJobs', () => {
  it('runs at most `limit` jobs at once and the rest in order', async () => {
    const jobs = new ImageJobs(2);
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
    const jobs = new ImageJobs(1);
    await expect(jobs.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await jobs.run(async () => 'next')).toBe('next');
    expect(jobs.active).toBe(0);
  });
});
