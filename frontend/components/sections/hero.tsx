import type { ReactNode } from 'react';
import { HERO_IMAGE, HERO_SIZES } from '../../shared/hero-image';

interface HeroProps {
  title: string;
  subtitle: string;
  children?: ReactNode;
}

/**
 * The page hero: the junk-pile image under a dark scrim (white text stays above 4.5:1 contrast),
 * the page's only h1, its subtitle and any actions.
 */
export function Hero({ title, subtitle, children }: HeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-slate-900">
      <picture>
        <source type="image/avif" srcSet={HERO_IMAGE.srcSet('avif')} sizes={HERO_SIZES} />
        <source type="image/webp" srcSet={HERO_IMAGE.srcSet('webp')} sizes={HERO_SIZES} />
        <img
          src={HERO_IMAGE.fallback}
          srcSet={HERO_IMAGE.srcSet('jpg')}
          sizes={HERO_SIZES}
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          alt=""
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
      </picture>
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-slate-950/70" />
      <div className="mx-auto max-w-4xl px-4 py-20 text-center text-white sm:py-28">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-100 sm:text-xl">{subtitle}</p>
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}
