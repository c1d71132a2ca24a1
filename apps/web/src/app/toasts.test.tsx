import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { toast } from '../lib/toast';
import { Toasts } from './toasts';

// A browser whose page never reports its first screen (no picture painted, the app not yet drawn):
// the container would otherwise wait for that, or for the shopper's first tap.
class SilentLcpObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  observe() {}
  disconnect() {}
}

afterEach(() => vi.unstubAllGlobals());

test('a toast raised before the first screen is shown appears at once, not on the next tap', async () => {
  vi.stubGlobal('PerformanceObserver', SilentLcpObserver);
  render(<Toasts />);
  toast.error('Failed to fetch wishlist');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch wishlist');
});
