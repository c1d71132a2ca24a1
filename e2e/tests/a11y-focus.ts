import type { Page } from '@playwright/test';

/**
 * Focuses every keyboard-reachable control on the page, one after the other as Tab would, and
 * reports each one whose focus indicator is missing, thinner than 2 px, cut off by a scrolling or
 * clipping box, hidden under something else (the sticky header), or below 3:1 against the surface
 * around it (WCAG 2.4.7 Focus Visible, 2.4.11 Focus Not Obscured, 1.4.11 Non-text Contrast).
 * axe checks none of these. Leaves the page scrolled to the top with nothing focused.
 */
/** Overlays that come and go by themselves (toasts), never counted as hiding a focused control. */
const TRANSIENT_OVERLAYS = '.Toastify';

export async function focusProblems(page: Page): Promise<string[]> {
  return page.evaluate((TRANSIENT) => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba => {
      const m = color.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const [r, g, b, a = '1'] = m[1].split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const contrast = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The colour an element's surroundings show: backgrounds stacked up to an opaque one. */
    const surface = (from: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let el = from; el; el = el.parentElement) {
        const bg = parse(getComputedStyle(el).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let out: Rgba = [255, 255, 255, 1];
      for (const [r, g, b, a] of layers.reverse()) {
        out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), b * a + out[2] * (1 - a), 1];
      }
      return out;
    };
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ||
        (el as HTMLElement).innerText?.trim().slice(0, 40) ||
        el.getAttribute('placeholder') ||
        el.id;
      return `<${el.tagName.toLowerCase()}> "${name}"`;
    };
    const outlineOf = (el: Element) => {
      const s = getComputedStyle(el);
      return s.outlineStyle === 'none' ? 0 : Number.parseFloat(s.outlineWidth);
    };
    const isVisuallyHidden = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width <= 1 && r.height <= 1;
    };

    // An open modal dialog keeps focus inside itself: Tab reaches nothing behind it.
    const modal = document.querySelector('[role="dialog"][aria-modal="true"]');
    const tabbable = Array.from(
      (modal ?? document).querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]',
      ),
    ).filter(
      (el) =>
        el.tabIndex >= 0 &&
        !el.matches(':disabled') &&
        el.getClientRects().length > 0 &&
        getComputedStyle(el).visibility !== 'hidden',
    );

    // Bootstrap scrolls smoothly; the checks need the page where focus leaves it, at once.
    const root = document.documentElement;
    const scrollBehavior = root.style.scrollBehavior;
    root.style.scrollBehavior = 'auto';
    const problems: string[] = [];
    for (const el of tabbable) {
      // The indicator may sit on the control, on the label of a visually hidden input, or on an
      // ancestor that draws it for a child that clips its own (the product card).
      const hosts: Element[] = [el, ...Array.from((el as HTMLInputElement).labels ?? [])];
      for (let a = el.parentElement, i = 0; a && i < 4; a = a.parentElement, i++) hosts.push(a);
      const before = hosts.map(outlineOf);
      el.focus({ focusVisible: true } as FocusOptions);
      if (document.activeElement !== el) continue;
      // A control still 1 px small when focused (a visually hidden input) cannot show its own ring.
      const hidden = isVisuallyHidden(el);
      const host = hosts.find(
        (h, i) => (h !== el || !hidden) && outlineOf(h) > 0 && (h === el || before[i] === 0),
      );
      if (!host) {
        problems.push(`${describe(el)}: no focus indicator`);
        continue;
      }
      const style = getComputedStyle(host);
      const width = Number.parseFloat(style.outlineWidth);
      const offset = Number.parseFloat(style.outlineOffset);
      if (width < 2) problems.push(`${describe(el)}: focus ring only ${width}px`);

      // The ring's outer box must not be cut by a box that clips (overflow other than visible).
      const r = host.getBoundingClientRect();
      const grow = Math.max(0, width + offset);
      const ring = { left: r.left - grow, top: r.top - grow, right: r.right + grow, bottom: r.bottom + grow };
      for (let a = host.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const b = a.getBoundingClientRect();
        const box = {
          left: b.left + a.clientLeft,
          top: b.top + a.clientTop,
          right: b.left + a.clientLeft + a.clientWidth,
          bottom: b.top + a.clientTop + a.clientHeight,
        };
        if (
          ring.left < box.left - 0.5 ||
          ring.top < box.top - 0.5 ||
          ring.right > box.right + 0.5 ||
          ring.bottom > box.bottom + 0.5
        ) {
          problems.push(
            `${describe(el)}: focus ring cut off by ${a.tagName.toLowerCase()}.${Array.from(a.classList).join('.')}`,
          );
          break;
        }
      }

      // Something drawn over the control (the sticky header) must not hide it entirely. Toasts are
      // left out both ways: they close by themselves and slide while they come and go.
      const transient = (node: Element | null) => node?.closest(TRANSIENT) != null;
      const points = [
        [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.bottom - 2],
      ];
      const seen = points.some(([x, y]) => {
        const top = document.elementFromPoint(x, y);
        return (
          top !== null && (host.contains(top) || top.contains(host) || el.contains(top) || transient(top))
        );
      });
      if (!seen && !transient(el))
        problems.push(`${describe(el)}: hidden under another element when focused`);

      // A ring with a halo of another colour (offset 0 and a box-shadow) is two-tone by design.
      const twoTone = offset <= 0 && style.boxShadow !== 'none';
      if (!twoTone) {
        const ratio = contrast(parse(style.outlineColor), surface(host.parentElement));
        if (ratio < 3) problems.push(`${describe(el)}: focus ring contrast ${ratio.toFixed(2)}:1`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    root.style.scrollBehavior = scrollBehavior;
    return problems;
  }, TRANSIENT_OVERLAYS);
}
