import { Link } from 'react-router';
import { CallToAction } from '../components/sections/call-to-action';
import { CityLinks } from '../components/sections/city-links';
import { FaqAccordion } from '../components/sections/faq-accordion';
import { Hero } from '../components/sections/hero';
import { HowItWorks } from '../components/sections/how-it-works';
import { QuoteLink, primaryButtonClass } from '../components/sections/quote-link';
import { TrustSection } from '../components/sections/trust-section';
import { WhyChooseUs } from '../components/sections/why-choose-us';
import { cityLinkPath } from '../content/arizona';
import { hero, placeHeading, sectionHeadings } from '../content/marketing';
import { findState } from '../content/states';
import { paths } from '../shared/paths';
import { slugFromRequest } from '../shared/request-slug';
import { breadcrumbJsonLd, faqPageJsonLd, pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';
import type { Route } from './+types/state-page';
import { heroPreloadLink } from '../shared/hero-image';
import { HEADER_ISLAND_ONLY } from '../shared/hydration/page-hydration';

/** Runs at build time: only this state's copy is shipped with its page. */
export function loader({ request }: Route.LoaderArgs) {
  const state = findState(slugFromRequest(request));
  if (!state) throw new Response('Not Found', { status: 404 });
  return {
    state,
    cities: state.cities.map((city) => ({ ...city, path: cityLinkPath(state, city) })),
  };
}

/** The hero photo is the largest thing on the first screen: fetch it first. */
export function links() {
  return [heroPreloadLink()];
}

/** Nothing here but the top bar needs JavaScript: the page never loads the router. */
export const handle = HEADER_ISLAND_ONLY;

export function meta({ loaderData }: Route.MetaArgs) {
  const { state } = loaderData;
  const path = paths.state(state.slug);
  return pageMeta({
    title: `${placeHeading(state.name)} | Same-Day Junk Removal | ${SITE_NAME}`,
    description: state.metaDescription,
    path,
    jsonLd: [
      breadcrumbJsonLd([
        { name: 'Home', path: paths.home },
        { name: state.name, path },
      ]),
      faqPageJsonLd(state.faqs),
    ],
  });
}

export default function StatePage({ loaderData }: Route.ComponentProps) {
  const { state, cities } = loaderData;
  return (
    <>
      <Hero title={placeHeading(state.name)} subtitle={state.tagline}>
        <QuoteLink className={primaryButtonClass}>{hero.cta}</QuoteLink>
      </Hero>
      <nav aria-label="Breadcrumb" className="mx-auto max-w-6xl px-4 pt-6 text-sm text-slate-600">
        <ol className="flex gap-2">
          <li>
            <Link to={paths.home} className="hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{state.name}</li>
        </ol>
      </nav>
      <section aria-labelledby="intro-heading" className="mx-auto max-w-3xl px-4 py-12">
        <h2 id="intro-heading" className="text-3xl font-bold tracking-tight">
          {state.intro.heading}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">{state.intro.paragraph}</p>
      </section>
      <CityLinks title={sectionHeadings.cities(state.name)} cities={cities} />
      <HowItWorks />
      <TrustSection />
      <FaqAccordion id="faq" title={sectionHeadings.stateFaq(state.name)} faqs={state.faqs} />
      <WhyChooseUs />
      <CallToAction />
    </>
  );
}
