import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serial-queue';

describe('serial queue', () => {
  it('starts each job after the one before settles, failures included', async () => {
    const run = createSerialQueue();
    const order: string[] = [];
    let releaseFirst = () => {};
    const first = run(
      () =>
        new Promise<string>((resolve) => {
          order.push('first started');
          releaseFirst = () => resolve('a');
        }),
    );
    const second = run(async () => {
      order.push('second started');
      throw new Error('b');
    });
    const third = run(async () => {
      order.push('third started');
      return 'c';
    });
    await Promise.resolve();
    expect(order).toEqual(['first started']);
    releaseFirst();
    await expect(first).resolves.toBe('a');
    await expect(second).rejects.toThrow('b');
    await expect(third).resolves.toBe('c');
    expect(order).toEqual(['first started', 'second started', 'third started']);
  });
});
