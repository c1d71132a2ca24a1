import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBackInStock } from '../../test/fake-back-in-stock';
import { makeStore } from '../../test/render';
import { loggedIn } from '../auth/auth-slice';
import { NotifyMe } from './notify-me';

let fake: ReturnType<typeof fakeBackInStock> | undefined;
afterEach(() => fake?.restore());

function Login() {
  const location = useLocation();
  return <p>Login page, back to {(location.state as { back?: string } | null)?.back}</p>;
}

function renderNotify(options: { customer?: boolean } = {}) {
  const store = makeStore();
  if (options.customer !== false) store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: 7 }));
  const router = createMemoryRouter(
    [
      { path: '/detail/:slug', element: <NotifyMe productId={5} /> },
      { path: '/login', element: <Login /> },
    ],
    { initialEntries: ['/detail/tea'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('Notify me on an out-of-stock product', () => {
  it('sends a visitor to log in, to come back to this product', async () => {
    fake = fakeBackInStock();
    renderNotify({ customer: false });
    await userEvent.click(screen.getByRole('button', { name: 'Log in to be told when it is back' }));
    expect(await screen.findByText('Login page, back to /detail/tea')).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it('asks by SMS, says so, and cancels', async () => {
    fake = fakeBackInStock();
    renderNotify();
    const sms = await screen.findByRole('radio', { name: 'SMS' });
    expect(sms).toBeChecked();
    expect(screen.getByRole('group', { name: 'Tell me when it is back, by' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText("We'll send you an SMS once when it is back in stock."),
    ).toBeInTheDocument();
    expect(fake.calls).toContain('POST /create/back-in-stock/ {"product":5,"channel":"sms"}');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByRole('button', { name: 'Notify me' })).toBeInTheDocument();
    expect(fake.entries).toEqual([]);
    expect(fake.calls).toContain('DELETE /update/back-in-stock/1/');
  });

  it('shows a request made earlier, by e-mail', async () => {
    fake = fakeBackInStock();
    fake.seed(5, 'email');
    renderNotify();
    expect(await screen.findByText("We'll e-mail you once when it is back in stock.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when e-mail cannot be used, and SMS still works", async () => {
    fake = fakeBackInStock({ emailVerified: false });
    renderNotify();
    await userEvent.click(await screen.findByRole('radio', { name: 'E-mail' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your e-mail address is not verified yet. Verify it in your profile, or choose SMS.',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'SMS' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText("We'll send you an SMS once when it is back in stock."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a product back in stock meanwhile: the form goes, the reason stays', async () => {
    fake = fakeBackInStock({ inStock: [5] });
    renderNotify();
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This product is in stock now: you can order it.',
    );
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });
});
