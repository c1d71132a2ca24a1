import { describe, expect, it } from 'vitest';
import { CHART_COLOURS, contrastRatio } from './chart-colours';

describe('the charts’ colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0d6efd', '#ffffff')).toBeCloseTo(4.5, 1);
  });

  it.each(['light', 'dark'] as const)('%s: bars stand out at 3:1 at least, text reads at 4.5:1', (mode) => {
    const { background, bar, alert, text } = CHART_COLOURS[mode];
    expect(contrastRatio(bar, background)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(alert, background)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });
});
