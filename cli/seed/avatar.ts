import sharp from 'sharp';
import { SeededRandom, seedKey } from './seeded-random.js';
import type { SeedUser } from './seed-user-generator.js';

export const AVATAR_SIZE = 256;

/** A separate stream from the user's own, so adding avatars changes nothing else about them. */
const AVATAR_STREAM = 0xa7a7a2;

export function seedAvatar(user: SeedUser, seed: number): Promise<Buffer> {
  return avatarPng(user.name, new SeededRandom(seedKey(seed), user.index, AVATAR_STREAM));
}

/**
 * A generated profile photo: a diagonal two-colour gradient with the person's initials, as a PNG. The
 * colours come from the person's own random stream, so the same seed gives the same picture.
 */
export async function avatarPng(name: string, random: SeededRandom): Promise<Buffer> {
  const hue = random.int(0, 359);
  const from = `hsl(${hue}, 70%, 62%)`;
  const to = `hsl(${(hue + 40 + random.int(0, 80)) % 360}, 65%, 42%)`;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')
    .replace(/[^A-Z]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
        font-size="${AVATAR_SIZE * 0.4}" font-weight="bold" fill="#ffffff" fill-opacity="0.92">${initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
