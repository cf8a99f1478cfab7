/**
 * The memory layout of the scoring kernel (simd-kernel.wat, whose header lists the same numbers): byte
 * offsets of the fixed areas the TypeScript side fills and reads. The property tests in simd-tiers4.spec.ts
 * fail on any disagreement.
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
