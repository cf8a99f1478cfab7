import { retrying } from './retry.js';

const quick = { retries: 2, firstDelayMs: 1, factor: 1 };

describe('retrying', () => {
  it('tries again until the work succeeds, telling each failure and the pause before the next try', async () => {
    const heard: [string, number, number | undefined][] = [];
    let calls = 0;
    const value = await retrying(
      async () => {
        if (++calls < 3) throw new Error(`try ${calls}`);
        return 'done';
      },
      quick,
      {
        onFailure: (error, attempt, retryInMs) => heard.push([(error as Error).message, attempt, retryInMs]),
      },
    );
    expect(value).toBe('done');
    expect(heard).toEqual([
      ['try 1', 1, 1],
      ['try 2', 2, 1],
    ]);
  });

  it('rejects with the last error once the retries are spent, a TypeError or a thrown string alike', async () => {
    let calls = 0;
    await expect(
      retrying(async () => {
        calls++;
        throw new TypeError('broken connection');
      }, quick),
    ).rejects.toThrow(new TypeError('broken connection'));
    expect(calls).toBe(3);
    await expect(
      retrying(() => Promise.reject('plain text' as unknown as Error), { ...quick, retries: 1 }),
    ).rejects.toBe('plain text');
  });

  it('ends a pause when the signal is aborted, rejecting with the last failure; aborted from the start, tries once', async () => {
    const stop = new AbortController();
    let calls = 0;
    const outcome = retrying(
      async () => {
        calls++;
        throw new Error('down');
      },
      { retries: 3, firstDelayMs: 60_000, factor: 1 },
      { signal: stop.signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    await expect(outcome).rejects.toThrow('down');
    expect(calls).toBe(1);

    calls = 0;
    await expect(
      retrying(
        async () => {
          calls++;
          throw new Error('still down');
        },
        quick,
        { signal: stop.signal },
      ),
    ).rejects.toThrow('still down');
    expect(calls).toBe(1);
    await expect(retrying(async () => 'fine', quick, { signal: stop.signal })).resolves.toBe('fine');
  });
});
