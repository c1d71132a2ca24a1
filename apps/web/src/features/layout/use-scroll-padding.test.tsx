import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_GAP_PX, useScrollPaddingFor } from './use-scroll-padding';

let resize: () => void = () => {};
class FakeResizeObserver {
  constructor(callback: () => void) {
    resize = callback;
  }
  observe() {}
  disconnect() {}
}

function Header({ height }: { height: number }) {
  const ref = useRef<HTMLElement>(null);
  useScrollPaddingFor(ref);
  return (
    <header
      ref={(el) => {
        if (el) Object.defineProperty(el, 'offsetHeight', { configurable: true, get: () => height });
        ref.current = el;
      }}
    />
  );
}

describe('useScrollPaddingFor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the page scroll padding at the sticky header height plus a gap, and lets go on unmount', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const root = document.documentElement;
    const { rerender, unmount } = render(<Header height={56} />);
    expect(root.style.scrollPaddingTop).toBe(`${56 + SCROLL_GAP_PX}px`);

    // The search wraps to a second row on a narrow screen: the header grows and says so.
    rerender(<Header height={104} />);
    resize();
    expect(root.style.scrollPaddingTop).toBe(`${104 + SCROLL_GAP_PX}px`);

    unmount();
    expect(root.style.scrollPaddingTop).toBe('');
  });
});
