import { type ComponentType, lazy } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { HomePage } from '../features/catalogue/home-page';
import { RequireLogin } from '../features/checkout/require-login';
import { AccountLayout, MainLayout } from '../features/layout/layouts';
import { NotFoundPage } from '../features/layout/not-found-page';
import { RootRoute } from './root-route';

// Every other page is its own chunk so the home page loads only what it needs; the layouts (and
// the root route, for the pages without one) show a spinner in its place while it loads.
// `handle.preload` loads it ahead: the first render waits for the address's pages (src/main.tsx),
// as the data router did, and a page already loaded renders at once (no fallback, no Suspense
// reveal delay: React takes a thenable that resolves synchronously as ready).
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => {
  let loaded: { default: ComponentType } | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = { default: pick(m) };
      return loaded;
    });
  const Page = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    // biome-ignore lint/suspicious/noThenProperty: React's lazy reads a synchronous thenable as loaded
    return { then: (resolve: (m: { default: ComponentType }) => void) => resolve(ready) } as never;
  });
  return { element: <Page />, handle: { preload } };
};

/** Loads the lazy pages the address shows, so the first render has them. */
export function preloadPages(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((m) => (m.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.()),
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      // Top level, no shared layout (accounts-orders.md §2).
      {
        path: 'changepassword',
        ...page(
          () => import('../features/auth/change-password-page'),
          (m) => m.ChangePasswordPage,
        ),
      },
      {
        path: 'otpverifys',
        ...page(
          () => import('../features/auth/otp-verify-email-page'),
          (m) => m.OtpVerifyEmailPage,
        ),
      },
      // The shop console (staff only): its own chunks, loaded when /admin opens.
      {
        path: 'admin/*',
        ...page(
          () => import('../features/admin/admin-app'),
          (m) => m.AdminApp,
        ),
      },
      // The rider's screen (riders only): its own chunk, with no shop layout around it.
      {
        path: 'rider',
        ...page(
          () => import('../features/rider/rider-page'),
          (m) => m.RiderPage,
        ),
      },
      {
        element: <MainLayout />,
        children: [
          // Home is in the first load (most visits start there): no second round trip before it
          // can render and ask for its data.
          { index: true, element: <HomePage /> },
          {
            path: 'viewallca/:categoryId',
            ...page(
              () => import('../features/catalogue/category-page'),
              (m) => m.CategoryPage,
            ),
          },
          {
            path: 'detail/:slug',
            ...page(
              () => import('../features/product/product-detail-page'),
              (m) => m.ProductDetailPage,
            ),
          },
        ],
      },
      {
        element: <AccountLayout />,
        children: [
          {
            path: 'login',
            ...page(
              () => import('../features/auth/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'otpverify',
            ...page(
              () => import('../features/auth/otp-verify-page'),
              (m) => m.OtpVerifyPage,
            ),
          },
          {
            path: 'otpcheck',
            ...page(
              () => import('../features/auth/otp-check-page'),
              (m) => m.OtpCheckPage,
            ),
          },
          {
            path: 'signup',
            ...page(
              () => import('../features/auth/signup-page'),
              (m) => m.SignupPage,
            ),
          },
          {
            path: 'phonesignup',
            ...page(
              () => import('../features/auth/phone-signup-page'),
              (m) => m.PhoneSignupPage,
            ),
          },
          {
            path: 'setpass',
            ...page(
              () => import('../features/auth/set-password-page'),
              (m) => m.SetPasswordPage,
            ),
          },
          {
            path: 'edit-profile',
            ...page(
              () => import('../features/profile/edit-profile-page'),
              (m) => m.EditProfilePage,
            ),
          },
          {
            path: 'forgetpassword',
            ...page(
              () => import('../features/auth/forget-password-page'),
              (m) => m.ForgetPasswordPage,
            ),
          },
          {
            path: 'profile',
            ...page(
              () => import('../features/profile/profile-page'),
              (m) => m.ProfilePage,
            ),
            children: [
              {
                // /profile alone shows the Orders tab.
                index: true,
                ...page(
                  () => import('../features/orders/profile-orders'),
                  (m) => m.ProfileOrders,
                ),
              },
              {
                path: 'orders',
                ...page(
                  () => import('../features/orders/profile-orders'),
                  (m) => m.ProfileOrders,
                ),
              },
              {
                path: 'wishlist',
                ...page(
                  () => import('../features/wishlist/wishlist-page'),
                  (m) => m.WishlistPage,
                ),
              },
              {
                path: 'ratings',
                ...page(
                  () => import('../features/orders/profile-ratings'),
                  (m) => m.ProfileRatings,
                ),
              },
              {
                path: 'alerts',
                ...page(
                  () => import('../features/back-in-stock/back-in-stock-page'),
                  (m) => m.BackInStockPage,
                ),
              },
            ],
          },
          {
            element: <RequireLogin />,
            children: [
              {
                path: 'checkout',
                ...page(
                  () => import('../features/checkout/checkout-page'),
                  (m) => m.CheckoutPage,
                ),
              },
              {
                path: 'payment/return',
                ...page(
                  () => import('../features/checkout/payment-return-page'),
                  (m) => m.PaymentReturnPage,
                ),
              },
            ],
          },
          {
            path: 'orders',
            ...page(
              () => import('../features/orders/orders-page'),
              (m) => m.OrdersPage,
            ),
          },
          {
            // One order: its timeline, items, payment, address and Buy again (decision 047).
            path: 'orders/:id',
            ...page(
              () => import('../features/orders/order-detail-page'),
              (m) => m.OrderDetailPage,
            ),
          },
          {
            // Its tax invoice as a page to print (the PDF's figures; docs/back-office-vat.md).
            path: 'orders/:id/invoice',
            ...page(
              () => import('../features/invoices/invoice-page'),
              (m) => m.InvoicePage,
            ),
          },
          {
            path: 'viewallfy',
            ...page(
              () => import('../features/catalogue/today-special-page'),
              (m) => m.TodaySpecialPage,
            ),
          },
          {
            path: 'Viewallna',
            ...page(
              () => import('../features/catalogue/new-arrivals-page'),
              (m) => m.NewArrivalsPage,
            ),
          },
          {
            path: 'cart',
            ...page(
              () => import('../features/cart/cart-page'),
              (m) => m.CartPage,
            ),
          },
          {
            path: 'search',
            ...page(
              () => import('../features/search/search-page'),
              (m) => m.SearchPage,
            ),
          },
          {
            path: 'delivery-check',
            ...page(
              () => import('../features/checkout/delivery-check-page'),
              (m) => m.DeliveryCheckPage,
            ),
          },
          {
            path: 'dev/outbox',
            ...page(
              () => import('../features/dev-outbox/dev-outbox-page'),
              (m) => m.DevOutboxPage,
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
