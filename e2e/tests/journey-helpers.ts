import type { Page } from '@playwright/test';

/** The header's cart link, whose name carries the item count. */
export const cartBadge = (page: Page, n: number) => page.getByRole('link', { name: `Cart, ${n} items` });
