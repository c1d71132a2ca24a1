-- Decision 080: a product page's related products are the same for every product of a category
-- but itself, so they are read per category (pasal_product_related) and kept by the API for the
-- catalogue cache's freshness bound; a page reads only its own product (pasal_product_main). Both
-- build their products with pasal_product_cards. PL/pgSQL functions, each statement planned once
-- per database session (decision 077).
--
-- pasal_product_page (migration 0031) stays for instances of the previous release still running
-- during an upgrade; nothing in this release calls it.

-- The active products of p_ids, in that order, as JSON: the columns toProduct reads, their pictures, and
-- the price the shopper pays now (a running flash sale's, if lower), the same rule as
-- currentSellingPrice in product-queries.ts.
CREATE OR REPLACE FUNCTION pasal_product_cards(p_ids integer[]) RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
  WITH flash AS (
    SELECT f.product_id, min(f.discounted_price_paisa) AS price FROM flash_sales f
    WHERE f.product_id = ANY (p_ids) AND f.is_active AND f.starts_at <= now() AND f.ends_at > now()
    GROUP BY f.product_id
  )
  SELECT coalesce(json_agg(row_to_json(item) ORDER BY item.n), '[]'::json) FROM (
  SELECT pr.id, pr.slug, pr.title, pr.nepali_title AS "nepaliTitle", pr.brand, pr.unit, pr.description,
    pr.short_description AS "shortDescription", pr.marked_price_paisa AS "markedPrice",
    least(pr.selling_price_paisa, coalesce(flash.price, pr.selling_price_paisa)) AS "sellingPrice",
    pr.stock, pr.category_id AS "categoryId", c.title AS "categoryTitle", c.slug AS "categorySlug",
    pr.is_organic AS "isOrganic", pr.rating_average AS "ratingAverage", pr.rating_count AS "ratingCount",
    (
      SELECT coalesce(json_agg(
        json_build_object('productId', pi.product_id, 'image', pi.image, 'thumbnail', pi.thumbnail, 'isPrimary', pi.is_primary)
        ORDER BY pi.is_primary DESC, pi.position
      ), '[]'::json)
      FROM product_images pi WHERE pi.product_id = pr.id
    ) AS images,
    ids.n
  FROM unnest(p_ids) WITH ORDINALITY AS ids(id, n)
  JOIN products pr ON pr.id = ids.id
  JOIN categories c ON c.id = pr.category_id
  LEFT JOIN flash ON flash.product_id = pr.id
  WHERE pr.is_active
  ) item
  );
END;
$$;
--> statement-breakpoint

-- The active product asked for (by slug, or by id when p_id is given; the lowest id when both
-- match) with its reviews (newest first, without those of closed accounts) and its sizes; NULL
-- when there is none.
CREATE OR REPLACE FUNCTION pasal_product_main(p_slug text, p_id integer) RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_id integer;
  v_size_group integer;
BEGIN
  SELECT p.id, p.size_group_id INTO v_id, v_size_group FROM products p
  WHERE p.is_active AND (p.slug = p_slug OR p.id = p_id)
  ORDER BY p.id LIMIT 1;
  IF v_id IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'product', pasal_product_cards(ARRAY[v_id]) -> 0,
    'reviews', (
      SELECT coalesce(json_agg(
        json_build_object('id', r.id, 'rating', r.rating, 'review', r.review, 'createdAt', r.created_at,
          'firstName', u.first_name, 'middleName', u.middle_name, 'lastName', u.last_name)
        ORDER BY r.created_at DESC, r.id DESC
      ), '[]'::json)
      -- The product's reviews read once, then each author by key (OFFSET 0 keeps that order).
      FROM reviews r
      CROSS JOIN LATERAL (
        SELECT u.first_name, u.middle_name, u.last_name FROM users u
        WHERE u.id = r.user_id AND u.deleted_at IS NULL OFFSET 0
      ) u
      WHERE r.product_id = v_id
    ),
    'sizes', (
      SELECT coalesce(json_agg(
        json_build_object('id', s.id, 'slug', s.slug, 'unit', s.unit, 'stock', s.stock,
          'price', least(s.selling_price_paisa, coalesce((
            SELECT min(f.discounted_price_paisa) FROM flash_sales f
            WHERE f.product_id = s.id AND f.is_active AND f.starts_at <= now() AND f.ends_at > now()
          ), s.selling_price_paisa)))
        ORDER BY s.id
      ), '[]'::json)
      FROM products s WHERE s.is_active AND s.size_group_id = v_size_group
    )
  );
END;
$$;
--> statement-breakpoint

-- The related products of any product of the category, best first, one more than a page shows (the
-- page leaves out its own product): the best reviewed of the category itself, then of the rest of
-- its top category. Each category of the family gives at most that many through its (category,
-- rating) index, so a category of thousands costs no more than one of ten.
CREATE OR REPLACE FUNCTION pasal_product_related(p_category_id integer) RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN pasal_product_cards(ARRAY(
    WITH own AS (SELECT coalesce(c.parent_id, c.id) AS top FROM categories c WHERE c.id = p_category_id)
    SELECT p.id FROM categories c
    CROSS JOIN LATERAL (
      SELECT p.id, p.rating_count FROM products p
      WHERE p.category_id = c.id AND p.is_active
      ORDER BY p.rating_count DESC NULLS LAST, p.id LIMIT 13
    ) p
    WHERE c.id = (SELECT top FROM own) OR c.parent_id = (SELECT top FROM own)
    ORDER BY (c.id = p_category_id) DESC, p.rating_count DESC, p.id
    LIMIT 13
  ));
END;
$$;
