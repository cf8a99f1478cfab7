import { ImageJobs } from './image-jobs.js';

const refusals = { busy: () => new Error('busy'), ownerBusy: () => new Error('owner busy') };

describe('ImageJobs', () => {
  it('runs at most `running` jobs at once and the rest in order', async () => {
    const jobs = new ImageJobs({ running: 2, waiting: 10 }, refusals);
    let peak = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      peak = Math.max(peak, jobs.active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => jobs.run(`member ${n}`, job(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });

  it('frees its slot when a job fails', async () => {
    const jobs = new ImageJobs({ running: 1, waiting: 10 }, refusals);
    await expect(jobs.run('a', async () => Promise.reject(new Error('bad image')))).rejects.toThrow(
      'bad image',
    );
    expect(await jobs.run('a', async () => 'next')).toBe('next');
    expect(jobs.active).toBe(0);
  });

  it('refuses a job when `waiting` already wait, and takes one again once the queue moves', async () => {
    const jobs = new ImageJobs({ running: 1, waiting: 2 }, refusals);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = jobs.run('a', () => held);
    const queued = [jobs.run('b', async () => 'b'), jobs.run('c', async () => 'c')];
    await expect(jobs.run('d', async () => 'd')).rejects.toThrow('busy');
    release();
    await running;
    expect(await Promise.all(queued)).toEqual(['b', 'c']);
    expect(await jobs.run('d', async () => 'd')).toBe('d');
    expect(jobs.active).toBe(0);
  });

  it('takes one job per owner at a time, and never more than `running` when a slot is handed over', async () => {
    const jobs = new ImageJobs({ running: 1, waiting: 5 }, refusals);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = jobs.run('a', () => held);
    await expect(jobs.run('a', async () => 'again')).rejects.toThrow('owner busy');
    let peak = 0;
    const waiter = jobs.run('b', async () => (peak = Math.max(peak, jobs.active)));
    release();
    await first;
    // The slot went to the waiter: a newcomer right now waits too.
    const newcomer = jobs.run('c', async () => (peak = Math.max(peak, jobs.active)));
    await Promise.all([waiter, newcomer]);
    expect(peak).toBe(1);
    expect(await jobs.run('a', async () => 'later')).toBe('later');
  });
});
