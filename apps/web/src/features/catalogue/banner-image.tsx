import type { Banner } from '@pasal/contract/catalogue';
import { BANNER_SIZES, BANNER_WIDTH, mediaSrcSet } from '@pasal/contract/picture-widths';

/** `onSettled`: the picture has loaded (or failed to). */
export function BannerImage({
  banner,
  first,
  onSettled,
}: {
  banner: Banner;
  first: boolean;
  onSettled?: () => void;
}) {
  return (
    <img
      // A phone takes a copy as wide as its screen, not the 1600 px file (early-requests.ts preloads
      // the same). Before src: a browser that saw src first could start that file too.
      sizes={BANNER_SIZES}
      srcSet={mediaSrcSet(banner.image, BANNER_WIDTH)}
      src={banner.image}
      alt={banner.title}
      className="banner-img d-block"
      width={1200}
      height={400}
      loading={first ? 'eager' : 'lazy'}
      // The first banner is the home page's largest picture: fetch it before the others.
      fetchPriority={first ? 'high' : 'auto'}
      onLoad={onSettled}
      onError={onSettled}
    />
  );
}
