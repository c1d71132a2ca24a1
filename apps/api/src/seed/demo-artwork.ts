import { IMAGE_SIZES, mediaPath } from '../lib/images';
import { bannerSvg, type TileVariant, tileSvg } from './artwork-svg';
import { categoryTree, demoProducts } from './catalogue-data';
import { demoBanners } from './marketing-data';
import { type ArtworkJob, type RenderStats, renderArtwork } from './render-artwork';

// Which pictures the demo data needs, where they live below the media folder, and how to draw them.

export interface ImagePaths {
  /** Relative media path stored in the database, e.g. `/media/products/x.webp`. */
  image: string;
  thumbnail: string;
}

/** Every product has a primary picture plus one or two alternates (every third product gets two). */
export function productVariants(productIndex: number): TileVariant[] {
  return productIndex % 3 === 0 ? [1, 2, 3] : [1, 2];
}

function productFile(slug: string, variant: TileVariant, thumb: boolean): string {
  const suffix = variant === 1 ? '' : `-${variant}`;
  return `products/${slug}${suffix}${thumb ? '-thumb' : ''}.webp`;
}

export function productImagePaths(slug: string, productIndex: number): ImagePaths[] {
  return productVariants(productIndex).map((variant) => ({
    image: mediaPath(productFile(slug, variant, false)),
    thumbnail: mediaPath(productFile(slug, variant, true)),
  }));
}

export function categoryImagePath(slug: string): string {
  return mediaPath(`categories/${slug}.webp`);
}

export function bannerImagePath(position: number): string {
  return mediaPath(`banners/${position}.webp`);
}

export function demoArtworkJobs(): ArtworkJob[] {
  const jobs: ArtworkJob[] = [];
  const colorOf = new Map<string, string>();
  for (const top of categoryTree) {
    for (const category of [top, ...top.subcategories]) {
      colorOf.set(category.slug, category.color);
      jobs.push({
        file: `categories/${category.slug}.webp`,
        svg: () => tileSvg(IMAGE_SIZES.category.width, category.emoji, category.color),
      });
    }
  }
  demoProducts.forEach((product, index) => {
    const color = colorOf.get(product.categorySlug) ?? '#eeeeee';
    for (const variant of productVariants(index)) {
      jobs.push({
        file: productFile(product.slug, variant, false),
        svg: () => tileSvg(IMAGE_SIZES.product.width, product.emoji, color, variant),
      });
      jobs.push({
        file: productFile(product.slug, variant, true),
        svg: () => tileSvg(IMAGE_SIZES.productThumb.width, product.emoji, color, variant),
      });
    }
  });
  demoBanners.forEach((banner, i) => {
    jobs.push({
      file: `banners/${i + 1}.webp`,
      svg: () => bannerSvg(IMAGE_SIZES.banner.width, IMAGE_SIZES.banner.height, banner.emojis, banner.colors),
    });
  });
  return jobs;
}

/** Draws any missing demo picture into mediaDir; files already there are left alone. */
export function renderDemoArtwork(mediaDir: string, concurrency = 4): Promise<RenderStats> {
  return renderArtwork(mediaDir, demoArtworkJobs(), concurrency);
}
