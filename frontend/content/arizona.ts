import { ARIZONA_SLUG, paths, slugify } from '../shared/paths';
import { arizonaCities } from './arizona-cities';
import { findState } from './states';
import type { ArizonaCityContent, City, StateContent } from './types';

export function arizona(): StateContent {
  const state = findState(ARIZONA_SLUG);
  if (!state) throw new Error('Arizona is missing from the states');
  return state;
}

/** Where a state's city link goes: Arizona's to its city page, others to the form with the ZIP. */
export function cityLinkPath(state: StateContent, city: City): string {
  return state.slug === ARIZONA_SLUG
    ? paths.arizonaCity(slugify(city.name))
    : paths.homeWithZip(city.zip);
}

export interface ArizonaCityPage extends ArizonaCityContent {
  name: string;
  zip: string;
}

/** A city page's copy joined with the city's name and ZIP from Arizona's state entry. */
export function findArizonaCity(slug: string): ArizonaCityPage | undefined {
  const copy = arizonaCities.find((city) => city.slug === slug);
  const city = arizona().cities.find((c) => slugify(c.name) === slug);
  if (!copy || !city) return undefined;
  return { ...copy, name: city.name, zip: city.zip };
}
