import { createTheme, type MantineColorsTuple } from '@mantine/core';
// Only the core texts: the theme is in the first load, the whole text module is not.
import { core } from '../common/tr/core';

/** Ten shades around one hex colour, lightest first (Mantine wants a tuple of 10). */
function shadesOf(hex: string): MantineColorsTuple {
  const n = parseInt(hex.slice(1), 16);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const mix = (target: number, amount: number) =>
    `#${rgb
      .map((c) =>
        Math.round(c + (target - c) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  return [
    mix(255, 0.9),
    mix(255, 0.75),
    mix(255, 0.6),
    mix(255, 0.4),
    mix(255, 0.2),
    hex,
    mix(0, 0.1),
    mix(0, 0.2),
    mix(0, 0.3),
    mix(0, 0.4),
  ] as unknown as MantineColorsTuple;
}

/** The panel's theme around a primary colour. */
export function themeOf(primary: string) {
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: shadesOf(/^#[0-9a-f]{6}$/i.test(primary) ? primary : '#1c7ed6') },
    primaryShade: 5,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    // Text on a filled button in whichever of black or white reads better on the studio's colour (WCAG AA).
    autoContrast: true,
    luminanceThreshold: 0.179,
    components: {
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Ekrandan renk seç' } } },
      // Every dialog's × says what it does to a screen reader (Mantine's is an unnamed button).
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': core.words.close } } },
      // A badge always shows its whole word: it keeps its width in a crowded table cell or row.
      Badge: { styles: { root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } },
    },
  });
}
