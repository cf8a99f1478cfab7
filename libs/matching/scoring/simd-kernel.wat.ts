/**
 * The WebAssembly SIMD half of simd-tiers4.ts, as WebAssembly text: the three passes over the group that
 * cost per pair (distances, histograms, the ranked scan). Everything per sweep (tables, exclusions, which
 * distances are wanted, the result) stays in TypeScript, shared in spirit with fused-tiers4.ts.
 *
 * Source, not a binary: simd-kernel.ts assembles this text with wabt when a thread first needs it (about
 * 15 ms), so there is no build step and no generated file, and `npm test`, the benches and dist/ all run
 * the same committed source. The fully unrolled parts are written by small generators below.
 *
 * Memory: a fixed area (the constants below, byte offsets) then, per group, the planes, the packed
 * distances and the hashes at offsets the caller passes.
 *
 * Erasable TypeScript importing nothing: the worker thread loads it from source.
 */

/** Questions per member, seekers per sweep, members per v128 (one byte each). */
export const QUESTIONS = 19;
export const LANES = 4;
export const BLOCK = 16;
/**
 * Group planes: per block of 16 members, 19 v128s, one per question, byte i = member i's choice − 1
 * (0…4). Block-major so the sweep reads one stream; a member past the group's end has choices 0.
 */
export const PLANE_BLOCK_BYTES = QUESTIONS * BLOCK;
/** Distances 0…76; EXCLUDED marks a member out of a seeker's pool (and the padding past the group). */
export const SIZE = 77;
export const EXCLUDED = SIZE;

/**
 * Per question q and lane, at TABLES + (q × LANES + lane) × 16: byte c = |c − seeker's choice| for
 * c = 0…4, the lookup table i8x16.relaxed_swizzle applies to a plane (indices < 16: exact on every engine).
 */
export const TABLES = 0;
/** Three v128s of the wanted distances, byte 4i + lane (0xff: none): nearest, farthest, middle. */
export const WANTED = TABLES + QUESTIONS * LANES * BLOCK;
/** Per lane, i32 tie-break seed. */
export const SEEDS = WANTED + 3 * BLOCK;
/** Per lane, 256 bytes: slot + 1 of each wanted distance (0 elsewhere). */
export const SLOTS = 2048;
/** Per slot (lane × 3 + slot): the three lowest ranks (u32) and their positions, how many kept, the bound. */
export const TOP_RANK = SLOTS + LANES * 256;
export const TOP_POSITION = TOP_RANK + LANES * 9 * 4;
export const TOP_FILL = TOP_POSITION + LANES * 9 * 4;
/** i64 per slot: a rank must be below it to be kept (2³² until three are kept). */
export const BOUND = TOP_FILL + LANES * 3 * 4;
/** Per lane, an i32 histogram of SIZE counts, LANE_STRIDE apart. */
export const LANE_HISTOGRAMS = 4096;
export const LANE_STRIDE = 128 * 4;
/**
 * Joint histograms, i32, indexed by a packed word's low (lanes 0, 1) and high (lanes 2, 3) 16 bits as
 * they are: two increments a member instead of four. 256 KB each, of which a sweep touches a few KB.
 */
export const JOINT_LOW = 65_536;
export const JOINT_HIGH = JOINT_LOW + (1 << 18);
/** Where the per-group areas may start. */
export const GROUP_AREA = JOINT_HIGH + (1 << 18);
export const PAGE = 65_536;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const lanes = range(LANES);

/** One question for the four lanes: its plane through each lane's table, added to the lane's distance. */
function addQuestion(q: number): string {
  const plane = `(local.set $choices (v128.load offset=${q * BLOCK} (local.get $planes)))`;
  const sums = lanes.map((lane) => {
    const gaps = `(i8x16.relaxed_swizzle (v128.load offset=${TABLES + (q * LANES + lane) * BLOCK} (i32.const 0)) (local.get $choices))`;
    return q === 0
      ? `(local.set $d${lane} ${gaps})`
      : `(local.set $d${lane} (i8x16.add (local.get $d${lane}) ${gaps}))`;
  });
  return [plane, ...sums].join('\n        ');
}

/** Byte indices for i8x16.shuffle interleaving a's and b's lanes `from`… (a: 0–15, b: 16–31). */
const zip8 = (from: number) => range(8).flatMap((i) => [from + i, 16 + from + i]);
const zip16 = (from: number) =>
  range(4).flatMap((i) => [from + 2 * i, from + 2 * i + 1, 16 + from + 2 * i, 16 + from + 2 * i + 1]);

