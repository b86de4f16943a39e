import { Link } from 'react-router';
import { cityLinkLabel } from '../../content/marketing';
import { Section } from './section';

export interface CityLink {
  name: string;
  zip: string;
  path: string;
}

/** The row of five city cards on a state page, each with a 'Get started →' link. */
export function CityLinks({ title, cities }: { title: string; cities: readonly CityLink[] }) {
  return (
    <Section id="cities" title={title}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cities.map((city) => {
          const nameId = `city-${city.zip}`;
          return (
            <li
              key={city.name}
              className="rounded-xl border border-slate-200 p-5 text-center shadow-sm"
            >
              <h3 id={nameId} className="text-lg font-semibold text-slate-900">
                {city.name}
              </h3>
              <p className="text-sm text-slate-600">ZIP {city.zip}</p>
              {/* The visible text is the same on every card; the city name describes the link. */}
              <Link
                to={city.path}
                aria-describedby={nameId}
                className="mt-3 inline-block font-semibold text-emerald-800 hover:underline"
              >
                {cityLinkLabel}
              </Link>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
