import { useMemo } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { useTranslation } from '../../i18n/use-translation';

export interface GalleryImage {
  image: string;
}

interface Props {
  images: GalleryImage[];
  /** The product's title: the dialog's name and each picture's alt text. */
  title: string;
  /** The picture it opens at. */
  index: number;
  open: boolean;
  /** The picture on show changed (the page's main picture follows). */
  onView(index: number): void;
  onClose(): void;
}

/**
 * The product's pictures full screen (decision 054): a modal dialog (the page behind is inert and
 * hidden from screen readers; focus goes back to where it was on closing), Escape or the close
 * button to leave, arrow keys, buttons and swipes between pictures, pinch, double tap and wheel
 * to zoom. yet-another-react-lightbox with its Zoom plugin; this module is its own lazy chunk,
 * loaded on the first tap.
 */
export function ProductGallery({ images, title, index, open, onView, onClose }: Props) {
  const { t } = useTranslation();
  const single = images.length < 2;
  // The same slides while it is open: new ones would send it back to `index`.
  const slides = useMemo(() => images.map((img) => ({ src: img.image, alt: title })), [images, title]);
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom]}
      on={{ view: ({ index: shown }) => onView(shown) }}
      // The first and last pictures are ends: the previous/next button is then disabled.
      carousel={{ finite: true, padding: 0 }}
      controller={{ closeOnBackdropClick: true, closeOnPullDown: true }}
      zoom={{ maxZoomPixelRatio: 2, doubleClickMaxStops: 2 }}
      render={single ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      labels={{
        Lightbox: t('Pictures of {{title}}', { title }),
        'Photo gallery': t('Pictures of {{title}}', { title }),
        Carousel: t('Pictures'),
        Slide: t('Picture'),
        // The library puts the numbers in.
        '{index} of {total}': t('Picture {{number, n}} of {{total, n}}', {
          number: '{index}',
          total: '{total}',
        }),
        Previous: t('Previous picture'),
        Next: t('Next picture'),
        Close: t('Close the pictures'),
        'Zoom in': t('Zoom in'),
        'Zoom out': t('Zoom out'),
      }}
    />
  );
}
