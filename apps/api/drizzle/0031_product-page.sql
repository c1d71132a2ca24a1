-- Decision 077: a product page in one statement, planned once per database session. A PL/pgSQL
-- function keeps the plan of its statement for the session (PGlite has one session and no named
-- prepared statements; each PostgreSQL connection of the pool plans it once), where a statement
-- sent on its own is planned on every request: half of the database's time for a product page.
-- It answers one JSON array, which the caller reads as text: one value to pass and parse. As 13
-- rows of 21 columns, PGlite's JavaScript spent longer parsing the answer than the statement took.
-- Its items: the active product asked for (by slug, or by id when p_id is given; the lowest id when
-- both match) with rank 0, its reviews and its sizes as JSON; then its related products (rank 1-12):
-- the best reviewed of its own category first, then of the rest of its top category. Every item
-- has its pictures and the price the shopper pays now (a running flash sale's, if lower), the same
-- rule as currentSellingPrice in product-queries.ts.
CREATE OR REPLACE FUNCTION pasal_product_page(p_slug text, p_id integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
  WITH main AS (
    SELECT p.id, p.category_id FROM products p
    WHERE p.is_active AND (p.slug = p_slug OR p.id = p_id)
    ORDER BY p.id LIMIT 1
  ),
  own AS (SELECT coalesce(c.parent_id, c.id) AS top FROM categories c JOIN main ON c.id = main.category_id),
  picked AS (
    SELECT p.id, row_number() OVER (ORDER BY (c.id = main.category_id) DESC, p.rating_count DESC, p.id) AS rank
    FROM main
    CROSS JOIN categories c
    CROSS JOIN LATERAL (
      SELECT p.id, p.rating_count FROM products p
      WHERE p.category_id = c.id AND p.is_active AND p.id <> main.id
      ORDER BY p.rating_count DESC NULLS LAST, p.id LIMIT 12
    ) p
    WHERE c.id = (SELECT top FROM own) OR c.parent_id = (SELECT top FROM own)
    ORDER BY rank
    LIMIT 12
  ),
  page AS (SELECT main.id, 0::bigint AS rank FROM main UNION ALL SELECT picked.id, picked.rank FROM picked),
  -- The flash sales running now, read once for the whole page (a small table is scanned, not
  -- searched by index, and PGlite pays a file-system call for every scan).
  flash AS (
    SELECT f.product_id, min(f.discounted_price_paisa) AS price FROM flash_sales f
    WHERE f.product_id IN (SELECT page.id FROM page) AND f.is_active AND f.starts_at <= now() AND f.ends_at > now()
    GROUP BY f.product_id
  )
  SELECT coalesce(json_agg(row_to_json(item) ORDER BY item.rank), '[]'::json) FROM (
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
    page.rank::integer AS rank,
    CASE WHEN page.rank = 0 THEN (
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
      WHERE r.product_id = pr.id
    ) END AS reviews,
    CASE WHEN page.rank = 0 THEN (
      SELECT coalesce(json_agg(
        json_build_object('id', s.id, 'slug', s.slug, 'unit', s.unit, 'stock', s.stock,
          'price', least(s.selling_price_paisa, coalesce((
            SELECT min(f.discounted_price_paisa) FROM flash_sales f
            WHERE f.product_id = s.id AND f.is_active AND f.starts_at <= now() AND f.ends_at > now()
          ), s.selling_price_paisa)))
        ORDER BY s.id
      ), '[]'::json)
      FROM products s WHERE s.is_active AND s.size_group_id = pr.size_group_id
    ) END AS sizes
  FROM page
  JOIN products pr ON pr.id = page.id
  JOIN categories c ON c.id = pr.category_id
  LEFT JOIN flash ON flash.product_id = pr.id
  ) item
  );
END;
$$;
