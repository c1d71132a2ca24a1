import type { BrandCount } from '@pasal/contract/product-filters';
import { type ProductSort, rupeesTextToPaisa } from '@pasal/contract/product-sorts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { formatCount } from '../i18n/digits';
import { currentLanguage, msg } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { appliedFilterCount, cleanPrice, type ListFilters, NO_FILTERS } from '../lib/list-filters';

export interface SortChoice {
  /** Undefined: the list's default order. */
  value?: ProductSort;
  label: string;
}

const later: SortChoice[] = [
  { value: 'price_asc', label: msg('Price: low to high') },
  { value: 'price_desc', label: msg('Price: high to low') },
  { value: 'newest', label: msg('Newest') },
  { value: 'best_selling', label: msg('Best selling') },
];
export const SEARCH_SORT_CHOICES: SortChoice[] = [{ label: msg('Relevance') }, ...later];
export const CATEGORY_SORT_CHOICES: SortChoice[] = [{ label: msg('Name (A to Z)') }, ...later];

interface Props {
  filters: ListFilters;
  sorts: SortChoice[];
  /** The server's brands for this list (page 1's answer); undefined while unknown. */
  brands?: BrandCount[];
  onChange(next: ListFilters): void;
}

/**
 * The sort select and a "Filters" button (with how many apply) that opens a panel of price range,
 * stock, sale and brand filters. Every change goes to the address at once (decision 041); the
 * price range when the shopper applies it.
 */
export function ListFilterBar({ filters: current, sorts, brands, onChange: navigate }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  // The router applies a change as a transition (the new list renders in the background): the
  // controls show it at once, until the address catches up.
  const [pending, setPending] = useState<ListFilters | null>(null);
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setPending(null);
  }
  const filters = pending ?? current;
  const onChange = (next: ListFilters) => {
    setPending(next);
    navigate(next);
  };
  const applied = appliedFilterCount(filters);
  const sortIndex = Math.max(
    0,
    sorts.findIndex((s) => s.value === filters.sort),
  );
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
      <Button variant="outline-success" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('Filters')}{' '}
        {applied > 0 && (
          <Badge bg="success">
            {formatCount(applied, currentLanguage())}
            <span className="visually-hidden"> {t('applied')}</span>
          </Badge>
        )}
      </Button>
      <Form.Group controlId={`${id}-sort`} className="ms-auto d-flex align-items-center gap-2">
        <Form.Label className="mb-0 text-nowrap">{t('Sort by')}</Form.Label>
        <Form.Select
          value={String(sortIndex)}
          onChange={(e) => onChange({ ...filters, sort: sorts[Number(e.target.value)]?.value })}
        >
          {sorts.map((s, i) => (
            <option key={s.label} value={String(i)}>
              {t(s.label)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Offcanvas
        id={`${id}-panel`}
        show={open}
        onHide={() => setOpen(false)}
        placement="end"
        aria-labelledby={`${id}-title`}
      >
        <Offcanvas.Header closeButton closeLabel={t('Close filters')}>
          <Offcanvas.Title as="h2" className="h5" id={`${id}-title`}>
            {t('Filters')}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <FilterForm filters={filters} brands={brands} onChange={onChange} />
          <div className="d-flex gap-2 mt-4">
            <Button
              variant="outline-secondary"
              disabled={applied === 0}
              onClick={() => onChange({ ...NO_FILTERS, sort: filters.sort })}
            >
              {t('Clear filters')}
            </Button>
            <Button variant="success" className="ms-auto" onClick={() => setOpen(false)}>
              {t('Show results')}
            </Button>
          </div>
        </Offcanvas.Body>
      </Offcanvas>
    </div>
  );
}

function FilterForm({ filters, brands, onChange }: Omit<Props, 'sorts'>) {
  const { t } = useTranslation();
  const id = useId();
  // The shown brands: the server's, and any ticked one the other filters now leave without products.
  const known = brands ?? [];
  const shown = [
    ...known,
    ...filters.brands.filter((b) => !known.some((k) => k.brand === b)).map((brand) => ({ brand, count: 0 })),
  ];
  const toggleBrand = (brand: string, on: boolean) =>
    onChange({
      ...filters,
      brands: on ? [...filters.brands, brand] : filters.brands.filter((b) => b !== brand),
    });
  return (
    <>
      <PriceRange filters={filters} onChange={onChange} />
      <fieldset className="mt-4">
        <legend className="h6">{t('Availability')}</legend>
        <Form.Check
          id={`${id}-in-stock`}
          label={t('In stock only')}
          checked={filters.inStock}
          onChange={(e) => onChange({ ...filters, inStock: e.target.checked })}
        />
        <Form.Check
          id={`${id}-on-sale`}
          label={t('On sale')}
          checked={filters.onSale}
          onChange={(e) => onChange({ ...filters, onSale: e.target.checked })}
        />
      </fieldset>
      {shown.length > 0 && (
        <fieldset className="mt-4">
          <legend className="h6">{t('Brand')}</legend>
          {shown.map((b, i) => (
            <Form.Check
              key={b.brand}
              id={`${id}-brand-${i}`}
              label={t('{{brand}} ({{count, n}})', { brand: b.brand, count: b.count })}
              checked={filters.brands.includes(b.brand)}
              onChange={(e) => toggleBrand(b.brand, e.target.checked)}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

function PriceRange({ filters, onChange }: Omit<Props, 'sorts' | 'brands'>) {
  const { t } = useTranslation();
  const id = useId();
  const [min, setMin] = useState(filters.minPrice);
  const [max, setMax] = useState(filters.maxPrice);
  const [problem, setProblem] = useState('');
  // Back, Forward or Clear filters change the range under the form.
  useEffect(() => {
    setMin(filters.minPrice);
    setMax(filters.maxPrice);
    setProblem('');
  }, [filters.minPrice, filters.maxPrice]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const low = cleanPrice(min);
    const high = cleanPrice(max);
    if ((min.trim() && !low) || (max.trim() && !high)) {
      setProblem(t('Enter prices in rupees, such as 250 or 99.50.'));
      return;
    }
    if (low && high && rupeesTextToPaisa(low)! > rupeesTextToPaisa(high)!) {
      setProblem(t('The highest price cannot be below the lowest.'));
      return;
    }
    setProblem('');
    onChange({ ...filters, minPrice: low, maxPrice: high });
  };

  return (
    <Form onSubmit={apply} noValidate aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`} className="h6">
        {t('Price (Rs)')}
      </h3>
      <div className="d-flex gap-2">
        <Form.Group controlId={`${id}-min`} className="flex-fill">
          <Form.Label>{t('Lowest price')}</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            isInvalid={problem !== ''}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-max`} className="flex-fill">
          <Form.Label>{t('Highest price')}</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            isInvalid={problem !== ''}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </Form.Group>
      </div>
      {problem && (
        <div id={`${id}-problem`} className="text-danger small mt-1" role="alert">
          {problem}
        </div>
      )}
      <Button type="submit" variant="outline-success" size="sm" className="mt-2">
        {t('Apply price')}
      </Button>
    </Form>
  );
}
