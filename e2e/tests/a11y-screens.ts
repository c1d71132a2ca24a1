import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { TestUser } from './accounts-helpers';
import { customerPlacesOrder, orderForDemoRider } from './admin-helpers';
import { allProducts, getJson } from './api';
import { apiLogin, plainProducts } from './cart-helpers';
import { checkoutShopper, ensureAddress, setCart, signInPage, walletProduct } from './checkout-helpers';
import { customerOrders, deliveredOrderId, moveOrder } from './orders-helpers';

/**
 * Every screen of the shop, as the accessibility matrix (a11y.spec.ts) visits it: in both themes,
 * at 360 px and 1280 px wide. A new screen is one more entry here; its checks come for free.
 */
export interface Screen {
  /** Unique; names the test. */
  name: string;
  /** Where the screen lives (for the reader; `open` does the getting there). */
  path: string;
  /** Needs a customer logged in: the matrix's own (a11y-fixtures.ts), whose data no other spec touches. */
  signedIn?: boolean;
  /** Needs the demo staff member logged in (the shop console). */
  staff?: boolean;
  /** Needs the demo delivery rider logged in (/rider). */
  rider?: boolean;
  /** Gets the page to the screen: a plain visit, or the steps that give it navigation state. */
  open(page: Page, ctx: ScreenContext): Promise<void>;
  /** Resolves once the screen shows its real content (not a spinner). */
  ready(page: Page): Promise<void>;
  /**
   * The screen moves on by itself after a delay (a timed redirect). The matrix opens it with the
   * page's clock stopped and lets time pass only in 1 ms steps while axe runs, which needs timers.
   */
  pausedClock?: boolean;
  /** States that appear on interaction, checked after the plain screen. */
  states?: ScreenState[];
}

export interface ScreenState {
  name: string;
  /** The width this state exists at; without one it is checked at the last width of the matrix. */
  width?: number;
  /**
   * Where the state shows (CSS selectors): axe then checks only there, since the rest of the
   * screen was just checked. Without it, the whole page.
   */
  scope?: string[];
  /** Brings the state about and waits until it shows. */
  act(page: Page): Promise<void>;
}

export interface ScreenContext {
  request: APIRequestContext;
  /** The signed-in customer (screens with `signedIn`). */
  customer: () => Promise<TestUser>;
}

/** On /delivery-check: Bagmati, Kathmandu, Kathmandu (the seed's stations serve it). */
export async function chooseServedPlace(page: Page): Promise<void> {
  const province = page.getByLabel('Province', { exact: true });
  await expect(province.getByRole('option', { name: /^Bagmati/ })).toBeAttached();
  await province.selectOption({ label: 'Bagmati Province' });
  const district = page.getByLabel('District', { exact: true });
  await expect(district.getByRole('option', { name: 'Kathmandu' })).toBeAttached();
  await district.selectOption({ label: 'Kathmandu' });
  const local = page.getByLabel('Municipality', { exact: true });
  await expect(local.getByRole('option', { name: 'Kathmandu', exact: true })).toBeAttached();
  await local.selectOption({ label: 'Kathmandu' });
}

/** The seed's first product out of stock (the "Notify me" screens). */
async function soldOutSeedProduct(request: APIRequestContext) {
  const product = (await allProducts(request)).find((p) => p.total_available_quantity <= 0);
  if (!product) throw new Error('the seed has no product out of stock');
  return product;
}

/** The tracking id of the order the rider screen's check gives the demo rider. */
let riderOrder = '';

const visit =
  (path: string) =>
  async (page: Page): Promise<void> => {
    await page.goto(path);
  };

/** Opens `path` with React Router's navigation state already in history, as a link with `state` would. */
const visitWithState =
  (path: string, state: Record<string, unknown>) =>
  async (page: Page): Promise<void> => {
    await page.addInitScript(
      ({ path, state }) => {
        if (window.location.pathname === path && !window.history.state?.usr) {
          window.history.replaceState({ usr: state, key: 'a11y', idx: 0 }, '');
        }
      },
      { path, state },
    );
    await page.goto(path);
  };

const heading = (name: string | RegExp, level?: number) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level }).first()).toBeVisible();
};

/** A list of product cards has loaded under its title. */
const productList = (title: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
};

/** An account screen has drawn its card (its title is the page's h1). */
const accountCard = (title: string) => heading(title, 1);

const toast = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
};

/** A product a shopper can buy, with more than one unit in stock. */
async function buyableProduct(request: APIRequestContext) {
  const product = (await allProducts(request)).find((p) => p.total_available_quantity > 5);
  if (!product) throw new Error('the seed has no product in stock');
  return product;
}

