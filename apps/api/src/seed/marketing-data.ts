// Banners, flash sales and promo codes of the demo shop. Rupee amounts become paisa on insert.

export interface BannerSeed {
  title: string;
  link: string | null;
  emojis: string[];
  colors: [string, string];
}

export const demoBanners: BannerSeed[] = [
  {
    title: 'Dashain Dhamaka: up to 30% off',
    link: null,
    emojis: ['🪁', '🍎', '🎁', '🍬', '🌼'],
    colors: ['#ff9a3c', '#e8453c'],
  },
  {
    title: 'Fresh from the farm every morning',
    link: null,
    emojis: ['🥬', '🥕', '🍅', '🍌', '🥦'],
    colors: ['#7ed957', '#1f9d55'],
  },
  {
    title: 'Tihar sweets, diyo and more',
    link: null,
    emojis: ['🪔', '🍡', '🌼', '🕯️', '🍩'],
    colors: ['#ffcf4a', '#d9480f'],
  },
  {
    title: 'Stock up the pantry: rice, dal and oil',
    link: null,
    emojis: ['🍚', '🫘', '🫒', '🌾', '🧂'],
    colors: ['#f5d28c', '#b7791f'],
  },
];

export interface FlashSaleSeed {
  productSlug: string;
  discountedPrice: number;
  state: 'active' | 'expired' | 'disabled';
}

export const demoFlashSales: FlashSaleSeed[] = [
  { productSlug: 'wai-wai-chicken-carton-30', discountedPrice: 640, state: 'active' },
  { productSlug: 'mustang-apple-1kg', discountedPrice: 280, state: 'active' },
  { productSlug: 'tokla-tea-500g', discountedPrice: 330, state: 'active' },
  { productSlug: 'ddc-pure-ghee-1l', discountedPrice: 1350, state: 'active' },
  { productSlug: 'surf-excel-easy-wash-1kg', discountedPrice: 215, state: 'active' },
  { productSlug: 'dhara-mustard-oil-1l', discountedPrice: 289.5, state: 'active' },
  { productSlug: 'cadbury-dairy-milk-55g', discountedPrice: 85, state: 'active' },
  { productSlug: 'himalayan-java-espresso-ground-250g', discountedPrice: 799, state: 'active' },
  // These two must never be shown: one ended yesterday, one is switched off.
  { productSlug: 'india-gate-basmati-classic-5kg', discountedPrice: 1199, state: 'expired' },
  { productSlug: 'coca-cola-1-5l', discountedPrice: 160, state: 'disabled' },
];

export interface VoucherSeed {
  code: string;
  voucherType: 'Percentage' | 'Amount';
  discountPercentage: number;
  discountAmount: number;
  minimumOrderValue: number;
  maximumDiscount: number | null;
}

// DECISIONS.md §5: WELCOME10 is 10 % off orders of Rs 500+, at most Rs 300; FLAT50 is Rs 50 off Rs 200+.
export const demoVouchers: VoucherSeed[] = [
  {
    code: 'WELCOME10',
    voucherType: 'Percentage',
    discountPercentage: 10,
    discountAmount: 0,
    minimumOrderValue: 500,
    maximumDiscount: 300,
  },
  {
    code: 'FLAT50',
    voucherType: 'Amount',
    discountPercentage: 0,
    discountAmount: 50,
    minimumOrderValue: 200,
    maximumDiscount: null,
  },
];
