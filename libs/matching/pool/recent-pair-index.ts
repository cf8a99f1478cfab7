import { endianness } from 'node:os';

/** Calls `visit` with each chunk of the window's pairs: int32 values (seq, seq, seq, seq, …). */
export type PairSource = (visit: (pairs: Int32Array) => void) => Promise<void>;

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * A window up to this size is kept from the first read and placed from memory: at 100k members (8.7 M pairs,
 * 70 MB) a second read cost the run about a second of the database's and the driver's work. Larger windows
 * are read twice (see `read`).
 */
const HELD_WINDOW_BYTES = 128 << 20;

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

  /**
   * The index of the pairs `source` gives: counted once, to size each member's partners, then placed (a
   * counting sort into one flat array, CSR). A window of up to `heldBytes` is kept from the count and placed
   * from memory; a larger one is read a second time to be placed, never held whole beside the index: at a
   * million members it is 90 M pairs, 720 MB as bytes, as much again as the index, and the process kept those
   * buffers until some later full collection (the run's RSS stayed above 3 GB). A window that changed between
   * the two reads is refused.
   */
  static async read(source: PairSource, heldBytes = HELD_WINDOW_BYTES): Promise<RecentPairIndex> {
    let degrees: Int32Array = new Int32Array(1024);
    let counted = 0;
    let held: Int32Array[] | undefined = [];
    await source((pairs) => {
      for (let i = 0; i < pairs.length; i++) {
        const seq = pairs[i]!;
        if (seq >= degrees.length) degrees = grown(degrees, seq);
        degrees[seq]!++;
      }
      counted += pairs.length;
      if (held && counted * 4 <= heldBytes) held.push(pairs);
      else held = undefined;
    });
    if (counted === 0) return RecentPairIndex.EMPTY;
    let maxSeq = degrees.length - 1;
    while (degrees[maxSeq] === 0) maxSeq--;
    const offsets = new Int32Array(maxSeq + 2);
    for (let seq = 0; seq <= maxSeq; seq++) offsets[seq + 1] = offsets[seq]! + degrees[seq]!;
    const partners = new Int32Array(counted);
    const cursor = offsets.slice(0, maxSeq + 1);
    const place = (pairs: Int32Array) => {
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        const a = pairs[i]!;
        const b = pairs[i + 1]!;
        partners[cursor[a]!++] = b;
        partners[cursor[b]!++] = a;
      }
    };
    if (held) held.forEach(place);
    else await source(place);
    for (let seq = 0; seq <= maxSeq; seq++) {
      if (cursor[seq] !== offsets[seq + 1]) throw new Error('the no-repeat window changed while it was read');
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

/** Big-endian int32 values (int4send) as native ints: one copy and a byte swap, no per-value calls. */
export function decodePairs(bytes: Uint8Array): Int32Array {
  const values = new Int32Array(bytes.byteLength >>> 2);
  new Uint8Array(values.buffer).set(bytes.subarray(0, values.length * 4));
  if (LITTLE_ENDIAN) Buffer.from(values.buffer, 0, values.byteLength).swap32();
  return values;
}

function grown(degrees: Int32Array, seq: number): Int32Array {
  const larger = new Int32Array(Math.max(seq + 1, degrees.length * 2));
  larger.set(degrees);
  return larger;
}
