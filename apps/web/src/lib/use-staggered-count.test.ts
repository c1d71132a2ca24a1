import { renderHook, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useStaggeredCount } from './use-staggered-count';

test('gives the first items at once, then the rest a step per task, and never more than there are', async () => {
  const seen: number[] = [];
  const { result, rerender } = renderHook(
    ({ total }) => {
      const shown = useStaggeredCount(total, 1, 2);
      seen.push(shown);
      return shown;
    },
    { initialProps: { total: 0 } },
  );
  expect(result.current).toBe(0);
  rerender({ total: 6 });
  expect(result.current).toBe(1);
  await waitFor(() => expect(result.current).toBe(6));
  // 1, then 3, then 5, then all 6: each step a render of its own.
  expect([...new Set(seen)]).toEqual([0, 1, 3, 5, 6]);
});
