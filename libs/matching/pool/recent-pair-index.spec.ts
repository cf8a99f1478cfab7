import { decodePairs, RecentPairIndex } from './recent-pair-index.js';

/** Big-endian int32 pairs, as the database's int4send builds them. */
function day(...pairs: [number, number][]): Uint8Array {
  const bytes = new Uint8Array(pairs.length * 8);
  const data = new DataView(bytes.buffer);
  pairs.forEach(([a, b], i) => {
    data.setInt32(i * 8, a);
    data.setInt32(i * 8 + 4, b);
  });
  return bytes;
}

/** The index of days of byte strings, as RecentPairs reads them from the database. */
function build(days: readonly Uint8Array[]): Promise<RecentPairIndex> {
  const decoded = days.map(decodePairs);
  return RecentPairIndex.read(async (visit) => decoded.forEach(visit));
}

describe('RecentPairIndex', () => {
  it('lists every partner of a member, in both directions and across days', async () => {
    const index = await build([day([1, 2], [1, 3]), day([4, 1], [2, 3]), day()]);
    expect([...index.partnersOf(1)].sort()).toEqual([2, 3, 4]);
    expect([...index.partnersOf(2)].sort()).toEqual([1, 3]);
    expect([...index.partnersOf(3)].sort()).toEqual([1, 2]);
    expect([...index.partnersOf(4)]).toEqual([1]);
  });

  it('answers nothing for members without history, unknown or negative seqs, and an empty window', async () => {
    const index = await build([day([5, 7])]);
    expect([...index.partnersOf(6)]).toEqual([]);
    expect([...index.partnersOf(100)]).toEqual([]);
    expect([...index.partnersOf(-1)]).toEqual([]);
    expect([...(await build([])).partnersOf(0)]).toEqual([]);
  });

  it('reads byte strings that do not start at the beginning of their buffer (driver buffers)', async () => {
    const padded = new Uint8Array(5 + 16);
    padded.set(day([9, 10], [9, 11]), 5);
    const index = await build([padded.subarray(5)]);
    expect([...index.partnersOf(9)].sort()).toEqual([10, 11]);
  });

  it('holds members with large seqs and many partners, read in chunks as the days come', async () => {
    const pairs: [number, number][] = [];
    for (let i = 0; i < 5000; i++) pairs.push([i % 7, 100_000 + i]);
    const chunks = [day(...pairs.slice(0, 2000)), day(...pairs.slice(2000))];
    const index = await build(chunks);
    expect(index.size).toBe(5000);
    expect(index.partnersOf(3)).toHaveLength(Math.ceil((5000 - 3) / 7));
    expect([...index.partnersOf(104_999)]).toEqual([4999 % 7]);
  });

  it('reads a window that fits what it may hold once, and a larger one twice, the same index', async () => {
    const days = [Int32Array.of(1, 2, 1, 3), Int32Array.of(4, 1, 2, 3)];
    let reads = 0;
    const source = async (visit: (pairs: Int32Array) => void) => {
      reads++;
      days.forEach(visit);
    };
    const held = await RecentPairIndex.read(source);
    expect(reads).toBe(1);
    const reread = await RecentPairIndex.read(source, 16);
    expect(reads).toBe(3);
    for (const seq of [1, 2, 3, 4])
      expect([...reread.partnersOf(seq)].sort()).toEqual([...held.partnersOf(seq)].sort());
    expect([...held.partnersOf(1)].sort()).toEqual([2, 3, 4]);
  });

  it('refuses a window too large to hold that changed between its two reads', async () => {
    let reads = 0;
    const source = async (visit: (pairs: Int32Array) => void) => {
      visit(Int32Array.of(1, 2));
      if (reads++ > 0) visit(Int32Array.of(1, 3));
    };
    await expect(RecentPairIndex.read(source, 4)).rejects.toThrow(/window changed/);
  });
});
