/**
 * Who each member was paired with on the days of the no-repeat window, in either direction, by dense
 * integer id (seq): built once per run from each day's packed pairs (MatchSetRepository.pairsOfDay), then
 * read per seeker with no query. Kept by seq rather than pool position so that a pool refreshed during
 * the run (a profile saved, someone suspended) leaves it valid: positions are looked up at use.
 */
export class RecentPairIndex {
  private constructor(
    private readonly offsets: Int32Array,
    private readonly partners: Int32Array,
  ) {}

  static readonly EMPTY = new RecentPairIndex(new Int32Array(1), new Int32Array(0));

  /** `days`: byte strings of big-endian int32 pairs (seq, seq). */
  static build(days: readonly Uint8Array[]): RecentPairIndex {
    let maxSeq = -1;
    for (const bytes of days) {
      const pairs = view(bytes);
      for (let i = 0; i < pairs.length; i++)
        if (pairs.getInt32(i * 4) > maxSeq) maxSeq = pairs.getInt32(i * 4);
    }
    if (maxSeq < 0) return RecentPairIndex.EMPTY;
    // Counting sort into one flat array (CSR): degrees, prefix sums, fill.
    const offsets = new Int32Array(maxSeq + 2);
    for (const bytes of days) {
      const pairs = view(bytes);
      for (let i = 0; i < pairs.length; i++) offsets[pairs.getInt32(i * 4) + 1]!++;
    }
    for (let seq = 0; seq <= maxSeq; seq++) offsets[seq + 1]! += offsets[seq]!;
    const partners = new Int32Array(offsets[maxSeq + 1]!);
    const cursor = offsets.slice(0, maxSeq + 1);
    for (const bytes of days) {
      const pairs = view(bytes);
      for (let i = 0; i < pairs.length; i += 2) {
        const a = pairs.getInt32(i * 4);
        const b = pairs.getInt32(i * 4 + 4);
        partners[cursor[a]!++] = b;
        partners[cursor[b]!++] = a;
      }
    }
    return new RecentPairIndex(offsets, partners);
  }

  /** Pairs held, each counted once per direction. */
  get size(): number {
    return this.partners.length / 2;
  }

  /** The seqs `seq` was paired with (a view; repeats possible). */
  partnersOf(seq: number): Int32Array {
    if (seq < 0 || seq + 1 >= this.offsets.length) return this.partners.subarray(0, 0);
    return this.partners.subarray(this.offsets[seq]!, this.offsets[seq + 1]!);
  }
}

/** The bytes as int32 values: `length` counts values, read with getInt32(index * 4). */
function view(bytes: Uint8Array): { length: number; getInt32(offset: number): number } {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { length: bytes.byteLength >>> 2, getInt32: (offset) => data.getInt32(offset) };
}
