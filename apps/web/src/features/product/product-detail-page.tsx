import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ProductRow } from '../../components/product-row';
import { UnitPriceText } from '../../components/unit-price';
import { otherName } from '../../i18n/local-name';
import { useTranslation } from '../../i18n/use-translation';
import { formatRsDot } from '../../lib/money';
import {
  discountPercent,
  isOutOfStock,
  productImage,
  productName,
  productTitle,
  sellingPrice,
} from '../../lib/product';
import { toast } from '../../lib/toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRequest } from '../../lib/use-request';
import { useAddToCart } from '../cart/use-add-to-cart';
import { useBuyNow } from '../cart/use-buy-now';
import { productViewed } from '../recently-viewed/recently-viewed-slice';
import { useRecentlyViewedProducts } from '../recently-viewed/use-recently-viewed-products';
import { AddToCartButton } from './add-to-cart-button';
import { ImageZoom } from './image-zoom';
import { NotifyMe } from './notify-me';
import { DetailError, loadProductDetail } from './product-detail-api';
import { clampQuantity, QuantityStepper, STOCK_WARNING } from './quantity-stepper';
import { ReviewList } from './review-list';
import { SizePicker } from './size-picker';
import { StickyBuyBar } from './sticky-buy-bar';

// The gallery's code (and its library) loads on the first tap on the picture, not with the page.
const ProductGallery = lazy(() => import('./product-gallery').then((m) => ({ default: m.ProductGallery })));

export function ProductDetailPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const withSession = useAppSelector((s) => Boolean(s.auth.access && s.auth.user_id));
  const { data, error, loading } = useRequest(
    (signal) => loadProductDetail(slug, withSession, signal),
    [slug],
  );

  if (loading)
    return (
      <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
        <span className="spinner-border text-success-emphasis" aria-hidden="true" />
        <span>{t('Loading product details...')}</span>
      </div>
    );
  if (error || !data)
    return (
      <div className="text-center py-5">
        <h1 className="h2">{t('Oops!')}</h1>
        <p className="text-danger-emphasis">
          {error instanceof DetailError ? t(error.message) : t('Failed to load product details.')}
        </p>
        <p>{t('We could not find the product you were looking for.')}</p>
        <Link to="/" className="btn btn-success">
          {t('Return to Shop')}
        </Link>
      </div>
    );
  return <ProductDetail key={data.product.id} {...data} />;
}

