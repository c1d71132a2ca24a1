import type { Category } from '@pasal/contract/catalogue';
import { CATEGORY_WIDTH, mediaSrcSet } from '@pasal/contract/picture-widths';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BsChevronDown } from 'react-icons/bs';
import { Link } from 'react-router';
import { localName } from '../../i18n/local-name';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/api-client';
import { DEFAULT_IMAGE } from '../../lib/product';
import { useRequest } from '../../lib/use-request';
import { fetchFeaturedCategories } from '../catalogue/catalogue-api';
import { ScrollCue, useScrollEnds } from './category-scroll-cue';

export function CategoryStrip() {
  const { t } = useTranslation();
  const { data, error, loading } = useRequest((signal) => fetchFeaturedCategories({ signal }), []);
  const [openId, setOpenId] = useState<number | null>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const ends = useScrollEnds(stripRef, data);

  // A click outside the strip closes the open dropdown.
  useEffect(() => {
    if (openId === null) return;
    const onDown = (e: MouseEvent) => {
      if (!stripRef.current?.contains(e.target as Node)) setOpenId(null);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [openId]);

  // Loading and error texts sit in a box of the strip's final height, so nothing below moves when
  // the categories arrive (layout shift).
  if (loading)
    return (
      <div className="category-strip category-strip-status border-bottom">
        <p className="container-xl py-2 mb-0 small">{t('Loading categories...')}</p>
      </div>
    );
  if (error)
    return (
      <div className="category-strip category-strip-status border-bottom">
        <p className="container-xl py-2 mb-0 small text-danger">
          {t('Error: {{message}}', { message: errorMessage(error, t('Failed to load categories')) })}
        </p>
      </div>
    );

  return (
    <nav className="category-strip border-bottom bg-body" aria-label={t('Categories')}>
      <div className="container-xl position-relative">
        <div className="category-scroller">
          <ul
            className="category-grid list-unstyled mb-0 py-2"
            ref={stripRef as never}
            // The strip scrolls sideways; a menu stays where it opened, so scrolling closes it.
            onScroll={(e) => {
              if (openId !== null) setOpenId(null);
              ends.update(e.currentTarget);
            }}
          >
            {(data ?? []).map((c) => (
              <CategoryTile
                key={c.id}
                category={c}
                open={openId === c.id}
                onOpen={() => setOpenId(c.id)}
                onToggle={() => setOpenId(openId === c.id ? null : c.id)}
                onClose={() => setOpenId(null)}
              />
            ))}
          </ul>
          <ScrollCue side="start" shown={ends.moreStart} strip={stripRef} />
          <ScrollCue side="end" shown={ends.moreEnd} strip={stripRef} />
        </div>
      </div>
    </nav>
  );
}

interface TileProps {
  category: Category;
  open: boolean;
  onOpen(): void;
  onToggle(): void;
  onClose(): void;
}

function CategoryTile({ category, open, onOpen, onToggle, onClose }: TileProps) {
  const { t } = useTranslation();
  const hasSubs = category.subcategories.length > 0;
  const name = localName(category.title, category.nepali_title);
  const menuId = `category-menu-${category.id}`;
  const menuRef = useRef<HTMLUListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const tileRef = useRef<HTMLLIElement>(null);

  // The menu hangs under its tile. It is placed against the strip's container rather than the tile,
  // so the sideways-scrolling row does not clip it; a wide one near the right edge moves left to
  // stay on screen.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    const tile = tileRef.current;
    const box = menu?.offsetParent;
    if (!open || !menu || !tile || !box) return;
    const margin = 8;
    const start = tile.getBoundingClientRect().left - box.getBoundingClientRect().left;
    menu.style.left = `${start}px`;
    const { left, right } = menu.getBoundingClientRect();
    const overflow = right - (document.documentElement.clientWidth - margin);
    if (overflow > 0) menu.style.left = `${start - Math.min(overflow, Math.max(0, left - margin))}px`;
  }, [open]);
  return (
    <li
      ref={tileRef}
      className="category-tile"
      // A tile focused at the edge of the scrolling row comes fully into view, focus ring included
      // (the row's scroll-padding); the browser alone leaves a half-shown tile where it is.
      onFocus={(e) => e.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}
      onMouseEnter={hasSubs ? onOpen : undefined}
      onMouseLeave={hasSubs ? onClose : undefined}
      // Escape closes the open menu and puts focus back on its toggle (keyboard users).
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        onClose();
        toggleRef.current?.focus();
      }}
    >
      <Link
        to={`/viewallca/${category.id}`}
        state={{ categoryTitle: name.text }}
        className="d-flex flex-column align-items-center text-center text-decoration-none text-body small"
        onClick={onClose}
      >
        <img
          // The 300 px file for a 48 px circle: a phone takes the 96 px copy.
          sizes="48px"
          srcSet={mediaSrcSet(category.image, CATEGORY_WIDTH)}
          src={category.image || DEFAULT_IMAGE}
          alt=""
          width={48}
          height={48}
          className="rounded-circle object-fit-cover mb-1 flex-shrink-0"
          loading="lazy"
        />
        <span className="category-title" lang={name.lang}>
          {name.text}
        </span>
      </Link>
      {hasSubs && (
        <>
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-sm btn-link p-0 category-toggle text-body"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={t('Show {{title}} subcategories', { title: name.text })}
            onClick={onToggle}
          >
            <BsChevronDown aria-hidden="true" />
          </button>
          {open && (
            <ul
              id={menuId}
              ref={menuRef}
              className="category-dropdown list-unstyled shadow rounded border bg-body p-2 mb-0"
            >
              {category.subcategories.map((s) => (
                <li key={s.id}>
                  <Link
                    to={`/viewallca/${s.id}`}
                    state={{ categoryTitle: s.title }}
                    className="dropdown-item rounded px-2 py-1 small"
                    onClick={onClose}
                  >
                    {s.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </li>
  );
}
