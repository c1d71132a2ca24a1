import type { ProductSuggestions } from '@pasal/contract/catalogue';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { msg } from '../../i18n/i18n';
import { localName, otherName } from '../../i18n/local-name';
import { useTranslation } from '../../i18n/use-translation';
import { fetchSuggestions } from '../catalogue/catalogue-api';

/** Time the shopper pauses before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 200;

interface Option {
  key: string;
  to: string;
  state?: { categoryTitle: string };
  title: string;
  nepali: string;
  kind: string;
}

function optionsOf(s: ProductSuggestions): Option[] {
  return [
    ...s.categories.map((c) => ({
      key: `c${c.id}`,
      to: `/viewallca/${c.id}`,
      state: { categoryTitle: localName(c.title, c.nepali_title).text },
      title: c.title,
      nepali: c.nepali_title,
      kind: msg('Category'),
    })),
    ...s.products.map((p) => ({
      key: `p${p.id}`,
      to: `/detail/${p.slug}`,
      title: p.title,
      nepali: p.nepali_title,
      kind: msg('Product'),
    })),
  ];
}

/**
 * The header's search box, an ARIA combobox (list autocomplete): suggestions come after a short
 * pause, a request still running is cancelled when the shopper types on, arrows move through
 * them, Enter opens one (or searches when none is chosen), Escape closes the list.
 */
export function SearchForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('query') ?? '');
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();

  useEffect(() => {
    const q = text.trim();
    if (!open || q.length === 0) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(q, { signal: controller.signal })
        .then((s) => {
          setOptions(optionsOf(s));
          setActive(-1);
        })
        .catch(() => {
          // A cancelled or failed suggestion leaves the box as it was; searching still works.
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, open]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (option: Option) => {
    close();
    navigate(option.to, option.state ? { state: option.state } : undefined);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    // A blank or whitespace-only query does nothing.
    if (!query) return;
    close();
    navigate(`/search?query=${encodeURIComponent(query)}`);
  };

  const expanded = open && options.length > 0;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!expanded) {
        setOpen(true);
        return;
      }
      e.preventDefault();
      const last = options.length - 1;
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      e.preventDefault();
      go(options[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      close();
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <search className="d-flex flex-grow-1">
      <form className="d-flex flex-grow-1 header-search position-relative" onSubmit={submit}>
        <label htmlFor="site-search" className="visually-hidden">
          {t('Search products')}
        </label>
        <input
          id="site-search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={
            expanded && active >= 0 && active < options.length ? optionId(active) : undefined
          }
          autoComplete="off"
          className="form-control rounded-end-0"
          placeholder={t('Search for products, brands and more')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <button type="submit" className="btn btn-success rounded-start-0">
          {t('Search')}
        </button>
        <div
          id={listId}
          role="listbox"
          aria-label={t('Suggestions')}
          hidden={!expanded}
          className="list-group position-absolute start-0 end-0 top-100 shadow"
          style={{ zIndex: 1050 }}
        >
          {expanded &&
            options.map((o, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (focus stays there)
              <div
                key={o.key}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={`list-group-item list-group-item-action text-truncate${i === active ? ' active' : ''}`}
                // Keeps the focus in the box, so the blur does not close the list before the click.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(o)}
              >
                <span lang={localName(o.title, o.nepali).lang}>{localName(o.title, o.nepali).text}</span>
                {otherName(o.title, o.nepali) && (
                  <>
                    {' '}
                    <span lang={otherName(o.title, o.nepali)?.lang}>
                      {otherName(o.title, o.nepali)?.text}
                    </span>
                  </>
                )}
                <span className="visually-hidden">, </span>
                <small className={`ms-2 ${i === active ? '' : 'text-body-secondary'}`}>{t(o.kind)}</small>
              </div>
            ))}
        </div>
        <span className="visually-hidden" role="status">
          {expanded ? t('{{count, n}} suggestions', { count: options.length }) : ''}
        </span>
      </form>
    </search>
  );
}
