import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Artwork is composed from twemoji SVGs on a soft background. No text is drawn: fonts may be missing.

const twemojiDir = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
const emojiCache = new Map<string, string>();

/** Twemoji names files by code points; FE0F is dropped unless the emoji is a ZWJ sequence. */
export function twemojiFile(emoji: string): string {
  const points = [...emoji].map((c) => c.codePointAt(0)!.toString(16));
  const kept = points.includes('200d') ? points : points.filter((p) => p !== 'fe0f');
  return join(twemojiDir, `${kept.join('-')}.svg`);
}

/** The inner markup of an emoji's 36×36 SVG. Throws when twemoji has no such emoji. */
function emojiBody(emoji: string): string {
  let body = emojiCache.get(emoji);
  if (body === undefined) {
    const source = readFileSync(twemojiFile(emoji), 'utf8');
    const match = /<svg[^>]*>([\s\S]*)<\/svg>\s*$/.exec(source);
    if (!match) throw new Error(`Unexpected twemoji SVG for ${emoji}`);
    body = match[1];
    emojiCache.set(emoji, body);
  }
  return body;
}

let idCounter = 0;

/** One emoji of `size` px centred on (cx, cy); ids are renamed so several emojis can share a picture. */
function placeEmoji(emoji: string, cx: number, cy: number, size: number, rotate = 0, opacity = 1): string {
  const prefix = `e${++idCounter}-`;
  const body = emojiBody(emoji)
    .replace(/id="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
  const half = size / 2;
  return (
    `<g transform="translate(${cx} ${cy}) rotate(${rotate})" opacity="${opacity}">` +
    `<svg x="${-half}" y="${-half}" width="${size}" height="${size}" viewBox="0 0 36 36">${body}</svg></g>`
  );
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const k = Math.abs(amount);
  const mixed = parseHex(hex).map((c) => Math.round(c + (target - c) * k));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Rotates the hue a little by swapping channels, for a second background that still feels related. */
function sibling(hex: string): string {
  const [r, g, b] = parseHex(hex);
  return `#${[b, r, g].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export type TileVariant = 1 | 2 | 3;

/** A square product or category picture. Variants differ in background and pose for the detail page. */
export function tileSvg(size: number, emoji: string, color: string, variant: TileVariant = 1): string {
  const s = size;
  const base = variant === 2 ? shade(sibling(color), 0.25) : color;
  const from = shade(base, 0.55);
  const to = variant === 3 ? shade(base, -0.08) : base;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">`,
    `<defs><radialGradient id="bg" cx="0.35" cy="0.3" r="0.95"><stop offset="0" stop-color="${from}"/>`,
    `<stop offset="1" stop-color="${to}"/></radialGradient></defs>`,
    `<rect width="${s}" height="${s}" fill="url(#bg)"/>`,
  ];
  if (variant === 1) {
    parts.push(
      `<ellipse cx="${s / 2}" cy="${s * 0.8}" rx="${s * 0.28}" ry="${s * 0.05}" fill="#000" opacity="0.08"/>`,
    );
    parts.push(placeEmoji(emoji, s / 2, s * 0.47, s * 0.6));
  } else if (variant === 2) {
    parts.push(`<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.38}" fill="#fff" opacity="0.45"/>`);
    parts.push(placeEmoji(emoji, s / 2, s / 2, s * 0.52, -14));
  } else {
    for (const [x, y] of [
      [0.18, 0.2],
      [0.82, 0.22],
      [0.2, 0.8],
      [0.8, 0.82],
    ]) {
      parts.push(placeEmoji(emoji, s * x, s * y, s * 0.16, 20, 0.35));
    }
    parts.push(placeEmoji(emoji, s / 2, s / 2, s * 0.46, 8));
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A wide banner: a diagonal gradient with emojis scattered over its right half. */
export function bannerSvg(width: number, height: number, emojis: string[], colors: [string, string]): string {
  const [from, to] = colors;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>`,
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<circle cx="${width * 0.78}" cy="${height * 0.5}" r="${height * 0.62}" fill="#fff" opacity="0.18"/>`,
    `<circle cx="${width * 0.1}" cy="${height * 0.95}" r="${height * 0.35}" fill="#fff" opacity="0.1"/>`,
  ];
  // Fixed slots keep the layout balanced whatever the emojis are.
  const slots = [
    { x: 0.78, y: 0.5, size: 0.62, rotate: -6 },
    { x: 0.6, y: 0.3, size: 0.34, rotate: 12 },
    { x: 0.93, y: 0.26, size: 0.3, rotate: -14 },
    { x: 0.62, y: 0.76, size: 0.3, rotate: 8 },
    { x: 0.94, y: 0.78, size: 0.26, rotate: 16 },
  ];
  emojis.slice(0, slots.length).forEach((emoji, i) => {
    const slot = slots[i];
    parts.push(placeEmoji(emoji, width * slot.x, height * slot.y, height * slot.size, slot.rotate));
  });
  // A few small, faint emojis on the left give texture where the storefront may overlay a caption.
  emojis.slice(0, 3).forEach((emoji, i) => {
    parts.push(
      placeEmoji(emoji, width * (0.08 + i * 0.14), height * (0.2 + (i % 2) * 0.12), height * 0.14, -10, 0.25),
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