const OUTBOX_PHONE = '9812345670';

const ratingsTab = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Rate Your Products' })).toBeVisible();
};

/**
 * A state that opens a dialog with the first button of that name; axe checks only the dialog.
 * `shown`, if given, waits for what the dialog loads.
 */
const dialogState = (
  name: string,
  button: string | RegExp,
  shown?: (page: Page) => Promise<void>,
): ScreenState => ({
  name,
  scope: ['.modal'],
  async act(page) {
    // A state before this one may have left its dialog open over the page.
    if (await page.getByRole('dialog').isVisible()) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await page.getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shown?.(page);
  },
});

/** A paged console list reached by a plain visit: ready once its h1 and the pager's count show. */
const consoleList = (name: string, path: string, title: string, states?: ScreenState[]): Screen => ({
  name,
  path,
  staff: true,
  open: visit(path),
  async ready(page) {
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(/^Showing|^No results/)).toBeVisible();
  },
  states,
});

export const SCREENS: Screen[] = [
  // Storefront (shopping.md §2).
  {
    name: 'home',
    path: '/',
    open: visit('/'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Today Special', level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Flash Sale', level: 2 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Offers' }).getByRole('img').first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
    },
    states: [
      {
        name: 'category dropdown open',
        width: 360,
        scope: ['nav[aria-label="Categories"]'],
        async act(page) {
          // By keyboard: a pointer would hover the tile first, which opens it already.
          const toggle = page.getByRole('button', { name: /^Show .* subcategories$/ }).first();
          await toggle.focus();
          await page.keyboard.press('Enter');
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        },
      },
      {
        name: 'added-to-cart toast',
        scope: ['.Toastify', 'header'],
        async act(page) {
          await page.getByRole('button', { name: 'Add To Cart' }).first().click();
          await toast(/added to cart/i)(page);
        },
      },
    ],
  },
  {
    name: 'category listing',
    path: '/viewallca/{id}',
    async open(page, { request }) {
      const { data } = await getJson<{ data: { results: { id: number; title: string }[] } }>(
        request,
        '/category/featured',
      );
      const category = data.results[0];
      await visitWithState(`/viewallca/${category.id}`, { categoryTitle: category.title })(page);
    },
    async ready(page) {
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Category');
      await expect(page.getByRole('article').first()).toBeVisible();
    },
  },
  {
    name: 'product detail',
    path: '/detail/{slug}',
    async open(page, { request }) {
      await page.goto(`/detail/${(await buyableProduct(request)).slug}`);
    },
    async ready(page) {
      await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Description' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Related products' })).toBeVisible();
    },
    states: [
      {
        name: 'reviews tab',
        scope: ['[role="tablist"]', '.tab-content'],
        async act(page) {
          const tab = page.getByRole('tab', { name: /^Reviews\(\d+\)$/ });
          await tab.click();
          await expect(tab).toHaveAttribute('aria-selected', 'true');
        },
      },
      {
        // Issue 24: the sort control and the helpful buttons (a visitor's, which lead to log in).
        name: 'reviews by most helpful',
        scope: ['.tab-content'],
        async act(page) {
          const sort = page.getByRole('combobox', { name: 'Sort reviews' });
          await sort.selectOption({ label: 'Most helpful first' });
          await expect(sort).toHaveValue('helpful');
          await expect(page.getByRole('button', { name: /^Helpful \(\d+\)$/ }).first()).toBeVisible();
        },
      },
      {
        // The full-screen gallery (decision 054), opened by a tap on the picture on a phone.
        name: 'picture gallery open',
        width: 360,
        scope: ['.yarl__portal'],
        async act(page) {
          await page.getByRole('button', { name: /^Open the pictures of .+ full screen$/ }).click();
          await expect(page.getByRole('dialog', { name: /^Pictures of / })).toBeVisible();
          await expect(page.locator('.yarl__slide_current img')).toBeVisible();
          // Its pictures have loaded (the loading spinner's endless animation is gone).
          await expect(page.locator('.yarl__portal .yarl__slide_loading')).toHaveCount(0);
        },
      },
    ],
  },
  {
    name: 'product detail out of stock',
    path: '/detail/{slug}',
    async open(page, { request }) {
      const product = (await allProducts(request)).find((p) => p.total_available_quantity <= 0);
      if (!product) throw new Error('the seed has no product out of stock');
      await page.goto(`/detail/${product.slug}`);
    },
    async ready(page) {
      await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Description' })).toBeVisible();
    },
  },
  {
    name: 'product detail out of stock, signed in',
    path: '/detail/{slug}',
    signedIn: true,
    async open(page, { request }) {
      await page.goto(`/detail/${(await soldOutSeedProduct(request)).slug}`);
    },
    async ready(page) {
      await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
      // The choice (SMS or e-mail) and "Notify me", or the request asked on an earlier pass.
      await expect(page.locator('.notify-me')).toBeVisible();
    },
    states: [
      {
        name: 'notify me asked',
        scope: ['.notify-me'],
        async act(page) {
          const ask = page.getByRole('button', { name: 'Notify me' });
          if (await ask.isVisible()) await ask.click();
          await expect(page.getByText("We'll send you an SMS once when it is back in stock.")).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'product detail with sizes',
    path: '/detail/{slug}',
    open: visit('/detail/jeera-masino-rice-5kg'),
    async ready(page) {
      const sizes = page.getByRole('group', { name: 'Size' });
      await expect(sizes.getByRole('link', { name: /^5 kg/ })).toHaveAttribute('aria-current', 'page');
      await expect(sizes.getByRole('link', { name: /^25 kg/ })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Description' })).toBeVisible();
    },
  },
  {
    name: 'product not found',
    path: '/detail/{unknown}',
    open: visit('/detail/no-such-product-a11y'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Oops!', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Shop' })).toBeVisible();
    },
  },
  {
    name: 'search with results',
    path: '/search?query=rice',
    open: visit('/search?query=rice'),
    async ready(page) {
      await expect(page.getByText(/^[1-9]\d* products found$/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Similar Products' })).toBeVisible();
    },
  },
  {
    name: 'search with filters',
    path: '/search?query=rice&sort=price_asc&in_stock=true',
    open: visit('/search?query=rice&sort=price_asc&in_stock=true'),
    async ready(page) {
      await expect(page.getByText(/^[1-9]\d* products found$/)).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('1');
    },
    states: [
      {
        name: 'filters panel open',
        scope: ['.offcanvas'],
        async act(page) {
          await page.getByRole('button', { name: /^Filters 1 ?applied$/ }).click();
          const panel = page.getByRole('dialog', { name: 'Filters' });
          await expect(panel.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
          await expect(panel.getByRole('group', { name: 'Brand' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'search without results',
    path: '/search?query=zzqxv',
    open: visit('/search?query=zzqxv'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'You might also like' })).toBeVisible();
    },
  },
  {
    name: 'today special',
    path: '/viewallfy',
    open: visit('/viewallfy'),
    ready: productList('Today Special'),
  },
  {
    name: 'new arrivals',
    path: '/Viewallna',
    open: visit('/Viewallna'),
    ready: productList('New Arrivals'),
  },
  {
    name: 'cart empty',
    path: '/cart',
    open: visit('/cart'),
    ready: async (page: Page) => {
      await expect(page.getByText('Your cart is empty', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'cart with items',
    path: '/cart',
    async open(page, { request }) {
      await page.goto(`/detail/${(await buyableProduct(request)).slug}`);
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      // The page's own button (on a phone the buy bar has one too, after it).
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
      await toast('Item added to cart!')(page);
      // Through the header, as a shopper goes: no reload.
      await page.getByRole('link', { name: /^Cart, \d+ items$/ }).click();
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear Cart' })).toBeVisible();
    },
    states: [
      {
        // Decision 047: Clear Cart offers Undo.
        name: 'cleared, with Undo',
        async act(page) {
          await page.getByRole('button', { name: 'Clear Cart' }).click();
          await expect(
            page.getByRole('status').filter({ hasText: 'Your cart was cleared.' }).getByRole('button', {
              name: 'Undo',
            }),
          ).toBeVisible();
        },
      },
    ],
  },
  // Issue 24 (decision 055): a customer's cart lists the promo codes it can use.
  {
    name: 'cart with promo codes',
    path: '/cart',
    async open(page, { request }) {
      const shopper = await checkoutShopper(request);
      // Above WELCOME10's Rs 500, so both demo codes apply.
      const product = (await plainProducts(request)).find(
        (p) => p.selling_price >= 60 && p.total_available_quantity >= 10,
      );
      if (!product) throw new Error('no product of Rs 60 or more with stock');
      await setCart(request, shopper, [[product, Math.ceil(600 / product.selling_price)]]);
      await signInPage(page, shopper);
      await page.goto('/cart');
    },
    async ready(page) {
      const codes = page.getByRole('region', { name: 'Promo codes you can use' });
      await expect(codes.getByRole('button', { name: /^Apply the best/ })).toBeVisible();
    },
    states: [
      {
        name: 'best code applied',
        scope: ['.promo-box'],
        async act(page) {
          await page.getByRole('button', { name: /^Apply the best/ }).click();
          await expect(page.getByRole('button', { name: /^Remove promo code/ })).toBeVisible();
        },
      },
    ],
  },
  // Checkout (issues 9, 10): a customer of its own (checkout-helpers.ts), so the demo customer's
  // shared cart decides nothing here.
  {
    name: 'checkout empty',
    path: '/checkout',
    async open(page, { request }) {
      const shopper = await checkoutShopper(request);
      await setCart(request, shopper, []);
      await signInPage(page, shopper);
      await page.goto('/checkout');
    },
    ready: heading('Your cart is empty', 2),
  },
  {
    name: 'checkout',
    path: '/checkout',
    async open(page, { request }) {
      const shopper = await checkoutShopper(request);
      await ensureAddress(request, shopper);
      await setCart(request, shopper, [[await walletProduct(request), 1]]);
      await signInPage(page, shopper);
      await page.goto('/checkout');
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
      await expect(
        page.getByRole('group', { name: 'Choose a delivery address' }).getByRole('radio').first(),
      ).toBeChecked();
      // The demo stations offer slots: the earliest open one is chosen (decision 058).
      await expect(
        page.getByRole('group', { name: 'Delivery Slot' }).getByRole('radio', { checked: true }),
      ).toBeVisible();
      await expect(page.getByText('Calculating…')).toHaveCount(0);
    },
    states: [
      {
        name: 'address modal open',
        scope: ['.modal'],
        async act(page) {
          await page.getByRole('button', { name: 'Add New Address' }).click();
          const modal = page.getByRole('dialog', { name: 'Add New Address' });
          await modal.getByLabel('Province *').selectOption({ label: 'Bagmati Province' });
          await modal.getByLabel('District *').selectOption({ label: 'Kathmandu' });
          await modal.getByLabel('Municipality').selectOption({ label: 'Kathmandu' });
          await expect(modal.getByLabel('Delivery station').getByRole('option')).not.toHaveCount(1);
        },
      },
      {
        name: 'delete confirmation',
        scope: ['.modal'],
        async act(page) {
          await page
            .getByRole('dialog', { name: 'Add New Address' })
            .getByRole('button', { name: 'Cancel' })
            .click();
          await expect(page.getByRole('dialog')).toHaveCount(0);
          await page
            .getByRole('button', { name: /^Delete address of / })
            .first()
            .click();
          await expect(page.getByRole('dialog', { name: 'Delete address' })).toBeVisible();
        },
      },
      {
        name: 'order success modal',
        scope: ['.modal'],
        async act(page) {
          await page
            .getByRole('dialog', { name: 'Delete address' })
            .getByRole('button', { name: 'Cancel' })
            .click();
          await expect(page.getByRole('dialog')).toHaveCount(0);
          await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
          await page.getByRole('button', { name: 'Place Order' }).click();
          await expect(page.getByRole('dialog', { name: 'Order placed successfully!' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'payment failed',
    path: '/payment/return?order={id}&status=unpaid',
    async open(page, { request }) {
      // Through the eSewa simulator, as a shopper gets there.
      const shopper = await checkoutShopper(request);
      await ensureAddress(request, shopper);
      await setCart(request, shopper, [[await walletProduct(request), 1]]);
      await signInPage(page, shopper);
      await page.goto('/checkout');
      await page.getByRole('radio', { name: 'eSewa' }).check();
      await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByRole('button', { name: 'Fail', exact: true }).click();
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    },
    states: [
      {
        name: 'paid with cash instead',
        scope: ['.modal'],
        async act(page) {
          await page.getByRole('button', { name: 'Pay with cash instead' }).click();
          await expect(page.getByRole('dialog', { name: 'Order placed successfully!' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'delivery check',
    path: '/delivery-check',
    async open(page) {
      await page.goto('/delivery-check');
      await chooseServedPlace(page);
    },
    async ready(page) {
      await expect(page.getByText(/^Yes, we deliver to Kathmandu, from /)).toBeVisible();
    },
  },
  {
    name: 'not found',
    path: '/no-such-page',
    open: visit('/no-such-page'),
    ready: heading('Page not found', 1),
  },

  // Accounts (accounts-orders.md §2).
  {
    name: 'login',
    path: '/login',
    open: visit('/login'),
    ready: accountCard('Login'),
    states: [
      {
        name: 'field errors',
        async act(page) {
          await page.getByRole('button', { name: 'Login', exact: true }).click();
          await expect(page.getByText(/required|Please enter/i).first()).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'signup',
    path: '/signup',
    open: visit('/signup'),
    ready: accountCard('Create your account'),
    states: [
      {
        name: 'field errors',
        async act(page) {
          await page.getByRole('button', { name: 'Sign Up' }).click();
          await expect(page.getByText('Email is required')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'phone signup',
    path: '/phonesignup',
    open: visit('/phonesignup'),
    ready: accountCard('Sign up with your phone'),
  },
  {
    name: 'phone otp check',
    path: '/otpcheck',
    // The phone comes from /phonesignup; this page sends nothing on arrival.
    open: visitWithState('/otpcheck', { phone: '9811111111' }),
    async ready(page) {
      await accountCard('Verify OTP')(page);
      await expect(page.getByText(/^Resend OTP in \d+s$/)).toBeVisible();
    },
  },
  {
    name: 'set password',
    path: '/setpass',
    // /otpcheck hands over the phone with the token its OTP verification returned.
    open: visitWithState('/setpass', { phone: '9811111111', token: 'a11y-setup-token' }),
    ready: accountCard('Set your password'),
  },
  {
    name: 'forgot password',
    path: '/forgetpassword',
    open: visit('/forgetpassword'),
    ready: accountCard('Forgot password'),
  },
  {
    name: 'phone otp verify',
    path: '/otpverify',
    // Sends a code on arrival. A token of no sign-up is refused before any code or rate-limit
    // hit, so the matrix costs the shop's OTP limits nothing; the refusal is an error toast.
    open: visitWithState('/otpverify', { phone: '9811111112', token: 'a11y-signup-token' }),
    async ready(page) {
      await accountCard('Verify your phone')(page);
      await toast('This sign-up was replaced by a newer one')(page);
    },
  },
  {
    name: 'email otp verify',
    path: '/otpverifys',
    open: visitWithState('/otpverifys', { email: 'nobody.a11y@example.com' }),
    async ready(page) {
      await accountCard('Verify your email')(page);
      await expect(page.getByText(/^Resend OTP in \d+s$/)).toBeVisible();
      await toast('No account found with this email.')(page);
    },
  },
  {
    name: 'reset password',
    path: '/changepassword',
    // The token is only read on submit, so any text stands in for one here.
    open: visitWithState('/changepassword', { reset_token: 'a11y-token', email: 'demo@example.com' }),
    ready: accountCard('Reset Password'),
  },
  {
    name: 'reset password without token',
    path: '/changepassword',
    // It redirects after 3 s: checked with the page's clock stopped.
    pausedClock: true,
    open: visit('/changepassword'),
    async ready(page) {
      await expect(page.getByText('Missing reset token. Redirecting to OTP verification...')).toBeVisible();
      // The toast container mounts after the first screen (a page without pictures: 1.5 s, then the
      // next idle moment; src/lib/after-first-screen.ts): let the stopped clock run past that, short
      // of the 3 s redirect.
      await page.clock.runFor(2_000);
      await toast('Missing reset token. Please verify OTP again.')(page);
    },
  },
  {
    name: 'dev outbox',
    path: '/dev/outbox',
    async open(page, { request }) {
      // One phone sign-up code so the table has a row (the 60 s resend rule answers 429 to the
      // other theme's test, whose row is already there): one hit on the per-address OTP limit.
      const res = await request.post('/api/ecommerce/onboarding/send-otp/', {
        data: { phone: OUTBOX_PHONE },
      });
      expect([200, 429]).toContain(res.status());
      await page.goto(`/dev/outbox?to=${OUTBOX_PHONE}`);
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Message outbox', level: 1 })).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
    },
  },
  {
    name: 'profile',
    path: '/profile',
    signedIn: true,
    open: visit('/profile'),
    async ready(page) {
      await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
    },
    states: [
      {
        // Decision 047: the "Logout / Account" toggle opens the account menu.
        name: 'account menu open',
        scope: ['.account-menu'],
        async act(page) {
          await page.getByRole('button', { name: 'Logout / Account' }).click();
          await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'profile orders',
    path: '/profile/orders',
    signedIn: true,
    async open(page, { request, customer }) {
      await customerOrders(request, await customer());
      await page.goto('/profile/orders');
    },
    async ready(page) {
      await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pay now/ }).first()).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
    },
    states: [
      {
        name: 'order filter dropdown open',
        width: 360,
        async act(page) {
          const toggle = page.getByRole('button', { name: /^Order filter/ });
          await toggle.click();
          await expect(page.locator('#order-filter-menu')).toBeVisible();
          // Bootstrap fades the button's colours (0.15 s): axe must see where they end, not between.
          await expect.poll(() => toggle.evaluate((el) => el.getAnimations().length)).toBe(0);
        },
      },
      {
        name: 'cancel popup with its reason missing',
        width: 1280,
        scope: ['.modal'],
        async act(page) {
          await page
            .getByRole('article')
            .filter({ hasText: 'Status: Order Processing' })
            .first()
            .getByRole('button', { name: /^Cancel Order/ })
            .click();
          const dialog = page.getByRole('dialog');
          await expect(dialog.getByLabel('Reason for cancellation')).toBeVisible();
          await dialog.getByRole('button', { name: 'Cancel Order', exact: true }).click();
          await expect(dialog.getByRole('alert')).toHaveText('Please give a reason');
        },
      },
      {
        name: 'delivered products',
        width: 1280,
        async act(page) {
          await page.getByRole('button', { name: 'Keep Order' }).click();
          await expect(page.getByRole('dialog')).toBeHidden();
          await page
            .getByRole('navigation', { name: 'Order filters' })
            .getByRole('button', { name: 'Delivered Products' })
            .click();
          await expect(page.getByRole('button', { name: /^See Details/ }).first()).toBeVisible();
        },
      },
      {
        name: 'cancelled orders',
        width: 1280,
        async act(page) {
          await page
            .getByRole('navigation', { name: 'Order filters' })
            .getByRole('button', { name: 'Cancelled Orders' })
            .click();
          await expect(page.getByText(/Loading/)).toHaveCount(0);
          await expect(
            page.getByText('No cancelled orders found.').or(page.getByRole('article').first()),
          ).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'orders ineligible cancel banner',
    path: '/profile/orders',
    signedIn: true,
    // The banner goes after 3 s: checked with the page's clock stopped.
    pausedClock: true,
    async open(page, { request, customer }) {
      await customerOrders(request, await customer());
      await page.goto('/profile/orders');
      await page
        .getByRole('article')
        .filter({ hasText: 'Status: Packed' })
        .first()
        .getByRole('button', { name: /^Cancel Order/ })
        .click();
    },
    async ready(page) {
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Only orders in "Order Processing" status can be cancelled.' }),
      ).toBeVisible();
    },
  },
  {
    name: 'orders',
    path: '/orders',
    signedIn: true,
    open: visit('/orders'),
    async ready(page) {
      await expect(page).toHaveURL(/\/profile\/orders$/);
      await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    },
  },
  {
    // A delivered order's tax invoice, to print: the same figures as its PDF.
    name: 'tax invoice page',
    path: '/orders/:id/invoice',
    signedIn: true,
    async open(page, { request, customer }) {
      await page.goto(`/orders/${await deliveredOrderId(request, await customer())}/invoice`);
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible();
      await expect(page.getByText(/^अक्षरेपी: रु\. .+ मात्र$/)).toBeVisible();
    },
  },
  {
    // One order's page (decision 047): timeline, items, payment, address, Buy again.
    name: 'order detail',
    path: '/orders/:id',
    signedIn: true,
    async open(page, { request, customer }) {
      await customerOrders(request, await customer());
      await page.goto('/profile/orders');
      await page
        .getByRole('link', { name: /^Order details/ })
        .first()
        .click();
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: /^Order PSL/, level: 1 })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Order timeline' })).toBeVisible();
    },
    states: [
      {
        name: 'bought again',
        async act(page) {
          await page.getByRole('button', { name: 'Buy again' }).click();
          await expect(page.getByRole('status').filter({ hasText: /cart/ })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'profile wishlist',
    path: '/profile/wishlist',
    signedIn: true,
    open: visit('/profile/wishlist'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
      await expect(page.getByText('Loading your wishlist...')).toHaveCount(0);
    },
  },
  {
    name: 'profile wishlist with items',
    path: '/profile/wishlist',
    signedIn: true,
    async open(page) {
      await page.goto('/');
      await page
        .getByRole('button', { name: /^Add .* to wishlist$/ })
        .first()
        .click();
      await page.getByRole('link', { name: /^Wishlist, [1-9][0-9]* items?$/ }).click();
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Rs' }).first()).toBeVisible();
    },
  },
  {
    name: 'profile stock alerts',
    path: '/profile/alerts',
    signedIn: true,
    async open(page, { request, customer }) {
      // One open request (a repeat answers the same one), asked through the API.
      const me = await customer();
      const token = await apiLogin(request, me.phone, me.password);
      const asked = await request.post('/api/ecommerce/create/back-in-stock/', {
        headers: { Authorization: `Bearer ${token}` },
        data: { product: (await soldOutSeedProduct(request)).id, channel: 'sms' },
      });
      expect(asked.ok(), `ask: ${asked.status()}`).toBeTruthy();
      await page.goto('/profile/alerts');
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'My stock alerts' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remove / }).first()).toBeVisible();
    },
  },
  {
    name: 'profile ratings',
    path: '/profile/ratings',
    signedIn: true,
    async open(page, { request, customer }) {
      await customerOrders(request, await customer());
      await page.goto('/profile/ratings');
    },
    async ready(page) {
      await ratingsTab(page);
      await expect(page.getByRole('button', { name: 'Submit Review' }).first()).toBeVisible();
    },
    states: [
      {
        name: 'rating missing',
        scope: ['article'],
        async act(page) {
          const card = page.getByRole('article').first();
          await card.getByRole('button', { name: 'Submit Review' }).click();
          await expect(card.getByRole('alert')).toHaveText('Please choose a rating');
        },
      },
    ],
  },
  {
    name: 'edit profile',
    path: '/edit-profile',
    signedIn: true,
    async open(page) {
      // From the profile, which hands its data over in navigation state.
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Edit Profile', level: 1 })).toBeVisible();
      await expect(page.getByLabel('First name')).toBeVisible();
    },
    states: [
      {
        name: 'field errors',
        scope: ['form'],
        async act(page) {
          // Checked before the server is asked: nothing is saved.
          await page.getByLabel('First name').fill('');
          await page.getByRole('button', { name: 'Save' }).click();
          await expect(page.getByText('First name is required')).toBeVisible();
        },
      },
    ],
  },
  // The shop console (staff only).
  {
    name: 'console not allowed',
    path: '/admin',
    signedIn: true,
    open: visit('/admin'),
    ready: heading('Not allowed', 1),
  },
  {
    name: 'console dashboard',
    path: '/admin',
    staff: true,
    async open(page, { request }) {
      // An order of today's: the sales report draws its charts rather than "No sales".
      await customerPlacesOrder(request, 'a11y-dashboard');
      await page.goto('/admin');
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Orders waiting' })).toBeVisible();
      // The charts (canvases named by their summaries) are drawn.
      await expect(page.getByRole('img', { name: /^Sales per day: / })).toBeVisible();
      await expect(page.getByRole('img', { name: /^Top products: / })).toBeVisible();
    },
    states: [
      {
        name: 'sales report tables open',
        scope: ['section[aria-labelledby="sales-report-heading"]'],
        async act(page) {
          const report = page.getByRole('region', { name: 'Sales report' });
          for (const summary of await report.locator('summary').all()) await summary.click();
          await expect(report.getByRole('table', { name: 'Cancellations and their reasons' })).toBeVisible();
          await expect(report.getByRole('table', { name: 'Sales per day' })).toBeVisible();
        },
      },
      {
        name: 'menu open',
        width: 360,
        scope: ['#admin-menu'],
        async act(page) {
          await page.getByRole('button', { name: 'Menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'console orders',
    path: '/admin/orders',
    staff: true,
    async open(page, { request }) {
      await customerPlacesOrder(request, 'a11y-orders');
      await page.goto('/admin/orders');
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: /^#\d+ / }).first()).toBeVisible();
    },
  },
  {
    name: 'console order detail',
    path: '/admin/orders/:orderId',
    staff: true,
    async open(page, { request }) {
      const placed = await customerPlacesOrder(request, 'a11y-order');
      await page.goto(`/admin/orders/${placed.orderId}`);
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: /^Order #\d+/, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mark as Packed' })).toBeVisible();
    },
    states: [dialogState('cancel dialog', 'Cancel order')],
  },
  {
    name: 'console packing slip',
    path: '/admin/orders/:orderId/slip',
    staff: true,
    async open(page, { request }) {
      const placed = await customerPlacesOrder(request, 'a11y-slip');
      await page.goto(`/admin/orders/${placed.orderId}/slip`);
    },
    ready: heading('Pasal — packing slip', 1),
  },
  {
    // An order's tax invoice as a page to print (docs/back-office-vat.md).
    name: 'console tax invoice page',
    path: '/admin/orders/:orderId/invoice',
    staff: true,
    async open(page, { request }) {
      const placed = await customerPlacesOrder(request, 'a11y-invoice');
      await moveOrder(request, placed.orderId, 'Delivered');
      await page.goto(`/admin/orders/${placed.orderId}/invoice`);
    },
    ready: heading('Tax invoice', 1),
  },
  {
    name: 'console customers',
    path: '/admin/customers',
    staff: true,
    open: visit('/admin/customers'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
      await expect(page.getByRole('cell').first()).toBeVisible();
    },
  },
  {
    name: 'console customer detail',
    path: '/admin/customers/:customerId',
    staff: true,
    async open(page) {
      await page.goto('/admin/customers?q=demo%40example.com');
      await page.getByRole('table').getByRole('link').first().click();
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Newest orders' })).toBeVisible();
    },
    states: [dialogState('disable dialog', 'Disable account')],
  },
  consoleList('console audit log', '/admin/audit', 'Audit log'),
  {
    name: 'console riders cash',
    path: '/admin/rider-cash',
    staff: true,
    open: visit('/admin/rider-cash'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Riders’ cash', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Demo Rider/, level: 2 })).toBeVisible();
    },
  },
  // The rider's screen (the demo rider): an order of its own to deliver (the list may hold other
  // specs' orders too), and the form the rider fills at the door; in Nepali as every screen is.
  {
    name: 'rider deliveries',
    path: '/rider',
    rider: true,
    async open(page, { request }) {
      riderOrder = (await orderForDemoRider(request, 'a11yrider')).trackingId;
      await page.goto('/rider');
    },
    async ready(page) {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: riderOrder })).toBeVisible();
    },
    states: [
      {
        name: 'could not deliver form',
        width: 360,
        scope: ['.rider-card form'],
        async act(page) {
          const card = page.getByRole('article').filter({ hasText: riderOrder });
          await card.getByRole('button', { name: 'Out for delivery' }).click();
          await card.getByRole('button', { name: 'Could not deliver' }).click();
          await expect(card.getByRole('combobox', { name: 'Reason' })).toBeVisible();
        },
      },
    ],
  },
  // The console's catalogue screens.
  {
    name: 'console products',
    path: '/admin/products',
    staff: true,
    open: visit('/admin/products'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
      await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
    },
    states: [
      {
        name: 'import preview with a problem',
        scope: ['section[aria-labelledby="csv-heading"]'],
        async act(page) {
          const csv =
            'slug,title,category,marked_price,selling_price\r\nbad-row,Bad row,no-such-category,10,12\r\n';
          await page.getByLabel('CSV file to import').setInputFiles({
            name: 'catalogue.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(csv, 'utf8'),
          });
          await page.getByRole('button', { name: 'Preview import' }).click();
          await expect(page.getByText('Unknown category “no-such-category”')).toBeVisible();
        },
      },
    ],
  },
  consoleList('console low stock', '/admin/low-stock', 'Low stock'),
  {
    name: 'console new product',
    path: '/admin/products/new',
    staff: true,
    open: visit('/admin/products/new'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Category').locator('option').nth(1)).toBeAttached();
    },
    states: [
      {
        name: 'field errors',
        scope: ['form'],
        async act(page) {
          await page.getByRole('button', { name: 'Create product' }).click();
          await expect(page.getByText('Title is required')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'console product',
    path: '/admin/products/:id',
    staff: true,
    async open(page) {
      await page.goto('/admin/products?sort=title&order=asc');
      await page.getByRole('table').getByRole('link').first().click();
    },
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Stock movements' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Adjust stock' })).toBeVisible();
    },
    states: [dialogState('deactivate dialog', 'Deactivate')],
  },
  {
    name: 'console categories',
    path: '/admin/categories',
    staff: true,
    open: visit('/admin/categories'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    },
    states: [dialogState('edit dialog', /^Edit /)],
  },
  {
    name: 'console banners',
    path: '/admin/banners',
    staff: true,
    open: visit('/admin/banners'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Banners', level: 1 })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
    },
    states: [dialogState('new banner dialog', 'New banner')],
  },
  consoleList('console flash sales', '/admin/flash-sales', 'Flash sales', [
    dialogState('new flash sale dialog', 'New flash sale'),
  ]),
  consoleList('console vouchers', '/admin/vouchers', 'Vouchers', [
    dialogState('new voucher dialog', 'New voucher'),
  ]),
  {
    name: 'console VAT and invoices',
    path: '/admin/vat',
    staff: true,
    open: visit('/admin/vat'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'VAT and invoices', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Legal name')).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
    },
  },
  {
    name: 'console search synonyms',
    path: '/admin/search-synonyms',
    staff: true,
    open: visit('/admin/search-synonyms'),
    async ready(page) {
      await expect(page.getByRole('heading', { name: 'Search synonyms', level: 1 })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
    },
    states: [dialogState('new synonym group dialog', 'New synonym group')],
  },
  consoleList('console delivery stations', '/admin/stations', 'Delivery stations', [
    dialogState('coverage dialog', /^Coverage of /, async (page) => {
      await expect(page.getByLabel('Province (served)').locator('option').nth(1)).toBeAttached();
    }),
    dialogState('delivery slots dialog', /^Slots of /, async (page) => {
      await expect(page.getByLabel('Slot 1 starts')).toBeVisible();
    }),
  ]),
];
