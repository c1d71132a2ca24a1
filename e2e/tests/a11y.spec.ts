import type { Page } from '@playwright/test';
import { axeViolations } from './a11y-axe';
import { expect, type Theme, test } from './a11y-fixtures';
import { focusProblems } from './a11y-focus';
import { SCREENS } from './a11y-screens';

// WCAG 2.2 AA on every screen, both themes, a phone and a desktop width (decision 006): axe with
// the WCAG A/AA tags, no sideways scrolling, and a visible, unclipped, unhidden focus ring on every control.
const THEMES: Theme[] = ['light', 'dark'];
const WIDTHS = [360, 1280];
const HEIGHT = 800;

// Spread over both workers; a busy machine can take a while over a long page at two widths and
// in two themes.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });
// A failure names the rule, the element and what is wrong; recording a trace of every passing run
// (the suite's default) costs a fifth of the matrix's time, so only a retry records one.
test.use({ trace: 'on-first-retry' });

/** Resizes and waits until the page has taken the new width (no page timers: a screen may pause them). */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: HEIGHT });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
}

/** Runs `work` while the page's stopped clock moves on in 1 ms steps (axe defers work with timers). */
async function ticking<T>(page: Page, work: Promise<T>): Promise<T> {
  let done = false;
  const ticks = (async () => {
    while (!done) await page.clock.runFor(1);
  })();
  try {
    return await work;
  } finally {
    done = true;
    await ticks;
  }
}

/** Shows the page in `theme` as the theme toggle would (the app sets only this attribute), at once. */
async function showTheme(page: Page, theme: Theme) {
  await page.evaluate((mode) => {
    document.documentElement.setAttribute('data-bs-theme', mode);
    // Controls fade between colours (Bootstrap's transitions): measure the colours they end on.
    // Not a toast's progress bar: it counts down the toast's life, and finishing it starts the
    // toast's fade-out, whose half-transparent text axe would then measure.
    for (const animation of document.getAnimations()) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target instanceof Element && target.closest('.Toastify__progress-bar')) continue;
      animation.finish();
    }
  }, theme);
}

/** Axe, sideways scrolling and focus rings, in each theme in turn; the page is left in the first. */
async function check(page: Page, label: string, pausedClock = false, scope?: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const theme of [...THEMES].reverse()) {
    await showTheme(page, theme);
    const run = axeViolations(page, scope);
    found.push(...(await (pausedClock ? ticking(page, run) : run)).map((v) => `${label}, ${theme}: ${v}`));
    // WCAG 1.4.10 Reflow: no horizontal scrolling, even at the narrow width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) found.push(`${label}, ${theme}: scrolls ${overflow} px sideways`);
    if (!scope) found.push(...(await focusProblems(page)).map((p) => `${label}, ${theme}: ${p}`));
  }
  return found;
}

// One test per screen checks it in both themes: the screen is opened once (its set-up, log-in and
// page loads are most of a test's time) and each check runs dark, then light (as it opened).
for (const screen of SCREENS) {
  test.describe(() => {
    test.use({
      theme: THEMES[0],
      signedIn: screen.signedIn ?? false,
      staff: screen.staff ?? false,
      rider: screen.rider ?? false,
    });

    test(`${screen.name}: WCAG 2.2 AA, ${THEMES.join(' and ')}, at ${WIDTHS.join(' and ')} px`, async ({
      page,
      request,
      customer,
    }) => {
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
      if (screen.pausedClock) {
        await page.clock.install();
        await page.clock.pauseAt(Date.now() + 1000);
      }
      await screen.open(page, { request, customer });
      await screen.ready(page);
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', THEMES[0]);
      const url = page.url();

      const found: string[] = [];
      for (const width of WIDTHS) {
        await resize(page, width);
        // Each width is checked from the top, as the page opens: the focus check before it leaves
        // the page scrolled anywhere, sometimes with a control half under the sticky header.
        await page.evaluate(() => window.scrollTo(0, 0));
        found.push(...(await check(page, `${width}px`, screen.pausedClock)));
      }
      expect(page.url(), 'the screen stayed put while it was checked').toBe(url);
      for (const state of screen.states ?? []) {
        const width = state.width ?? WIDTHS[WIDTHS.length - 1];
        await resize(page, width);
        await state.act(page);
        found.push(...(await check(page, `${width}px, ${state.name}`, screen.pausedClock, state.scope)));
      }
      // The same screen in Nepali (issue 23), at the phone's width, where Devanagari is longest:
      // one more check per screen rather than a second matrix, to keep CI's time.
      if (!screen.pausedClock) {
        await resize(page, WIDTHS[0]);
        await page.evaluate(() => localStorage.setItem('pasal-language', 'ne'));
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
        await page.waitForLoadState('networkidle');
        // The reload restores where the checks above left the page; the Nepali check starts at the
        // top as they did, not with a card half under the sticky header (axe's target-size).
        await page.evaluate(() => window.scrollTo(0, 0));
        found.push(...(await check(page, `${WIDTHS[0]}px, Nepali`)));
      }
      expect(found).toEqual([]);
    });
  });
}
