import type { AxeResults } from 'axe-core';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * WCAG's large text: at least 18pt, or 14pt and bold. axe reports the size as "13.5pt (18px)"
 * and the weight as "bold" or "normal".
 */
export function isLargeText(fontSize: string, fontWeight: string): boolean {
  const points = parseFloat(fontSize);
  return points >= 18 || (fontWeight === 'bold' && points >= 14);
}

interface ContrastData {
  fgColor?: string;
  bgColor?: string;
  fontSize?: string;
  fontWeight?: string;
}

/**
 * The colour-contrast checks axe could not decide ("incomplete": text over a gradient, an
 * overlapping element, or foreground equal to background, as white on white) whose colours it
 * did read and whose ratio is below WCAG AA: 4.5:1, or 3:1 for large text.
 */
export function undecidedContrastFailures(results: AxeResults): string[] {
  const rule = results.incomplete.find((r) => r.id === 'color-contrast');
  const failures: string[] = [];
  for (const node of rule?.nodes ?? []) {
    const data = node.any.find((check) => check.id === 'color-contrast')?.data as
      ContrastData | undefined;
    if (!data?.fgColor || !data.bgColor) continue;
    const ratio = contrastRatio(data.fgColor, data.bgColor);
    const required = isLargeText(data.fontSize ?? '', data.fontWeight ?? '') ? 3 : 4.5;
    if (ratio < required) {
      failures.push(
        `color-contrast (incomplete): ${node.target.join(' ')} ${data.fgColor} on ${data.bgColor} is ${ratio.toFixed(2)}:1, needs ${required}:1`,
      );
    }
  }
  return failures;
}
