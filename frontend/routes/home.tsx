import { FaqAccordion } from '../components/sections/faq-accordion';
import { Hero } from '../components/sections/hero';
import { HowItWorks } from '../components/sections/how-it-works';
import { QuoteLink, primaryButtonClass } from '../components/sections/quote-link';
import { TrustSection } from '../components/sections/trust-section';
import { WhyChooseUs } from '../components/sections/why-choose-us';
import { CallToAction } from '../components/sections/call-to-action';
import { mainFaq } from '../content/main-faq';
import { hero, sectionHeadings } from '../content/marketing';
import { QuoteFormSection } from '../features/quote-form/quote-form-section';
import { paths } from '../shared/paths';
import { faqPageJsonLd, organizationJsonLd, pageMeta, serviceJsonLd } from '../shared/seo';
import { SITE_NAME } from '../shared/site';
import { heroPreloadLink } from '../shared/hero-image';
import { HEADER_AND_QUOTE_FORM_ISLANDS } from '../shared/hydration/page-hydration';

const description =
  'Same-day or next-day bulk trash and junk pickup in all 50 states. Upload photos, get a flat-rate quote with no hidden fees, and get matched with a local hauler.';

/** The hero photo is the largest thing on the first screen: fetch it first. */
export function links() {
  return [heroPreloadLink()];
}

/**
 * Only the top bar and the quote form need JavaScript: the page hydrates them as islands and never
 * loads the router (docs/decisions/041-home-page-islands.md).
 */
export const handle = HEADER_AND_QUOTE_FORM_ISLANDS;

export function meta() {
  return pageMeta({
    title: `${hero.heading} | Same-Day Junk Removal | ${SITE_NAME}`,
    description,
    path: paths.home,
    jsonLd: [organizationJsonLd(), serviceJsonLd(description), faqPageJsonLd(mainFaq)],
  });
}

export default function Home() {
  return (
    <>
      <Hero title={hero.heading} subtitle={hero.subtext}>
        <QuoteLink className={primaryButtonClass}>{hero.cta}</QuoteLink>
      </Hero>
      <QuoteFormSection />
      <HowItWorks />
      <TrustSection />
      <FaqAccordion id="faq" title={sectionHeadings.mainFaq} faqs={mainFaq} />
      <WhyChooseUs />
      <CallToAction />
    </>
  );
}
