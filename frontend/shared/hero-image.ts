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

/** The variant named in `src` and in Open Graph tags, and the <img>'s intrinsic width. */
const HERO_IMAGE_DEFAULT_WIDTH = 1280;

export function heroFile(width: number, format: HeroFormat): string {
  return `${HERO_PUBLIC_DIR}/hero-${width}.${format}`;
}

/** The hero's `sizes`: it spans the viewport. */
export const HERO_SIZES = '100vw';

/**
 * A preload of the hero's AVIF variants, for the page's <head>: the LCP image is requested while
 * the HTML is still arriving, not once the parser reaches the <img>. Browsers without AVIF skip it.
 */
export function heroPreloadLink() {
  return {
    rel: 'preload',
    as: 'image',
    type: 'image/avif',
    href: heroFile(HERO_IMAGE_DEFAULT_WIDTH, 'avif'),
    imageSrcSet: HERO_WIDTHS.map((w) => `${heroFile(w, 'avif')} ${w}w`).join(', '),
    imageSizes: HERO_SIZES,
    fetchPriority: 'high',
  } as const;
}

export const HERO_IMAGE = {
  width: HERO_IMAGE_DEFAULT_WIDTH,
  height: (HERO_IMAGE_DEFAULT_WIDTH * HERO_ASPECT.height) / HERO_ASPECT.width,
  fallback: heroFile(HERO_IMAGE_DEFAULT_WIDTH, 'jpg'),
  srcSet: (format: HeroFormat) => HERO_WIDTHS.map((w) => `${heroFile(w, format)} ${w}w`).join(', '),
};
