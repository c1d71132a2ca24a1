import { useSyncExternalStore } from 'react';

export type ColourMode = 'light' | 'dark';

/**
 * The charts' colours in each of Bootstrap's colour modes. Bars and text are checked against the
 * page's background (chart-colours.test.ts): bars at least 3:1 (WCAG 1.4.11), text at least 4.5:1.
 */
export const CHART_COLOURS = {
  light: { background: '#ffffff', bar: '#0a58ca', alert: '#b02a37', text: '#212529', grid: '#dee2e6' },
  dark: { background: '#212529', bar: '#6ea8fe', alert: '#ea868f', text: '#dee2e6', grid: '#495057' },
} as const;

function currentMode(): ColourMode {
  return document.documentElement.getAttribute('data-bs-theme') === 'dark' ? 'dark' : 'light';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
  return () => observer.disconnect();
}

/** The colour mode on <html> (data-bs-theme), following the theme switch as it changes. */
export function useColourMode(): ColourMode {
  return useSyncExternalStore(subscribe, currentMode, () => 'light');
}

/** WCAG's contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
