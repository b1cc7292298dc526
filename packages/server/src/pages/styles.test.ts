import { describe, expect, it } from 'vitest';
import { type ColorTokens, colorTokens, stylesheet } from './styles.js';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((offset) => {
    const channel = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((first, second) => second - first);
  return (lighter + 0.05) / (darker + 0.05);
}

type Pair = [foreground: keyof ColorTokens, background: keyof ColorTokens, minimum: number];
/** Text needs 4.5:1 (AA); input borders and the focus ring need 3:1 (non-text contrast). */
const pairs: Pair[] = [
  ['text', 'surface', 4.5],
  ['text', 'bg', 4.5],
  ['muted', 'surface', 4.5],
  ['primary', 'surface', 4.5],
  ['onPrimary', 'primary', 4.5],
  ['onPrimary', 'primaryHover', 4.5],
  ['primary', 'noticeBg', 4.5],
  ['text', 'noticeBg', 4.5],
  ['text', 'dangerBg', 4.5],
  ['danger', 'dangerBg', 4.5],
  ['danger', 'surface', 4.5],
  ['border', 'surface', 3],
  ['focus', 'surface', 3],
  ['focus', 'bg', 3],
];

describe.each(['light', 'dark'] as const)('the %s colour scheme', (scheme) => {
  it.each(pairs)('%s on %s has at least %s:1 contrast', (foreground, background, minimum) => {
    const tokens = colorTokens[scheme];
    expect(contrast(tokens[foreground], tokens[background])).toBeGreaterThanOrEqual(minimum);
  });

  it('is declared as custom properties in the stylesheet', () => {
    expect(stylesheet).toContain(`--color-primary-hover:${colorTokens[scheme].primaryHover};`);
  });
});

describe('the stylesheet', () => {
  it('switches to the dark tokens when the system prefers dark', () => {
    expect(stylesheet).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{--color-bg:#0e1014;/);
  });

  it('draws a visible focus ring for keyboard focus', () => {
    expect(stylesheet).toContain(':focus-visible{outline:var(--ring)');
    expect(stylesheet).toContain('--ring:3px solid var(--color-focus)');
  });

  it('cannot close its style element', () => {
    expect(stylesheet).not.toMatch(/<\/style/i);
  });
});
