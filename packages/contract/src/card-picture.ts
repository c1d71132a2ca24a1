/** What a product card shows when the product has no picture (apps/web/public/default-image.jpg). */
export const DEFAULT_PICTURE = '/default-image.jpg';

/** The picture fields of a product as they arrive; any may be missing on older or partial records. */
export interface PictureFields {
  thumbnail?: string | null;
  image?: string | null;
  primary_image?: { image?: string | null; thumbnail_image?: string | null } | null;
  product_images?: { image?: string | null; thumbnail_image?: string | null }[];
}

/**
 * The picture a product card shows: thumbnail, image, legacy image, first product image, default
 * image (shopping.md §2 Product card). The storefront's card and the server's shell of a category
 * or search page (apps/api/src/modules/catalogue/list-head.ts) both pick by it, so the shell's
 * picture is the file the card then shows.
 */
export function cardPicture(p: PictureFields): string {
  return (
    p.thumbnail ||
    p.primary_image?.thumbnail_image ||
    p.primary_image?.image ||
    p.image ||
    p.product_images?.[0]?.image ||
    p.product_images?.[0]?.thumbnail_image ||
    DEFAULT_PICTURE
  );
}
