import { expect, test } from 'vitest';
import { mediaSrcSet } from './picture-widths';

test('a catalogue picture lists the narrower copies and itself', () => {
  expect(mediaSrcSet('/media/categories/dairy-eggs.webp', 300)).toBe(
    '/media/w/96/categories/dairy-eggs.webp 96w, /media/w/192/categories/dairy-eggs.webp 192w, ' +
      '/media/categories/dairy-eggs.webp 300w',
  );
  expect(mediaSrcSet('/media/banners/1.webp', 1600)?.split(', ')).toHaveLength(7);
});

test('other addresses get no srcset', () => {
  for (const src of [
    undefined,
    '',
    '/default-category.svg',
    'https://example.com/a.webp',
    '/media/avatars/a.webp',
  ])
    expect(mediaSrcSet(src, 300)).toBeUndefined();
});
