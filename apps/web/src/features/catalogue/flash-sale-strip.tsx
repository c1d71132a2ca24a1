import type { FlashSale } from '@pasal/contract/catalogue';
import { useEffect, useRef } from 'react';
import { ProductCard } from '../../components/product-card';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';
import { fetchFlashSales } from './catalogue-api';

/** Milliseconds left until 23:59:59 (local time) of the sale's last day. */
export function timeLeft(toDate: string, now: Date = new Date()): number {
  const end = new Date(`${toDate}T23:59:59`);
  return Math.max(0, end.getTime() - now.getTime());
}

/** The countdown ticks every second but is not displayed (accounts-orders.md §4). */
function useCountdown(toDate: string) {
  const left = useRef(timeLeft(toDate));
  useEffect(() => {
    const id = setInterval(() => {
      left.current = timeLeft(toDate);
    }, 1000);
    return () => clearInterval(id);
  }, [toDate]);
  return left;
}

function FlashSaleCard({ sale }: { sale: FlashSale }) {
  useCountdown(sale.to_date);
  const p = sale.product;
  return (
    <div className="flash-card">
      <ProductCard
        product={{ ...p, image: p.primary_image?.image ?? null }}
        prices={{ selling: sale.discounted_price, marked: sale.original_price }}
      />
    </div>
  );
}

/** `hold`: fetch at once but show nothing yet (the content above it is still loading). */
export function FlashSaleStrip({ hold = false }: { hold?: boolean }) {
  const { t } = useTranslation();
  const { data, error, loading } = useRequest((signal) => fetchFlashSales({ signal }), []);
  if (loading || hold) return null;
  if (error)
    return (
      <section className="alert alert-danger my-4" aria-labelledby="flash-error">
        <h2 id="flash-error" className="h5">
          {t('Error Loading Flash Sales')}
        </h2>
        <p className="mb-2">{errorMessage(error, t('Invalid response format'))}</p>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={() => window.location.reload()}
        >
          {t('Try Again')}
        </button>
      </section>
    );
  if (!data?.length) return null;
  return (
    <section className="my-4" aria-labelledby="flash-sale-heading">
      <h2 id="flash-sale-heading" className="h5 mb-2">
        {t('Flash Sale')}
      </h2>
      <div className="flash-strip">
        {data.map((sale) => (
          <FlashSaleCard key={sale.id} sale={sale} />
        ))}
      </div>
    </section>
  );
}
