;; The scoring kernel (simd-tiers4.ts drives it): the three passes over a candidate group that cost per
;; pair, for four seekers a sweep: distances, histograms and the ranked scan. Assembled with wabt by
;; scripts/build-kernel.mjs into simd-kernel.wasm.ts. Needs WebAssembly SIMD with relaxed swizzle.
;;
;; Memory layout (byte offsets; kernel-layout.ts names the same numbers for TypeScript):
;;        0  TABLES           per question q and lane: 16-byte table, byte c = |c − seeker's choice|, at (q × 4 + lane) × 16
;;     1216  WANTED           three v128s (nearest, farthest, middle): byte 4i + lane the wanted distance (0xff: none)
;;     1264  SEEDS            per lane an i32 tie-break seed
;;     2048  SLOTS            per lane 256 bytes: slot + 1 of each wanted distance (0 elsewhere)
;;     3072  TOP_RANK         per slot (lane × 3 + slot) the three lowest ranks (u32)
;;     3216  TOP_POSITION     … and their positions
;;     3360  TOP_FILL         … how many are kept
;;     3408  BOUND            … an i64: a rank must be below it to be kept (2^32 until three are kept)
;;     4096  LANE_HISTOGRAMS  per lane an i32 histogram of 77 distances, 512 bytes apart
;;    65536  JOINT_LOW        i32 histogram by a packed word's low 16 bits (lanes 0, 1)
;;   327680  JOINT_HIGH       … by its high 16 bits (lanes 2, 3)
;;   589824  GROUP_AREA       the group's planes, packed distances and hashes, at offsets the caller passes
(module
  (memory (export "memory") 9)

  ;; The murmur3 finaliser, as domain/tiebreak.ts mix32 (the oracle's tie-break rank).
  (func $mix32 (param $x i32) (result i32)
    (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 16))))
    (local.set $x (i32.mul (local.get $x) (i32.const 0x85ebca6b)))
    (local.set $x (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 13))))
    (local.set $x (i32.mul (local.get $x) (i32.const 0xc2b2ae35)))
    (i32.xor (local.get $x) (i32.shr_u (local.get $x) (i32.const 16))))

  ;; Distances of 16 members a block to the four seekers: per question one plane, four table lookups
  ;; (one pshufb each) and four byte additions (≤ 76, no carry). The four distance vectors are then
  ;; interleaved into one 32-bit word per member, lane i in byte i (lane i in byte i).
  (func (export "distances") (param $planes i32) (param $packed i32) (param $blocks i32)
    (local $choices v128) (local $d0 v128) (local $d1 v128) (local $d2 v128) (local $d3 v128)
    (local $low01 v128) (local $high01 v128) (local $low23 v128) (local $high23 v128)
    (block $done
      (br_if $done (i32.eqz (local.get $blocks)))
      (loop $block
        ;; Question q: plane q at $planes + 16q, lane i's table at TABLES + (4q + i) × 16.
        ;; question 0
        (local.set $choices (v128.load offset=0 (local.get $planes)))
        (local.set $d0 (i8x16.relaxed_swizzle (v128.load offset=0 (i32.const 0)) (local.get $choices)))
        (local.set $d1 (i8x16.relaxed_swizzle (v128.load offset=16 (i32.const 0)) (local.get $choices)))
        (local.set $d2 (i8x16.relaxed_swizzle (v128.load offset=32 (i32.const 0)) (local.get $choices)))
        (local.set $d3 (i8x16.relaxed_swizzle (v128.load offset=48 (i32.const 0)) (local.get $choices)))
        ;; question 1
        (local.set $choices (v128.load offset=16 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=64 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=80 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=96 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=112 (i32.const 0)) (local.get $choices))))
        ;; question 2
        (local.set $choices (v128.load offset=32 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=128 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=144 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=160 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=176 (i32.const 0)) (local.get $choices))))
        ;; question 3
        (local.set $choices (v128.load offset=48 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=192 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=208 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=224 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=240 (i32.const 0)) (local.get $choices))))
        ;; question 4
        (local.set $choices (v128.load offset=64 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=256 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=272 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=288 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=304 (i32.const 0)) (local.get $choices))))
        ;; question 5
        (local.set $choices (v128.load offset=80 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=320 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=336 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=352 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=368 (i32.const 0)) (local.get $choices))))
        ;; question 6
        (local.set $choices (v128.load offset=96 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=384 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=400 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=416 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=432 (i32.const 0)) (local.get $choices))))
        ;; question 7
        (local.set $choices (v128.load offset=112 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=448 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=464 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=480 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=496 (i32.const 0)) (local.get $choices))))
        ;; question 8
        (local.set $choices (v128.load offset=128 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=512 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=528 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=544 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=560 (i32.const 0)) (local.get $choices))))
        ;; question 9
        (local.set $choices (v128.load offset=144 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=576 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=592 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=608 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=624 (i32.const 0)) (local.get $choices))))
        ;; question 10
        (local.set $choices (v128.load offset=160 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=640 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=656 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=672 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=688 (i32.const 0)) (local.get $choices))))
        ;; question 11
        (local.set $choices (v128.load offset=176 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=704 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=720 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=736 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=752 (i32.const 0)) (local.get $choices))))
        ;; question 12
        (local.set $choices (v128.load offset=192 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=768 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=784 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=800 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=816 (i32.const 0)) (local.get $choices))))
        ;; question 13
        (local.set $choices (v128.load offset=208 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=832 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=848 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=864 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=880 (i32.const 0)) (local.get $choices))))
        ;; question 14
        (local.set $choices (v128.load offset=224 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=896 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=912 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=928 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=944 (i32.const 0)) (local.get $choices))))
        ;; question 15
        (local.set $choices (v128.load offset=240 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=960 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=976 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=992 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=1008 (i32.const 0)) (local.get $choices))))
        ;; question 16
        (local.set $choices (v128.load offset=256 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=1024 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=1040 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=1056 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=1072 (i32.const 0)) (local.get $choices))))
        ;; question 17
        (local.set $choices (v128.load offset=272 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=1088 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=1104 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=1120 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=1136 (i32.const 0)) (local.get $choices))))
        ;; question 18
        (local.set $choices (v128.load offset=288 (local.get $planes)))
        (local.set $d0 (i8x16.add (local.get $d0) (i8x16.relaxed_swizzle (v128.load offset=1152 (i32.const 0)) (local.get $choices))))
        (local.set $d1 (i8x16.add (local.get $d1) (i8x16.relaxed_swizzle (v128.load offset=1168 (i32.const 0)) (local.get $choices))))
        (local.set $d2 (i8x16.add (local.get $d2) (i8x16.relaxed_swizzle (v128.load offset=1184 (i32.const 0)) (local.get $choices))))
        (local.set $d3 (i8x16.add (local.get $d3) (i8x16.relaxed_swizzle (v128.load offset=1200 (i32.const 0)) (local.get $choices))))
        (local.set $low01 (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $d0) (local.get $d1)))
        (local.set $high01 (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $d0) (local.get $d1)))
        (local.set $low23 (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $d2) (local.get $d3)))
        (local.set $high23 (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $d2) (local.get $d3)))
        (v128.store offset=0 (local.get $packed) (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $low01) (local.get $low23)))
        (v128.store offset=16 (local.get $packed) (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $low01) (local.get $low23)))
        (v128.store offset=32 (local.get $packed) (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $high01) (local.get $high23)))
        (v128.store offset=48 (local.get $packed) (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $high01) (local.get $high23)))
        (local.set $planes (i32.add (local.get $planes) (i32.const 304)))
        (local.set $packed (i32.add (local.get $packed) (i32.const 64)))
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
        (i32.store offset=65536 (local.get $at) (i32.add (i32.load offset=65536 (local.get $at)) (i32.const 1)))
        (local.set $at (i32.shl (i32.shr_u (local.get $word) (i32.const 16)) (i32.const 2)))
        (i32.store offset=327680 (local.get $at) (i32.add (i32.load offset=327680 (local.get $at)) (i32.const 1)))
        (local.set $packed (i32.add (local.get $packed) (i32.const 4)))
        (br_if $member (i32.lt_u (local.get $packed) (local.get $end))))))

  ;; Each lane's histogram summed out of the joint ones (SIZE × SIZE), which are cleared for the next sweep.
  (func (export "marginals")
    (local $second i32) (local $first i32) (local $at i32) (local $a i32) (local $b i32)
    (local $low i32) (local $high i32)
    (memory.fill (i32.const 4096) (i32.const 0) (i32.const 2048))
    (loop $row
      (local.set $low (i32.const 0))
      (local.set $high (i32.const 0))
      (local.set $first (i32.const 0))
      (local.set $at (i32.shl (local.get $second) (i32.const 10)))
      (loop $column
        (local.set $a (i32.load offset=65536 (local.get $at)))
        (local.set $b (i32.load offset=327680 (local.get $at)))
        (i32.store offset=65536 (local.get $at) (i32.const 0))
        (i32.store offset=327680 (local.get $at) (i32.const 0))
        (local.set $low (i32.add (local.get $low) (local.get $a)))
        (local.set $high (i32.add (local.get $high) (local.get $b)))
        (local.set $at (i32.shl (local.get $first) (i32.const 2)))
        (i32.store offset=4096 (local.get $at)
          (i32.add (i32.load offset=4096 (local.get $at)) (local.get $a)))
        (i32.store offset=5120 (local.get $at)
          (i32.add (i32.load offset=5120 (local.get $at)) (local.get $b)))
        (local.set $first (i32.add (local.get $first) (i32.const 1)))
        (local.set $at (i32.add (i32.shl (local.get $second) (i32.const 10)) (i32.shl (local.get $first) (i32.const 2))))
        (br_if $column (i32.lt_u (local.get $first) (i32.const 77))))
      (local.set $at (i32.shl (local.get $second) (i32.const 2)))
      (i32.store offset=4608 (local.get $at) (local.get $low))
      (i32.store offset=5632 (local.get $at) (local.get $high))
      (local.set $second (i32.add (local.get $second) (i32.const 1)))
      (br_if $row (i32.lt_u (local.get $second) (i32.const 77)))))

  ;; Histograms of a small group straight from the words: four increments a member, no fixed cost.
  (func (export "countLanes") (param $packed i32) (param $count i32)
    (local $end i32) (local $word i32)
    (memory.fill (i32.const 4096) (i32.const 0) (i32.const 2048))
    (local.set $end (i32.add (local.get $packed) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (br_if $done (i32.ge_u (local.get $packed) (local.get $end)))
      (loop $member
        (local.set $word (i32.load (local.get $packed)))
        (i32.store offset=4096 (i32.shl (i32.and (i32.shr_u (local.get $word) (i32.const 0)) (i32.const 0xff)) (i32.const 2))
          (i32.add (i32.load offset=4096 (i32.shl (i32.and (i32.shr_u (local.get $word) (i32.const 0)) (i32.const 0xff)) (i32.const 2))) (i32.const 1)))
        (i32.store offset=4608 (i32.shl (i32.and (i32.shr_u (local.get $word) (i32.const 8)) (i32.const 0xff)) (i32.const 2))
          (i32.add (i32.load offset=4608 (i32.shl (i32.and (i32.shr_u (local.get $word) (i32.const 8)) (i32.const 0xff)) (i32.const 2))) (i32.const 1)))
        (i32.store offset=5120 (i32.shl (i32.and (i32.shr_u (local.get $word) (i32.const 16)) (i32.const 0xff)) (i32.const 2))
          (i32.add (i32.load offset=5120 (i32.shl (i32.and (i32.shr_u (local.get $word) (i32.const 16)) (i32.const 0xff)) (i32.const 2))) (i32.const 1)))
        (i32.store offset=5632 (i32.shl (i32.and (i32.shr_u (local.get $word) (i32.const 24)) (i32.const 0xff)) (i32.const 2))
          (i32.add (i32.load offset=5632 (i32.shl (i32.and (i32.shr_u (local.get $word) (i32.const 24)) (i32.const 0xff)) (i32.const 2))) (i32.const 1)))
        (local.set $packed (i32.add (local.get $packed) (i32.const 4)))
        (br_if $member (i32.lt_u (local.get $packed) (local.get $end))))))

  ;; Keeps member j among its slot's three lowest (rank, position), as domain/tiers.ts does: the caller
  ;; has checked rank < bound; strict comparisons keep the earlier position ahead on equal rank.
  (func $keep (param $slot i32) (param $j i32) (param $rank i32)
    (local $base i32) (local $fill i32) (local $i i32) (local $at i32)
    (local.set $base (i32.mul (local.get $slot) (i32.const 12)))
    (local.set $fill (i32.load offset=3360 (i32.shl (local.get $slot) (i32.const 2))))
    (local.set $i (select (local.get $fill) (i32.const 2) (i32.lt_u (local.get $fill) (i32.const 3))))
    (block $placed
      (loop $shift
        (br_if $placed (i32.eqz (local.get $i)))
        (local.set $at (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2))))
        (br_if $placed (i32.ge_u (local.get $rank) (i32.load offset=3068 (local.get $at))))
        (i32.store offset=3072 (local.get $at) (i32.load offset=3068 (local.get $at)))
        (i32.store offset=3216 (local.get $at) (i32.load offset=3212 (local.get $at)))
        (local.set $i (i32.sub (local.get $i) (i32.const 1)))
        (br $shift)))
    (local.set $at (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2))))
    (i32.store offset=3072 (local.get $at) (local.get $rank))
    (i32.store offset=3216 (local.get $at) (local.get $j))
    (if (i32.lt_u (local.get $fill) (i32.const 3))
      (then (i32.store offset=3360 (i32.shl (local.get $slot) (i32.const 2)) (i32.add (local.get $fill) (i32.const 1)))))
    (if (i32.ge_u (local.get $fill) (i32.const 2))
      (then (i64.store offset=3408 (i32.shl (local.get $slot) (i32.const 3))
        (i64.extend_i32_u (i32.load offset=3080 (local.get $base)))))))

  ;; The scan: 16 members (64 bytes of words) a step, compared with the three wanted vectors into one
  ;; 64-bit mask (bit 4i + lane: member i, lane), whose set bits are visited lowest first, so on equal
  ;; rank the earlier member is seen first; only they pay for the rank. Sixteen members a step rather
  ;; than four: a step almost always has a hit, so the branches follow the hits, not the members.
  (func (export "scan") (param $packed i32) (param $hashes i32) (param $blocks i32)
    (local $nearest v128) (local $farthest v128) (local $middle v128) (local $words v128)
    (local $hits i64) (local $bit i32) (local $lane i32) (local $j i32) (local $slot i32) (local $rank i32)
    (local $first i32)
    (local.set $nearest (v128.load offset=1216 (i32.const 0)))
    (local.set $farthest (v128.load offset=1232 (i32.const 0)))
    (local.set $middle (v128.load offset=1248 (i32.const 0)))
    (block $done
      (br_if $done (i32.eqz (local.get $blocks)))
      (loop $block
        ;; Four quads of four members, each compared with the three wanted vectors (bits 16 × quad on).
        (local.set $hits (i64.or
          (i64.or
            (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or
              (v128.or (i8x16.eq (local.tee $words (v128.load offset=0 (local.get $packed))) (local.get $nearest))
                       (i8x16.eq (local.get $words) (local.get $farthest)))
              (i8x16.eq (local.get $words) (local.get $middle)))))
            (i64.const 0))
            (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or
              (v128.or (i8x16.eq (local.tee $words (v128.load offset=16 (local.get $packed))) (local.get $nearest))
                       (i8x16.eq (local.get $words) (local.get $farthest)))
              (i8x16.eq (local.get $words) (local.get $middle)))))
            (i64.const 16)))
          (i64.or
            (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or
              (v128.or (i8x16.eq (local.tee $words (v128.load offset=32 (local.get $packed))) (local.get $nearest))
                       (i8x16.eq (local.get $words) (local.get $farthest)))
              (i8x16.eq (local.get $words) (local.get $middle)))))
            (i64.const 32))
            (i64.shl (i64.extend_i32_u (i8x16.bitmask (v128.or
              (v128.or (i8x16.eq (local.tee $words (v128.load offset=48 (local.get $packed))) (local.get $nearest))
                       (i8x16.eq (local.get $words) (local.get $farthest)))
              (i8x16.eq (local.get $words) (local.get $middle)))))
            (i64.const 48)))))
        (block $none
          (br_if $none (i64.eqz (local.get $hits)))
          (loop $hit
            (local.set $bit (i32.wrap_i64 (i64.ctz (local.get $hits))))
            (local.set $hits (i64.and (local.get $hits) (i64.sub (local.get $hits) (i64.const 1))))
            (local.set $lane (i32.and (local.get $bit) (i32.const 3)))
            (local.set $j (i32.add (local.get $first) (i32.shr_u (local.get $bit) (i32.const 2))))
            (local.set $slot (i32.add (i32.mul (local.get $lane) (i32.const 3))
              (i32.sub (i32.load8_u offset=2048
                (i32.or (i32.shl (local.get $lane) (i32.const 8)) (i32.load8_u (i32.add (local.get $packed) (local.get $bit)))))
                (i32.const 1))))
            (local.set $rank (call $mix32 (i32.xor
              (i32.load offset=1264 (i32.shl (local.get $lane) (i32.const 2)))
              (i32.load (i32.add (local.get $hashes) (i32.shl (local.get $j) (i32.const 2)))))))
            (if (i64.lt_u (i64.extend_i32_u (local.get $rank)) (i64.load offset=3408 (i32.shl (local.get $slot) (i32.const 3))))
              (then (call $keep (local.get $slot) (local.get $j) (local.get $rank))))
            (br_if $hit (i64.ne (local.get $hits) (i64.const 0)))))
        (local.set $packed (i32.add (local.get $packed) (i32.const 64)))
        (local.set $first (i32.add (local.get $first) (i32.const 16)))
        (br_if $block (local.tee $blocks (i32.sub (local.get $blocks) (i32.const 1)))))))
)
