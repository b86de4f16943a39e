import { Link } from 'react-router';
import { CallToAction } from '../components/sections/call-to-action';
import { Hero } from '../components/sections/hero';
import { HowItWorks } from '../components/sections/how-it-works';
import { QuoteLink, primaryButtonClass } from '../components/sections/quote-link';
import { TrustSection } from '../components/sections/trust-section';
import { WhyChooseUs } from '../components/sections/why-choose-us';
import { arizona, cityLinkPath, findArizonaCity } from '../content/arizona';
import { backToArizona, hero, placeHeading, sectionHeadings } from '../content/marketing';
import { ARIZONA_SLUG, paths } from '../shared/paths';
import { slugFromRequest } from '../shared/request-slug';
import { breadcrumbJsonLd, pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';
import type { Route } from './+types/city-page';
import { heroPreloadLink } from '../shared/hero-image';
import { HEADER_ISLAND_ONLY } from '../shared/hydration/page-hydration';

export function loader({ request }: Route.LoaderArgs) {
  const city = findArizonaCity(slugFromRequest(request));
  if (!city) throw new Response('Not Found', { status: 404 });
  const state = arizona();
  return {
    city,
    arizonaTagline: state.tagline,
    otherCities: state.cities
      .filter((other) => other.name !== city.name)
      .map((other) => ({ name: other.name, path: cityLinkPath(state, other) })),
  };
}

/** The hero photo is the largest thing on the first screen: fetch it first. */
export function links() {
  return [heroPreloadLink()];
}

/** Nothing here but the top bar needs JavaScript: the page never loads the router. */
export const handle = HEADER_ISLAND_ONLY;

export function meta({ loaderData }: Route.MetaArgs) {
  const { city } = loaderData;
  const path = paths.arizonaCity(city.slug);
  return pageMeta({
    title: `${placeHeading(city.name)}, Arizona | Same-Day Junk Removal | ${SITE_NAME}`,
    description: city.metaDescription,
    path,
    jsonLd: [
      breadcrumbJsonLd([
        { name: 'Home', path: paths.home },
        { name: 'Arizona', path: paths.state(ARIZONA_SLUG) },
        { name: city.name, path },
      ]),
    ],
  });
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { city, otherCities, arizonaTagline } = loaderData;
  return (
    <>
      <Hero title={placeHeading(city.name)} subtitle={city.tagline}>
        <QuoteLink className={primaryButtonClass}>{hero.cta}</QuoteLink>
      </Hero>
      <section aria-labelledby="intro-heading" className="mx-auto max-w-3xl px-4 py-12">
        <Link
          to={paths.state(ARIZONA_SLUG)}
          className="font-semibold text-emerald-800 hover:underline"
        >
          {backToArizona}
        </Link>
        <h2 id="intro-heading" className="mt-6 text-3xl font-bold tracking-tight">
          {city.intro.heading}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">{city.intro.paragraph}</p>
      </section>
      <HowItWorks />
      <TrustSection />
      <section aria-labelledby="arizona-heading" className="bg-white py-16">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h2 id="arizona-heading" className="text-3xl font-bold tracking-tight">
            {sectionHeadings.arizonaBlock}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{arizonaTagline}</p>
          <ul className="mt-6 flex flex-wrap justify-center gap-3">
            {otherCities.map((other) => (
              <li key={other.path}>
                <Link
                  to={other.path}
                  className="inline-block rounded-full border border-emerald-700 px-4 py-2 font-medium text-emerald-800 hover:bg-emerald-50"
                >
                  {placeHeading(other.name)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <WhyChooseUs />
      <CallToAction />
    </>
  );
}
