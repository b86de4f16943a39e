/**
 * The hero image's generated variants (scripts/build/hero-images.ts makes them from
 * frontend/assets/hero.svg, the one file to swap for a real photo). Widths and the aspect ratio
 * live here so the generator and the <img> tag agree.
 */
export const HERO_WIDTHS = [640, 960, 1280, 1920] as const;
export const HERO_ASPECT = { width: 16, height: 9 } as const;
export const HERO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type HeroFormat = (typeof HERO_FORMATS)[number];

export const HERO_PUBLIC_DIR = '/images/generated';

export function heroFile(width: number, format: HeroFormat): string {
  return `${HERO_PUBLIC_DIR}/hero-${width}.${format}`;
}

export const HERO_IMAGE = {
  width: 1280,
  height: (1280 * HERO_ASPECT.height) / HERO_ASPECT.width,
  fallback: heroFile(1280, 'jpg'),
  srcSet: (format: HeroFormat) => HERO_WIDTHS.map((w) => `${heroFile(w, format)} ${w}w`).join(', '),
};