export const KERNEL_WAT = String.raw`
(module
  (memory (export "memory") ${GROUP_AREA / PAGE})

  ;; tiebreak.ts mix32: the murmur3 finaliser.
  (func $mix32 (param $x i32) (result i32)
    (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 16))))
    (local.set $x (i32.mul (local.get $x) (i32.const 0x85ebca6b)))
    (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 13))))
    (local.set $x (i32.mul (local.get $x) (i32.const 0xc2b2ae35)))
    (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 16))))

  ;; Distances of 16 members a block to the four seekers: per question one plane, four table lookups
  ;; (one pshufb each) and four byte additions (≤ 76, no carry). The four distance vectors are then
  ;; interleaved into one 32-bit word per member, lane i in byte i (the layout of fused-tiers4.ts).
  (func (export "distances") (param $planes i32) (param $packed i32) (param $blocks i32)
    (local $choices v128) (local $d0 v128) (local $d1 v128) (local $d2 v128) (local $d3 v128)
    (local $low01 v128) (local $high01 v128) (local $low23 v128) (local $high23 v128)
    (block $done
      (br_if $done (i32.eqz (local.get $blocks)))
      (loop $block
        ${range(QUESTIONS).map(addQuestion).join('\n        ')}
        (local.set $low01 (i8x16.shuffle ${zip8(0).join(' ')} (local.get $d0) (local.get $d1)))
        (local.set $high01 (i8x16.shuffle ${zip8(8).join(' ')} (local.get $d0) (local.get $d1)))
        (local.set $low23 (i8x16.shuffle ${zip8(0).join(' ')} (local.get $d2) (local.get $d3)))
        (local.set $high23 (i8x16.shuffle ${zip8(8).join(' ')} (local.get $d2) (local.get $d3)))
        (v128.store offset=0 (local.get $packed) (i8x16.shuffle ${zip16(0).join(' ')} (local.get $low01) (local.get $low23)))
        (v128.store offset=16 (local.get $packed) (i8x16.shuffle ${zip16(8).join(' ')} (local.get $low01) (local.get $low23)))
        (v128.store offset=32 (local.get $packed) (i8x16.shuffle ${zip16(0).join(' ')} (local.get $high01) (local.get $high23)))
        (v128.store offset=48 (local.get $packed) (i8x16.shuffle ${zip16(8).join(' ')} (local.get $high01) (local.get $high23)))
        (local.set $planes (i32.add (local.get $planes) (i32.const ${PLANE_BLOCK_BYTES})))
        (local.set $packed (i32.add (local.get $packed) (i32.const ${BLOCK * 4})))
        (br_if $block (local.tee $blocks (i32.sub (local.get $blocks) (i32.const 1)))))))

  ;; Histograms of a large group: the joint ones, two increments a member (marginals sums them out).
  (func (export "countJoint") (param $packed i32) (param $count i32)
    (local $end i32) (local $word i32) (local $at i32)
    (local.set $end (i32.add (local.get $packed) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (br_if $done (i32.ge_u (local.get $packed) (local.get $end)))
      (loop $member
        (local.set $word (i32.load (local.get $packed)))
        (local.set $at (i32.shl (i32.and (local.get $word) (i32.const 0xffff)) (i32.const 2)))
        (i32.store offset=${JOINT_LOW} (local.get $at) (i32.add (i32.load offset=${JOINT_LOW} (local.get $at)) (i32.const 1)))
        (local.set $at (i32.shl (i32.shr_u (local.get $word) (i32.const 16)) (i32.const 2)))
        (i32.store offset=${JOINT_HIGH} (local.get $at) (i32.add (i32.load offset=${JOINT_HIGH} (local.get $at)) (i32.const 1)))
        (local.set $packed (i32.add (local.get $packed) (i32.const 4)))
        (br_if $member (i32.lt_u (local.get $packed) (local.get $end))))))

  ;; Each lane's histogram summed out of the joint ones (SIZE × SIZE), which are cleared for the next sweep.
  (func (export "marginals")
    (local $second i32) (local $first i32) (local $at i32) (local $a i32) (local $b i32)
    (local $low i32) (local $high i32)
    (memory.fill (i32.const ${LANE_HISTOGRAMS}) (i32.const 0) (i32.const ${LANES * LANE_STRIDE}))
    (loop $row
      (local.set $low (i32.const 0))
      (local.set $high (i32.const 0))
      (local.set $first (i32.const 0))
      (local.set $at (i32.shl (local.get $second) (i32.const 10)))
      (loop $column
        (local.set $a (i32.load offset=${JOINT_LOW} (local.get $at)))
        (local.set $b (i32.load offset=${JOINT_HIGH} (local.get $at)))
        (i32.store offset=${JOINT_LOW} (local.get $at) (i32.const 0))
        (i32.store offset=${JOINT_HIGH} (local.get $at) (i32.const 0))
        (local.set $low (i32.add (local.get $low) (local.get $a)))
        (local.set $high (i32.add (local.get $high) (local.get $b)))
        (local.set $at (i32.shl (local.get $first) (i32.const 2)))
        (i32.store offset=${LANE_HISTOGRAMS} (local.get $at)
          (i32.add (i32.load offset=${LANE_HISTOGRAMS} (local.get $at)) (local.get $a)))
        (i32.store offset=${LANE_HISTOGRAMS + 2 * LANE_STRIDE} (local.get $at)
          (i32.add (i32.load offset=${LANE_HISTOGRAMS + 2 * LANE_STRIDE} (local.get $at)) (local.get $b)))
        (local.set $first (i32.add (local.get $first) (i32.const 1)))
        (local.set $at (i32.add (i32.shl (local.get $second) (i32.const 10)) (i32.shl (local.get $first) (i32.const 2))))
        (br_if $column (i32.lt_u (local.get $first) (i32.const ${SIZE}))))
      (local.set $at (i32.shl (local.get $second) (i32.const 2)))
      (i32.store offset=${LANE_HISTOGRAMS + LANE_STRIDE} (local.get $at) (local.get $low))
      (i32.store offset=${LANE_HISTOGRAMS + 3 * LANE_STRIDE} (local.get $at) (local.get $high))
      (local.set $second (i32.add (local.get $second) (i32.const 1)))
      (br_if $row (i32.lt_u (local.get $second) (i32.const ${SIZE})))))

  ;; Histograms of a small group straight from the words: four increments a member, no fixed cost.
  (func (export "countLanes") (param $packed i32) (param $count i32)
    (local $end i32) (local $word i32)
    (memory.fill (i32.const ${LANE_HISTOGRAMS}) (i32.const 0) (i32.const ${LANES * LANE_STRIDE}))
    (local.set $end (i32.add (local.get $packed) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (br_if $done (i32.ge_u (local.get $packed) (local.get $end)))
      (loop $member
        (local.set $word (i32.load (local.get $packed)))
        ${lanes.map((lane) => countByte(lane)).join('\n        ')}
        (local.set $packed (i32.add (local.get $packed) (i32.const 4)))
        (br_if $member (i32.lt_u (local.get $packed) (local.get $end))))))

  ;; Keeps member j among its slot's three lowest (rank, position), as fused-tiers4.ts keep(): the caller
  ;; has checked rank < bound; strict comparisons keep the earlier position ahead on equal rank.
  (func $keep (param $slot i32) (param $j i32) (param $rank i32)
    (local $base i32) (local $fill i32) (local $i i32) (local $at i32)
    (local.set $base (i32.mul (local.get $slot) (i32.const 12)))
    (local.set $fill (i32.load offset=${TOP_FILL} (i32.shl (local.get $slot) (i32.const 2))))
    (local.set $i (select (local.get $fill) (i32.const 2) (i32.lt_u (local.get $fill) (i32.const 3))))
    (block $placed
      (loop $shift
        (br_if $placed (i32.eqz (local.get $i)))
        (local.set $at (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2))))
        (br_if $placed (i32.ge_u (local.get $rank) (i32.load offset=${TOP_RANK - 4} (local.get $at))))
        (i32.store offset=${TOP_RANK} (local.get $at) (i32.load offset=${TOP_RANK - 4} (local.get $at)))
        (i32.store offset=${TOP_POSITION} (local.get $at) (i32.load offset=${TOP_POSITION - 4} (local.get $at)))
        (local.set $i (i32.sub (local.get $i) (i32.const 1)))
        (br $shift)))
    (local.set $at (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2))))
    (i32.store offset=${TOP_RANK} (local.get $at) (local.get $rank))
    (i32.store offset=${TOP_POSITION} (local.get $at) (local.get $j))
    (if (i32.lt_u (local.get $fill) (i32.const 3))
      (then (i32.store offset=${TOP_FILL} (i32.shl (local.get $slot) (i32.const 2)) (i32.add (local.get $fill) (i32.const 1)))))
    (if (i32.ge_u (local.get $fill) (i32.const 2))
      (then (i64.store offset=${BOUND} (i32.shl (local.get $slot) (i32.const 3))
        (i64.extend_i32_u (i32.load offset=${TOP_RANK + 8} (local.get $base)))))))

  ;; The scan: 16 members (64 bytes of words) a step, compared with the three wanted vectors into one
  ;; 64-bit mask (bit 4i + lane: member i, lane), whose set bits are visited lowest first, so on equal
  ;; rank the earlier member is seen first; only they pay for the rank. Sixteen members a step rather
  ;; than four: a step almost always has a hit, so the branches follow the hits, not the members.
  (func (export "scan") (param $packed i32) (param $hashes i32) (param $blocks i32)
    (local $nearest v128) (local $farthest v128) (local $middle v128) (local $words v128)
    (local $hits i64) (local $bit i32) (local $lane i32) (local $j i32) (local $slot i32) (local $rank i32)
    (local $first i32)
    (local.set $nearest (v128.load offset=${WANTED} (i32.const 0)))
    (local.set $farthest (v128.load offset=${WANTED + 16} (i32.const 0)))
    (local.set $middle (v128.load offset=${WANTED + 32} (i32.const 0)))
    (block $done
      (br_if $done (i32.eqz (local.get $blocks)))
      (loop $block
        (local.set $hits (i64.or
          (i64.or ${quadHits(0)} ${quadHits(1)})
          (i64.or ${quadHits(2)} ${quadHits(3)})))
        (block $none
          (br_if $none (i64.eqz (local.get $hits)))
          (loop $hit
            (local.set $bit (i32.wrap_i64 (i64.ctz (local.get $hits))))
            (local.set $hits (i64.and (local.get $hits) (i64.sub (local.get $hits) (i64.const 1))))
            (local.set $lane (i32.and (local.get $bit) (i32.const 3)))
            (local.set $j (i32.add (local.get $first) (i32.shr_u (local.get $bit) (i32.const 2))))
            (local.set $slot (i32.add (i32.mul (local.get $lane) (i32.const 3))
              (i32.sub (i32.load8_u offset=${SLOTS}
                (i32.or (i32.shl (local.get $lane) (i32.const 8)) (i32.load8_u (i32.add (local.get $packed) (local.get $bit)))))
                (i32.const 1))))
            (local.set $rank (call $mix32 (i32.xor
              (i32.load offset=${SEEDS} (i32.shl (local.get $lane) (i32.const 2)))
              (i32.load (i32.add (local.get $hashes) (i32.shl (local.get $j) (i32.const 2)))))))
            (if (i64.lt_u (i64.extend_i32_u (local.get $rank)) (i64.load offset=${BOUND} (i32.shl (local.get $slot) (i32.const 3))))
              (then (call $keep (local.get $slot) (local.get $j) (local.get $rank))))
            (br_if $hit (i64.ne (local.get $hits) (i64.const 0)))))
        (local.set $packed (i32.add (local.get $packed) (i32.const ${BLOCK * 4})))
        (local.set $first (i32.add (local.get $first) (i32.const ${BLOCK})))
        (br_if $block (local.tee $blocks (i32.sub (local.get $blocks) (i32.const 1)))))))
)
`;

/** The scan's hits among the four members in v128 `quad` of the step, at bits 16 × quad on. */
function quadHits(quad: number): string {
  // Operands run left to right: the first comparison loads the words, the others reuse them.
  const load = `(local.tee $words (v128.load offset=${16 * quad} (local.get $packed)))`;
  const equal = (words: string, wanted: string) => `(i8x16.eq ${words} (local.get ${wanted}))`;
  const any = `(v128.or (v128.or ${equal(load, '$nearest')} ${equal('(local.get $words)', '$farthest')}) ${equal('(local.get $words)', '$middle')})`;
  return `(i64.shl (i64.extend_i32_u (i8x16.bitmask ${any})) (i64.const ${16 * quad}))`;
}

/** countLanes' increment of lane's histogram at the lane's byte of $word. */
function countByte(lane: number): string {
  const distance = `(i32.and (i32.shr_u (local.get $word) (i32.const ${8 * lane})) (i32.const 0xff))`;
  const at = `(i32.shl ${distance} (i32.const 2))`;
  const offset = LANE_HISTOGRAMS + lane * LANE_STRIDE;
  return `(i32.store offset=${offset} ${at} (i32.add (i32.load offset=${offset} ${at}) (i32.const 1)))`;
}
