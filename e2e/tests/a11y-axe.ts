import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA; best-practice rules are not asked for (decision 006). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Every violation axe finds on the page (or only inside the `scope` selectors), of any impact, one
 * readable line each.
 */
export async function axeViolations(page: Page, scope: string[] = []): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default also opens a blank page per run to merge
  // frame results, which costs about a second and buys nothing here: the shop has no iframes.
  // Only violations are read, so axe need not describe each of the thousands of passing nodes
  // (resultTypes): a third to a half faster on a long page.
  // options() replaces every option, so it comes before withTags().
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
  for (const selector of scope) builder.include(selector);
  const results = await builder.analyze();
  const ran = JSON.stringify(results.toolOptions.runOnly);
  if (ran !== JSON.stringify({ type: 'tag', values: WCAG_TAGS })) {
    throw new Error(`axe ran with runOnly ${ran} instead of the WCAG tags`);
  }
  return results.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 4)
      .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
      .join(' | ');
    const more = v.nodes.length > 4 ? ` (+${v.nodes.length - 4} more)` : '';
    return `${v.id} [${v.impact}] ${v.help}: ${nodes}${more}`;
  });
}
