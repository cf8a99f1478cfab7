import { RecentPairIndex } from './recent-pair-index.js';

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

describe('RecentPairIndex', () => {
  it('lists every partner of a member, in both directions and across days', () => {
    const index = RecentPairIndex.build([day([1, 2], [1, 3]), day([4, 1], [2, 3]), day()]);
    expect([...index.partnersOf(1)].sort()).toEqual([2, 3, 4]);
    expect([...index.partnersOf(2)].sort()).toEqual([1, 3]);
    expect([...index.partnersOf(3)].sort()).toEqual([1, 2]);
    expect([...index.partnersOf(4)]).toEqual([1]);
  });

  it('answers nothing for members without history, unknown or negative seqs, and an empty window', () => {
    const index = RecentPairIndex.build([day([5, 7])]);
    expect([...index.partnersOf(6)]).toEqual([]);
    expect([...index.partnersOf(100)]).toEqual([]);
    expect([...index.partnersOf(-1)]).toEqual([]);
    expect([...RecentPairIndex.build([]).partnersOf(0)]).toEqual([]);
  });

  it('reads byte strings that do not start at the beginning of their buffer (driver buffers)', () => {
    const padded = new Uint8Array(8 + 16);
    padded.set(day([9, 10], [9, 11]), 8);
    const index = RecentPairIndex.build([padded.subarray(8)]);
    expect([...index.partnersOf(9)].sort()).toEqual([10, 11]);
  });
});
