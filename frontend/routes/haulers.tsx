import { Suspense } from 'react';
import { haulersPage } from '../content/haulers';
import { strikeRulesCopy } from '../content/strike-rules';
import {
  APPLY_SECTION_ID,
  APPLY_SUBMIT_ID,
  FRESH_LINK_SECTION_ID,
  FRESH_LINK_SUBMIT_ID,
} from '../features/hauler-application/apply-ids';
import { paths } from '../shared/paths';
import { breadcrumbJsonLd, pageMeta } from '../shared/seo';
import { SITE_NAME } from '../shared/site';
import { lazyWhenNeeded } from '../shared/hydration/when-needed';
import type { Route } from './+types/haulers';

// As on the home page: each form's code (Formik, the contract's schemas) loads, runs and hydrates
// the pre-rendered form when the visitor comes near its button or touches the form.
const application = lazyWhenNeeded(
  () =>
    import('../features/hauler-application/application-form').then((module) => ({
      default: module.ApplicationForm,
    })),
  { watchedId: APPLY_SUBMIT_ID, areaId: APPLY_SECTION_ID },
);
const freshLink = lazyWhenNeeded(
  () =>
    import('../features/hauler-application/fresh-link-form').then((module) => ({
      default: module.FreshLink,
    })),
  { watchedId: FRESH_LINK_SUBMIT_ID, areaId: FRESH_LINK_SECTION_ID },
);

/** Runs at build time: the rules' texts are the contract's, and only the texts are shipped. */
export function loader() {
  return { rules: strikeRulesCopy() };
}

export function meta() {
  return pageMeta({
    title: `${haulersPage.metaTitle} | ${SITE_NAME}`,
    description: haulersPage.metaDescription,
    path: paths.haulers,
    jsonLd: [
      breadcrumbJsonLd([
        { name: 'Home', path: paths.home },
        { name: haulersPage.title, path: paths.haulers },
      ]),
    ],
  });
}

export default function Haulers({ loaderData }: Route.ComponentProps) {
  const { gets, checks } = haulersPage;
  const { rules } = loaderData;
  application.useRelease();
  freshLink.useRelease();
  return (
    <>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {haulersPage.title}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-100 sm:text-xl">
            {haulersPage.subtitle}
          </p>
          <a
            href={`#${APPLY_SECTION_ID}`}
            className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {haulersPage.formHeading}
          </a>
        </div>
      </section>
      <section aria-labelledby="gets-heading" className="bg-white py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="gets-heading" className="text-center text-3xl font-bold tracking-tight">
            {gets.heading}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {gets.items.map((item) => (
              <li key={item.title} className="rounded-xl bg-slate-50 p-6">
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-slate-700">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="checks-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="checks-heading" className="text-center text-3xl font-bold tracking-tight">
            {checks.heading}
          </h2>
          <ul className="mt-8 list-disc space-y-3 pl-6 text-lg text-slate-700">
            {checks.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>
      <section
        id={haulersPage.rules.id}
        aria-labelledby="rules-heading"
        className="border-b border-slate-200 bg-white py-14"
      >
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="rules-heading" className="text-center text-3xl font-bold tracking-tight">
            {haulersPage.rules.heading}
          </h2>
          <p className="mt-8 text-lg text-slate-700">{rules.rating}</p>
          <p className="mt-4 text-lg text-slate-700">{rules.strikesIntro}</p>
          <ul className="mt-3 list-disc space-y-3 pl-6 text-lg text-slate-700">
            {rules.strikes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-4 text-lg font-semibold text-slate-900">{rules.pause}</p>
        </div>
      </section>
      <section
        id={APPLY_SECTION_ID}
        tabIndex={-1}
        aria-labelledby="apply-heading"
        className="bg-white py-14 focus:outline-none"
      >
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="apply-heading" className="text-center text-3xl font-bold tracking-tight">
            {haulersPage.formHeading}
          </h2>
          <p className="mt-3 text-center text-lg text-slate-700">{haulersPage.formIntro}</p>
          <p className="mt-2 text-center text-sm text-slate-600">
            Fields marked{' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <Suspense fallback={null}>
            <application.Component />
          </Suspense>
        </div>
      </section>
      <section
        id={FRESH_LINK_SECTION_ID}
        aria-labelledby="fresh-link-heading"
        className="bg-slate-50 py-12"
      >
        <div className="mx-auto max-w-3xl px-4">
          {/* The heading comes with the form: its text is the hauler contract's, whose schemas
              this page need not load until the visitor comes to a form. */}
          <Suspense fallback={null}>
            <freshLink.Component />
          </Suspense>
        </div>
      </section>
    </>
  );
}
