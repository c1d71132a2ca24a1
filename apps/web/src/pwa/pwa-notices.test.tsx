import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PwaNotices, UPDATE_READY } from './pwa-notices';
import { onInstallAsked, onUpdateApplied, setPwaState } from './pwa-state';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <PwaNotices /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  act(() => setPwaState({ updateReady: false, installable: false }));
  vi.restoreAllMocks();
});

describe('the new-version note', () => {
  it('offers the reload, which only then hands over to the new version', async () => {
    const apply = vi.fn();
    onUpdateApplied(apply);
    renderAt('/');
    act(() => setPwaState({ updateReady: true }));
    expect(screen.getByRole('status')).toHaveTextContent(`${UPDATE_READY} reload`);
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('is never offered to a shopper checking out, and comes once they leave', async () => {
    const router = renderAt('/checkout');
    act(() => setPwaState({ updateReady: true }));
    expect(screen.queryByRole('button', { name: 'reload' })).not.toBeInTheDocument();
    await act(() => router.navigate('/payment/return?order=1'));
    expect(screen.queryByRole('button', { name: 'reload' })).not.toBeInTheDocument();
    await act(() => router.navigate('/orders'));
    expect(screen.getByRole('button', { name: 'reload' })).toBeInTheDocument();
  });
});

describe('the offline note', () => {
  it('says quietly that the phone is offline, and goes when the line returns', () => {
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    renderAt('/');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('the install offer', () => {
  it('is not made on the first visit, is made after an order, and "Not now" puts it away', async () => {
    const install = vi.fn(async () => {});
    onInstallAsked(install);
    window.localStorage.setItem('pasal-visits', '1');
    renderAt('/');
    act(() => setPwaState({ installable: true }));
    expect(screen.queryByRole('region', { name: 'Install Pasal' })).not.toBeInTheDocument();

    const { noteOrderPlaced } = await import('./install-timing');
    act(() => noteOrderPlaced());
    const offer = screen.getByRole('region', { name: 'Install Pasal' });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(offer).not.toBeInTheDocument();
    expect(install).not.toHaveBeenCalled();
  });

  it('on a second visit, Install asks the browser', async () => {
    const install = vi.fn(async () => {});
    onInstallAsked(install);
    window.localStorage.setItem('pasal-visits', '2');
    renderAt('/');
    act(() => setPwaState({ installable: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(install).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Install Pasal' })).not.toBeInTheDocument();
  });
});
