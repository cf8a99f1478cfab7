import sharp from 'sharp';

/**
 * A portrait-like PNG made on the fly (no binary fixtures in the repository): a coloured background with a
 * head-and-shoulders silhouette, so previews and match cards in the screenshots look like a photo slot.
 */
export async function avatarPng(hue: number, size = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,45%)"/>
    </linearGradient></defs>
    <rect width="100" height="100" fill="url(#g)"/>
    <circle cx="50" cy="40" r="17" fill="hsl(${hue},30%,92%)"/>
    <path d="M18 100c2-22 16-32 32-32s30 10 32 32z" fill="hsl(${hue},30%,92%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
