import { forwardRef, useState } from 'react';
import { BsImage } from 'react-icons/bs';

interface Props {
  src: string;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}

/** An image that swaps in a placeholder icon when it fails to load. */
export const ProductImage = forwardRef<HTMLImageElement, Props>(function ProductImage(
  { src, alt, className, loading = 'lazy' },
  ref,
) {
  // Remember which source failed, so a new source gets its own chance.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const broken = brokenSrc === src;
  if (broken)
    return (
      <div
        className="image-placeholder"
        role="img"
        aria-label={alt ? `${alt} (image unavailable)` : 'Image unavailable'}
      >
        <BsImage aria-hidden="true" />
      </div>
    );
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      className={className}
      loading={loading}
      onError={() => setBrokenSrc(src)}
    />
  );
});
