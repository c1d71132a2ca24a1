import { forwardRef, useState } from 'react';
import { BsImage } from 'react-icons/bs';
import { useTranslation } from '../i18n/use-translation';
import { lightPicture } from '../lib/save-data';

interface Props {
  src: string;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** "high" for the picture that is the page's largest (its LCP element). */
  fetchPriority?: 'high' | 'auto';
}

/** An image that swaps in a placeholder icon when it fails to load. */
export const ProductImage = forwardRef<HTMLImageElement, Props>(function ProductImage(
  { src, alt, className, loading = 'lazy', fetchPriority },
  ref,
) {
  // Remember which source failed, so a new source gets its own chance.
  const { t } = useTranslation();
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const broken = brokenSrc === src;
  if (broken)
    return (
      <div
        className="image-placeholder"
        role="img"
        aria-label={alt ? t('{{alt}} (image unavailable)', { alt }) : t('Image unavailable')}
      >
        <BsImage aria-hidden="true" />
      </div>
    );
  return (
    <img
      ref={ref}
      // Save-Data or a 2g/3g line: the 192 px copy (thumbnails are stored at 300 px).
      src={lightPicture(src, 192)}
      alt={alt}
      className={className}
      // Square product pictures; the size shown comes from CSS. The attributes let the browser
      // reserve the box before the file arrives.
      width={600}
      height={600}
      loading={loading}
      fetchPriority={fetchPriority}
      onError={() => setBrokenSrc(src)}
    />
  );
});
