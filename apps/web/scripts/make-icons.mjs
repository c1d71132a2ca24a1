// Draws the installed app's icons (public/icons/*.png) from the logo in public/favicon.svg with
// sharp (the API's image library). Run after changing the logo: node apps/web/scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const logo = readFileSync(join(web, 'public/favicon.svg'), 'utf8');
const out = (name) => join(web, 'public/icons', name);

// "any": the logo as it is, its rounded green tile filling the square.
for (const size of [192, 512]) {
  await sharp(Buffer.from(logo), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out(`pasal-${size}.png`));
}

// "maskable": the launcher cuts its own shape, so the green fills the whole square and the letter
// keeps inside the middle 80 % (the safe zone).
const maskable = logo
  .replace('rx="14" ', '')
  .replace('font-size="36"', 'font-size="30"')
  .replace('y="44"', 'y="42.5"');
await sharp(Buffer.from(maskable), { density: (72 * 512) / 64 })
  .resize(512, 512)
  .png({ compressionLevel: 9 })
  .toFile(out('pasal-maskable-512.png'));

// iOS ignores the manifest's icons and rounds the corners itself.
await sharp(Buffer.from(maskable), { density: (72 * 180) / 64 })
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(out('apple-touch-icon.png'));
