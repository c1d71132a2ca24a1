import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLoadedModule } from './use-loaded-module';

function Slot({
  load,
  wanted,
}: {
  load: () => Promise<(p: { text: string }) => ReactNode>;
  wanted: boolean;
}) {
  const Loaded = useLoadedModule(load, wanted);
  return Loaded ? <Loaded text="the slides" /> : <p>the first banner</p>;
}

describe('useLoadedModule', () => {
  it('keeps what is shown, without a Suspense boundary, until the wanted code arrives, and asks once', async () => {
    let arrive: (c: (p: { text: string }) => ReactNode) => void = () => {};
    const load = vi.fn(
      () =>
        new Promise<(p: { text: string }) => ReactNode>((resolve) => {
          arrive = resolve;
        }),
    );
    const { rerender } = render(<Slot load={load} wanted={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Slot load={load} wanted />);
    const first = screen.getByText('the first banner');
    rerender(<Slot load={load} wanted />);
    // The same element stays on screen while the code is on its way (no fallback copy replaces it).
    expect(screen.getByText('the first banner')).toBe(first);
    await act(async () => arrive(({ text }) => <p>{text}</p>));
    expect(screen.getByText('the slides')).toBeInTheDocument();
    expect(screen.queryByText('the first banner')).not.toBeInTheDocument();
    rerender(<Slot load={load} wanted />);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stays with what it showed when the code cannot be had', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    render(<Slot load={load} wanted />);
    await act(async () => {});
    expect(screen.getByText('the first banner')).toBeInTheDocument();
  });
});