function ProductDetail({
  product,
  sizes,
  reviews,
  recommended,
}: Awaited<ReturnType<typeof loadProductDetail>>) {
  const { t } = useTranslation();
  const title = productTitle(product);
  const second = otherName(product.title, product.nepali_title);
  const selling = sellingPrice(product);
  const marked = product.marked_price;
  const percent = discountPercent(marked, selling);
  const stock = Math.max(0, product.total_available_quantity ?? 0);
  const outOfStock = isOutOfStock(product);
  const { adding, add } = useAddToCart();
  const { buy } = useBuyNow();
  usePageMeta(title, product.short_description || product.description || t('{{title}} at Pasal', { title }));

  // One array per product: the gallery starts over at `index` when it is handed new pictures.
  const images = useMemo(() => uniqueImages(product), [product]);
  const [mainImage, setMainImage] = useState(images[0]?.image ?? productImage(product));
  const [quantity, setQuantity] = useState(1);
  /** The picture the gallery shows, or null while it is closed; undefined until first opened. */
  const [galleryIndex, setGalleryIndex] = useState<number | null | undefined>(undefined);
  const buttons = useRef<HTMLDivElement>(null);
  const dispatch = useAppDispatch();
  const recentlyViewed = useRecentlyViewedProducts(product.id);

  useEffect(() => {
    dispatch(productViewed({ id: product.id, slug: product.slug || String(product.id) }));
  }, [dispatch, product.id, product.slug]);

  // If the stock falls below the chosen quantity, bring the quantity down (never below 1).
  useEffect(() => {
    setQuantity((q) => clampQuantity(q, stock));
  }, [stock]);

  const prices = { selling, marked };
  // The detail page really adds the chosen quantity (DECISIONS.md §4).
  const addToCart = () =>
    add(product, {
      quantity,
      prices,
      announce: t('Item added to cart!'),
      outOfStockText: t('This item is out of stock'),
    });
  const buyNow = () => buy(product, quantity, prices);
  const addButton = (className?: string) => (
    <AddToCartButton adding={adding} outOfStock={outOfStock} onAdd={addToCart} className={className} />
  );
  const openGallery = () =>
    setGalleryIndex(
      Math.max(
        0,
        images.findIndex((img) => img.image === mainImage),
      ),
    );

  return (
    <article>
      <nav aria-label={t('breadcrumb')}>
        <ol className="breadcrumb">
          <li className="breadcrumb-item">
            <Link to="/">{t('Home')}</Link>
          </li>
          <li className="breadcrumb-item active" aria-current="page">
            {title}
          </li>
        </ol>
      </nav>
      <div className="row g-4">
        <div className="col-12 col-lg-5">
          <ImageZoom
            src={mainImage}
            alt={title}
            onOpen={images.length > 0 ? openGallery : undefined}
            openLabel={t('Open the pictures of {{title}} full screen', { title })}
          />
          {images.length > 1 && (
            <ul className="d-flex flex-wrap gap-2 list-unstyled mt-2 mb-0" aria-label={t('Product images')}>
              {images.map((img, i) => (
                <li key={img.image}>
                  <button
                    type="button"
                    className={`thumb-btn ${img.image === mainImage ? 'is-selected' : ''}`}
                    aria-label={t('Show image {{number, n}} of {{title}}', { number: i + 1, title })}
                    aria-pressed={img.image === mainImage}
                    onClick={() => setMainImage(img.image)}
                  >
                    <img src={img.thumbnail_image || img.image} alt="" className="thumb-img" loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="col-12 col-lg-7">
          <h1 className="h3 mb-1" lang={productName(product).lang}>
            {title}
          </h1>
          {second && (
            <p className="text-body-secondary mb-2" lang={second.lang}>
              {second.text}
            </p>
          )}
          {product.short_description && <p>{product.short_description}</p>}
          <p className={`fw-semibold ${outOfStock ? 'text-danger-emphasis' : 'text-success-emphasis'}`}>
            {outOfStock ? t('Out of Stock') : t('In Stock')}
          </p>
          <p className="d-flex flex-wrap align-items-baseline gap-2">
            <span className="fs-4 fw-bold text-success-emphasis">{formatRsDot(selling)}</span>
            {marked > selling && <del className="text-body-secondary">{formatRsDot(marked)}</del>}
            {percent > 0 && (
              <span className="badge text-bg-warning">{t('{{percent, n}}% off', { percent })}</span>
            )}
            <UnitPriceText unitPrice={product.unit_price} className="text-body-secondary" />
          </p>
          <SizePicker sizes={sizes} currentId={product.id} />
          <QuantityStepper
            value={quantity}
            stock={stock}
            onChange={setQuantity}
            onLimit={(n) => toast.warning(t(STOCK_WARNING, { count: n }), { toastId: `stock-${product.id}` })}
          />
          <div ref={buttons} className="d-flex flex-wrap gap-2 mt-3">
            {addButton()}
            <button type="button" className="btn btn-warning" onClick={buyNow} disabled={outOfStock}>
              {t('Buy now')}
            </button>
          </div>
          {outOfStock && <NotifyMe productId={product.id} />}
        </div>
      </div>
      <Tabs defaultActiveKey="description" className="mt-4" id="product-tabs">
        <Tab eventKey="description" title={t('Description')} className="pt-3">
          <p style={{ whiteSpace: 'pre-line' }}>{product.description || product.short_description}</p>
        </Tab>
        <Tab
          eventKey="reviews"
          title={t('Reviews({{count, n}})', { count: reviews.length })}
          className="pt-3"
        >
          <ReviewList productId={product.id} reviews={reviews} />
        </Tab>
      </Tabs>
      <ProductRow title={t('Related products')} products={recommended} />
      <ProductRow title={t('Recently viewed')} products={recentlyViewed} />
      <StickyBuyBar anchor={buttons} title={title} selling={selling}>
        {addButton('flex-shrink-0')}
      </StickyBuyBar>
      {galleryIndex !== undefined && images.length > 0 && (
        <Suspense fallback={null}>
          <ProductGallery
            images={images}
            title={title}
            index={galleryIndex ?? 0}
            open={galleryIndex !== null}
            onView={(i) => setMainImage(images[i].image)}
            onClose={() => setGalleryIndex(null)}
          />
        </Suspense>
      )}
    </article>
  );
}

/** The primary image first, then the other product images, without duplicates. */
function uniqueImages(p: Parameters<typeof productImage>[0]) {
  const all = [p.primary_image, ...(p.product_images ?? [])].filter(
    (i): i is { image: string; thumbnail_image: string } => Boolean(i?.image),
  );
  return all.filter((img, i) => all.findIndex((o) => o.image === img.image) === i);
}
