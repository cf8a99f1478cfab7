import { packChoices, WORDS_PER_VECTOR } from '../domain/packed-answers.js';
import { encodeGroup } from './scoring-group.js';
import { ScoringPool } from './scoring-pool.js';
import type { Seeker } from './seeker-batch.js';
import { RESULT_STRIDE } from './simd-tiers4.js';

function randomGroup(count: number) {
  let state = 4242;
  const next = (bound: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * bound);
  };
  const words = new Uint32Array(count * WORDS_PER_VECTOR);
  for (let j = 0; j < count; j++)
    packChoices(
      Array.from({ length: 19 }, () => 1 + next(5)),
      words,
      j,
    );
  const hashes = Uint32Array.from({ length: count }, () => next(2 ** 32));
  const seekers: Seeker[] = Array.from({ length: 150 }, (_, k) => {
    const self = (k * 37) % count;
    return {
      words: words.subarray(self * 3, self * 3 + 3),
      seed: next(2 ** 32),
      excluded: Int32Array.from([self, ...Array.from({ length: k % 7 }, () => next(count + 2) - 1)]),
    };
  });
  return { group: encodeGroup(words, hashes, count), seekers };
}

describe('scoring pool', () => {
  const { group, seekers } = randomGroup(3000);

  it('gives the inline results from worker threads, for one batch or several at once', async () => {
    const inline = await new ScoringPool(0).score(group, seekers);
    expect(inline.length).toBe(seekers.length * RESULT_STRIDE);
    const pool = new ScoringPool(2);
    try {
      const [all, firstHalf, secondHalf] = await Promise.all([
        pool.score(group, seekers),
        pool.score(group, seekers.slice(0, 75)),
        pool.score(group, seekers.slice(75)),
      ]);
      // Compared as plain arrays: worker results are typed arrays of Node's realm, not Jest's.
      expect(Array.from(all)).toEqual(Array.from(inline));
      expect([...Array.from(firstHalf), ...Array.from(secondHalf)]).toEqual(Array.from(inline));
      expect(Array.from(await pool.score(group, []))).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('ends its threads on close, and refuses work after', async () => {
    const pool = new ScoringPool(2);
    await pool.score(group, seekers.slice(0, 10));
    const exits = (pool as unknown as { workers: { threadId: number }[] }).workers.map(
      (worker) => worker.threadId,
    );
    expect(exits.every((id) => id > 0)).toBe(true);
    await pool.close();
    const after = (pool as unknown as { workers: { threadId: number }[] }).workers.map(
      (worker) => worker.threadId,
    );
    expect(after).toEqual([-1, -1]); // a terminated Worker reports threadId −1
    await expect(pool.score(group, seekers.slice(0, 1))).rejects.toThrow('scoring pool closed');
  });
});
