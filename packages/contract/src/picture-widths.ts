/**
 * The widths the server draws the catalogue's pictures at besides their own
 * (`/media/w/<width>/<folder>/<name>`, apps/api/src/plugins/media-variants.ts; any other width is
 * a 404): the storefront's `srcset`s and the server's preloads list the same.
 */
export const MEDIA_WIDTHS = [96, 192, 320, 480, 800, 1200] as const;

const CATALOGUE_PICTURE = /^\/media\/((?:products|categories|banners)\/[\w-]+\.webp)$/;

/**
 * A `srcset` for a catalogue picture stored `ownWidth` pixels wide: the narrower copies and the
 * picture itself, so a phone takes the smallest file that fills its slot. Undefined for any other
 * address (a placeholder, an outside URL), which is then shown as it is.
 */
export function mediaSrcSet(src: string | null | undefined, ownWidth: number): string | undefined {
  const match = src ? CATALOGUE_PICTURE.exec(src) : null;
  if (!match) return undefined;
  const narrower = MEDIA_WIDTHS.filter((w) => w < ownWidth).map((w) => `/media/w/${w}/${match[1]} ${w}w`);
  return [...narrower, `${src} ${ownWidth}w`].join(', ');
}

/** Stored widths (apps/api/src/lib/images.ts, IMAGE_SIZES). */
export const BANNER_WIDTH = 1600;
export const CATEGORY_WIDTH = 300;

/** The banner's slot: the page's container less its padding (`container-xl`). */
export const BANNER_SIZES = '(min-width: 1400px) 1296px, (min-width: 1200px) 1116px, calc(100vw - 24px)';
