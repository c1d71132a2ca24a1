import type { Banner } from '@pasal/contract/catalogue';

export function BannerImage({ banner, first }: { banner: Banner; first: boolean }) {
  return (
    <img
      src={banner.image}
      alt={banner.title}
      className="banner-img d-block"
      width={1200}
      height={400}
      loading={first ? 'eager' : 'lazy'}
      // The first banner is the home page's largest picture: fetch it before the others.
      fetchPriority={first ? 'high' : 'auto'}
    />
  );
}
