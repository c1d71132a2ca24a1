import { renderHook, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { useOwnResource } from './use-own-resource';

/** An error as axios rejects with for an HTTP answer of `status`. */
function httpError(status: number): AxiosError {
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
  } as AxiosResponse);
}

describe('useOwnResource', () => {
  it('is loading, then ready with what the loader answered for the id', async () => {
    const load = vi.fn(async (id: number) => ({ id }));
    const { result } = renderHook(() => useOwnResource('12', load));
    expect(result.current).toEqual({ kind: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ kind: 'ready', data: { id: 12 } }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is missing on a 404 (not found, or not mine) and on an id that is no id, without asking', async () => {
    const { result } = renderHook(() => useOwnResource('5', () => Promise.reject(httpError(404))));
    await waitFor(() => expect(result.current).toEqual({ kind: 'missing' }));
    const load = vi.fn();
    const bad = renderHook(() => useOwnResource('abc', load));
    expect(bad.result.current).toEqual({ kind: 'missing' });
    expect(load).not.toHaveBeenCalled();
  });

  it('has failed on any other error', async () => {
    const { result } = renderHook(() => useOwnResource('5', () => Promise.reject(httpError(500))));
    await waitFor(() => expect(result.current).toEqual({ kind: 'failed' }));
    const offline = renderHook(() => useOwnResource('5', () => Promise.reject(new Error('Network Error'))));
    await waitFor(() => expect(offline.result.current).toEqual({ kind: 'failed' }));
  });

  it('asks nothing while not enabled, and drops the answer for an earlier id', async () => {
    const load = vi.fn((id: number) => new Promise<number>((resolve) => setTimeout(() => resolve(id), id)));
    const { result, rerender } = renderHook(({ id, on }) => useOwnResource(id, load, on), {
      initialProps: { id: '40', on: false },
    });
    expect(result.current).toEqual({ kind: 'loading' });
    expect(load).not.toHaveBeenCalled();
    rerender({ id: '40', on: true });
    rerender({ id: '2', on: true });
    await waitFor(() => expect(result.current).toEqual({ kind: 'ready', data: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(result.current).toEqual({ kind: 'ready', data: 2 });
  });
});
