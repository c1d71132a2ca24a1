import { expect, type Page, test } from '@playwright/test';
import { customerPlacesOrder, openConsoleAsStaff } from './admin-helpers';

// The console's new-order alert (docs/delivery-messages.md, decision 059): an order a customer
// places shows in an open console without a reload, the tab title carries the count, and the mute
// control silences the chime and is remembered. The console polls every 15 s: the page's clock
// (Playwright's) is moved on to the next poll instead of waiting for it (decision 066).

const POLL_MS = 15_000;

/**
 * Counts the chime's tones (two per ring, alert-sound.ts) with a stand-in for the browser's Web
 * Audio: a test machine may have no audio device, and nobody needs to hear it.
 */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { tones: number; AudioContext: unknown };
    w.tones = 0;
    const node = { connect: (next: unknown) => next };
    w.AudioContext = class {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume = () => Promise.resolve();
      createOscillator() {
        w.tones += 1;
        return { ...node, type: 'sine', frequency: { value: 0 }, start() {}, stop() {} };
      }
      createGain() {
        return { ...node, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } };
      }
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number }).tones);

const isPoll = (url: string) => url.includes('/api/admin/orders/new/');

/** Opens the console's orders with the page's clock installed, once its first poll has answered. */
async function openOrders(page: Page, open: () => Promise<unknown>) {
  const first = page.waitForResponse((r) => isPoll(r.url()));
  await open();
  await first;
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
}

/** Moves the page's clock to the next poll and waits for its answer. */
async function nextPoll(page: Page) {
  const answered = page.waitForResponse((r) => isPoll(r.url()));
  await page.clock.fastForward(POLL_MS);
  await answered;
}

test('a new order shows in the open console, counted in the tab title; the mute is remembered', async ({
  page,
  request,
}) => {
  await countTones(page);
  await page.clock.install();
  await openOrders(page, () => openConsoleAsStaff(page, request, '/admin/orders'));
  const alert = page.getByRole('link', { name: /^\d+ new orders?$/ });
  await expect(alert).toBeHidden();
  await expect(page).not.toHaveTitle(/^\(\d+\) /);

  // A customer orders through the API; the console shows it at its next poll, no reload.
  await customerPlacesOrder(request, 'neworderalert');
  await nextPoll(page);
  // Other specs may order at the same time: at least this one is counted.
  await expect(alert).toBeVisible();
  const count = Number((await alert.textContent())?.match(/^\d+/)?.[0]);
  expect(count).toBeGreaterThanOrEqual(1);
  await expect(page).toHaveTitle(new RegExp(`^\\(${count}\\) `));
  expect(await tones(page)).toBeGreaterThan(0);

  // Muted: pressed, and still pressed after a reload (this browser remembers).
  const mute = page.getByRole('button', { name: 'Mute new-order sound' });
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await openOrders(page, () => page.reload());
  await expect(mute).toHaveAttribute('aria-pressed', 'true');

  // The next order is shown and counted, silently.
  await customerPlacesOrder(request, 'neworderalertmuted');
  await nextPoll(page);
  await expect(alert).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+\) /);
  expect(await tones(page)).toBe(0);

  // "Mark as seen" starts the count again and takes it out of the title.
  await page.getByRole('button', { name: 'Mark as seen' }).click();
  await expect(alert).toBeHidden();
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
});
