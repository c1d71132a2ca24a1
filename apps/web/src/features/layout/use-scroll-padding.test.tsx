import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_GAP_PX, useScrollPaddingFor } from './use-scroll-padding';

type Entry = { borderBoxSize: { blockSize: number }[] };
let resize: (height: number) => void = () => {};
/** Reports sizes the way the browser does after a layout: as the entries' border box. */
class FakeResizeObserver {
  constructor(callback: (entries: Entry[]) => void) {
    resize = (height) => callback([{ borderBoxSize: [{ blockSize: height }] }]);
  }
  observe() {}
  disconnect() {}
}

function Header() {
  const ref = useRef<HTMLElement>(null);
  useScrollPaddingFor(ref);
  return <header ref={ref} />;
}

describe('useScrollPaddingFor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the page scroll padding at the sticky header height plus a gap, and lets go on unmount', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const root = document.documentElement;
    const { unmount } = render(<Header />);
    // The first report comes once the header is laid out.
    resize(55.5);
    expect(root.style.scrollPaddingTop).toBe(`${56 + SCROLL_GAP_PX}px`);

    // The search wraps to a second row on a narrow screen: the header grows and says so.
    resize(104);
    expect(root.style.scrollPaddingTop).toBe(`${104 + SCROLL_GAP_PX}px`);

    unmount();
    expect(root.style.scrollPaddingTop).toBe('');
  });
});
