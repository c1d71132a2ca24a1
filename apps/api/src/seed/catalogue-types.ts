// Shapes of the hand-written demo catalogue. Prices are in rupees here and become paisa on insert.

export interface CategorySeed {
  slug: string;
  title: string;
  nepaliTitle: string;
  /** Artwork emoji, drawn by twemoji at seed time. */
  emoji: string;
  /** Background colour of the artwork (CSS hex). */
  color: string;
  featured?: boolean;
}

export interface TopCategorySeed extends CategorySeed {
  subcategories: CategorySeed[];
}

export interface ProductSeed {
  slug: string;
  title: string;
  nepaliTitle: string;
  brand: string;
  unit: string;
  /** A subcategory slug. */
  categorySlug: string;
  markedPrice: number;
  sellingPrice: number;
  stock: number;
  organic?: boolean;
  todaySpecial?: boolean;
  newArrival?: boolean;
  emoji: string;
  shortDescription: string;
  description: string;
}

/** Products of one subcategory are written without repeating its slug. */
export function inCategory(categorySlug: string, items: Omit<ProductSeed, 'categorySlug'>[]): ProductSeed[] {
  return items.map((item) => ({ ...item, categorySlug }));
}
