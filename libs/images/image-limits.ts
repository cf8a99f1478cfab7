/** Image rules of design.md ('Rules: Images') and the widget's constants (spec section 9). */
export const ImageLimits = {
  maxUploadBytes: 5 * 1024 * 1024,
  /** The longest side kept; larger photos are scaled down, smaller ones never enlarged. */
  maxSide: 1920,
  /**
   * Decoding cost is set by pixels, not bytes: a 5 MB PNG can claim 30000x30000. This bounds memory per
   * upload (≈ 200 MB of RGBA) while leaving room for any phone camera's photo; animated frames add up.
   */
  maxInputPixels: 50_000_000,
  /**
   * Frames of an animation: each costs a decode and an encode however small it is, so thousands of 1-pixel
   * frames (well under the pixel cap) would still take seconds of CPU. A profile animation needs far fewer.
   */
  maxFrames: 100,
  /**
   * Pixels of an animation, all frames together: every frame is encoded at its size, so a 1 MB WebP of 100
   * frames of 700x700 (49 megapixels) took 16 s of a libvips thread; 8 megapixels take 2–3 s.
   */
  maxAnimationPixels: 8_000_000,
  /** Re-encodes running at once in a process: the rest wait, so uploads never take every libuv thread. */
  maxConcurrentJobs: 2,
  /**
   * Uploads waiting for a re-encode, beyond which a new one is refused (429) rather than queued: each waiting
   * upload holds its bytes, and a queue without end makes every member's upload wait for one client's. A member
   * has one upload at a time in the queue (ImageJobs).
   */
  maxWaitingJobs: 8,
  quality: 85,
} as const;
