import { describe, expect, it } from 'vitest';
import { paths, slugify } from '../shared/paths';
import { cityLinkPath } from './arizona';
import { states } from './states';

// The spec's states and cities, copied by hand as the test's oracle: where it gives ZIPs, ours
// must be exactly these.
const SPEC_ZIPS: Record<string, string> = {
  Alabama: 'Birmingham 35201, Montgomery 36101, Mobile 36601, Huntsville 35801, Tuscaloosa 35401',
  'New Jersey': 'Newark 07102, Jersey City 07302, Paterson 07501, Elizabeth 07201, Trenton 08608',
  'New Mexico':
    'Albuquerque 87101, Las Cruces 88001, Rio Rancho 87124, Santa Fe 87501, Roswell 88201',
  'New York': 'New York City 10001, Buffalo 14201, Rochester 14604, Albany 12201, Syracuse 13201',
  'North Carolina':
    'Charlotte 28201, Raleigh 27601, Greensboro 27401, Durham 27701, Winston-Salem 27101',
  'North Dakota': 'Fargo 58102, Bismarck 58501, Grand Forks 58201, Minot 58701, West Fargo 58078',
  Ohio: 'Columbus 43201, Cleveland 44101, Cincinnati 45201, Toledo 43601, Akron 44301',
  Oklahoma: 'Oklahoma City 73102, Tulsa 74103, Norman 73069, Broken Arrow 74012, Edmond 73003',
  Oregon: 'Portland 97201, Eugene 97401, Salem 97301, Gresham 97030, Bend 97701',
  Pennsylvania: 'Philadelphia 19101, Pittsburgh 15201, Allentown 18101, Erie 16501, Reading 19601',
  'Rhode Island':
    'Providence 02901, Warwick 02886, Cranston 02910, Pawtucket 02860, East Providence 02914',
  'South Carolina':
    'Charleston 29401, Columbia 29201, Greenville 29601, Myrtle Beach 29577, Spartanburg 29301',
  'South Dakota':
    'Sioux Falls 57101, Rapid City 57701, Aberdeen 57401, Brookings 57006, Watertown 57201',
  Tennessee:
    'Nashville 37201, Memphis 38101, Knoxville 37901, Chattanooga 37401, Clarksville 37040',
  Texas: 'Houston 77001, Dallas 75201, Austin 78701, San Antonio 78201, Fort Worth 76101',
  Utah: 'Salt Lake City 84101, Provo 84601, West Valley City 84119, West Jordan 84084, Orem 84057',
  Vermont: 'Burlington 05401, South Burlington 05403, Rutland 05701, Essex 05452, Montpelier 05602',
  Virginia:
    'Virginia Beach 23450, Norfolk 23501, Richmond 23218, Arlington 22201, Chesapeake 23320',
  Washington: 'Seattle 98101, Spokane 99201, Tacoma 98401, Vancouver 98660, Bellevue 98004',
  'West Virginia':
    'Charleston 25301, Huntington 25701, Morgantown 26501, Parkersburg 26101, Wheeling 26003',
  Wisconsin: 'Milwaukee 53202, Madison 53701, Green Bay 54301, Kenosha 53140, Racine 53401',
  Wyoming: 'Cheyenne 82001, Casper 82601, Laramie 82070, Gillette 82716, Rock Springs 82901',
};

// The five cities of the states whose ZIPs the spec does not give, in order.
const SPEC_CITIES_WITHOUT_ZIPS: Record<string, string> = {
  Alaska: 'Anchorage, Fairbanks, Juneau, Wasilla, Sitka',
  Arizona: 'Phoenix, Tucson, Mesa, Scottsdale, Chandler',
  Arkansas: 'Little Rock, Fort Smith, Fayetteville, Springdale, Jonesboro',
  California: 'Los Angeles, San Diego, San Francisco, San Jose, Sacramento',
  Colorado: 'Denver, Colorado Springs, Aurora, Fort Collins, Boulder',
  Connecticut: 'Hartford, New Haven, Stamford, Bridgeport, Waterbury',
  Delaware: 'Wilmington, Dover, Newark, Middletown, Smyrna',
  Florida: 'Miami, Orlando, Tampa, Jacksonville, Fort Lauderdale',
  Georgia: 'Atlanta, Augusta, Columbus, Savannah, Athens',
  Hawaii: 'Honolulu, Hilo, Kailua, Kapolei, Kaneohe',
  Idaho: 'Boise, Meridian, Nampa, Idaho Falls, Pocatello',
  Illinois: 'Chicago, Aurora, Naperville, Rockford, Joliet',
  Indiana: 'Indianapolis, Fort Wayne, Evansville, South Bend, Carmel',
  Iowa: 'Des Moines, Cedar Rapids, Davenport, Sioux City, Iowa City',
  Kansas: 'Wichita, Overland Park, Kansas City, Topeka, Olathe',
  Kentucky: 'Louisville, Lexington, Bowling Green, Owensboro, Covington',
  Louisiana: 'New Orleans, Baton Rouge, Shreveport, Lafayette, Lake Charles',
  Maine: 'Portland, Lewiston, Bangor, South Portland, Auburn',
  Maryland: 'Baltimore, Frederick, Rockville, Gaithersburg, Bowie',
  Massachusetts: 'Boston, Worcester, Springfield, Cambridge, Lowell',
  Michigan: 'Detroit, Grand Rapids, Ann Arbor, Lansing, Sterling Heights',
  Minnesota: 'Minneapolis, St. Paul, Rochester, Duluth, Bloomington',
  Mississippi: 'Jackson, Gulfport, Southaven, Hattiesburg, Biloxi',
  Missouri: 'Kansas City, St. Louis, Springfield, Columbia, Independence',
  Montana: 'Billings, Missoula, Great Falls, Bozeman, Butte',
  Nebraska: 'Omaha, Lincoln, Bellevue, Grand Island, Kearney',
  Nevada: 'Las Vegas, Henderson, Reno, North Las Vegas, Sparks',
  'New Hampshire': 'Manchester, Nashua, Concord, Derry, Rochester',
};

// The spec's copy: the only states that may name a price.
const SPEC_PRICES: Record<string, string> = {
  Alabama: '$100',
  California: '$150',
  Hawaii: '$200',
  Mississippi: '$85',
};

function wordShingles(text: string, size = 3): Set<string> {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  const shingles = new Set<string>();
  for (let i = 0; i + size <= words.length; i += 1)
    shingles.add(words.slice(i, i + size).join(' '));
  return shingles;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

const allCopy = (state: (typeof states)[number]) =>
  [
    state.tagline,
    state.intro.heading,
    state.intro.paragraph,
    ...state.faqs.flatMap((f) => [f.question, f.answer]),
  ].join(' ');

describe('the states content', () => {
  it('covers all 50 states exactly once, in alphabetical order', () => {
    expect(states).toHaveLength(50);
    const names = states.map((s) => s.name);
    expect(new Set(names).size).toBe(50);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(
      [...Object.keys(SPEC_ZIPS), ...Object.keys(SPEC_CITIES_WITHOUT_ZIPS)].sort((a, b) =>
        a.localeCompare(b),
      ),
    );
  });

  it('gives every state a unique lowercase hyphenated slug made from its name', () => {
    for (const state of states) expect(state.slug).toBe(slugify(state.name));
    expect(new Set(states.map((s) => s.slug)).size).toBe(50);
    expect(states.find((s) => s.name === 'New Hampshire')?.slug).toBe('new-hampshire');
    expect(states.find((s) => s.name === 'West Virginia')?.slug).toBe('west-virginia');
  });

  it('gives every state a unique two-letter abbreviation', () => {
    for (const state of states) expect(state.abbreviation).toMatch(/^[A-Z]{2}$/);
    expect(new Set(states.map((s) => s.abbreviation)).size).toBe(50);
  });

  it.each(states.map((s) => [s.name, s] as const))(
    '%s has five cities with 5-digit ZIPs and five FAQs',
    (_name, state) => {
      expect(state.cities).toHaveLength(5);
      for (const city of state.cities) expect(city.zip).toMatch(/^\d{5}$/);
      expect(new Set(state.cities.map((c) => c.name)).size).toBe(5);
      expect(state.faqs).toHaveLength(5);
      for (const faq of state.faqs) {
        expect(faq.question.trim()).toMatch(/\?$/);
        expect(faq.answer.length).toBeGreaterThan(80);
      }
      expect(state.metaDescription.length).toBeGreaterThanOrEqual(70);
      expect(state.metaDescription.length).toBeLessThanOrEqual(160);
      expect(state.intro.paragraph.length).toBeGreaterThan(400);
    },
  );

  it("uses the spec's cities and ZIPs exactly where it gives them", () => {
    for (const [name, list] of Object.entries(SPEC_ZIPS)) {
      const state = states.find((s) => s.name === name);
      expect(state?.cities.map((c) => `${c.name} ${c.zip}`).join(', '), name).toBe(list);
    }
  });

  it("lists the spec's cities in the spec's order where it gives no ZIPs", () => {
    for (const [name, list] of Object.entries(SPEC_CITIES_WITHOUT_ZIPS)) {
      const state = states.find((s) => s.name === name);
      expect(state?.cities.map((c) => c.name).join(', '), name).toBe(list);
    }
  });

  it("sends Arizona's city links to the city pages and every other state's to the form with the ZIP", () => {
    for (const state of states) {
      const links = state.cities.map((city) => cityLinkPath(state, city));
      if (state.slug === 'arizona') {
        expect(links).toEqual([
          '/cities/phoenix',
          '/cities/tucson',
          '/cities/mesa',
          '/cities/scottsdale',
          '/cities/chandler',
        ]);
      } else {
        expect(links).toEqual(state.cities.map((c) => paths.homeWithZip(c.zip)));
        for (const link of links) expect(link).toMatch(/^\/\?zip=\d{5}$/);
      }
    }
  });

  it("names a price only where the spec gives one, and Alaska's 20-50% premium", () => {
    for (const state of states) {
      const copy = allCopy(state);
      const expected = SPEC_PRICES[state.name];
      if (expected) expect(copy, state.name).toContain(expected);
      else expect(copy, state.name).not.toMatch(/\$\d/);
    }
    expect(allCopy(states.find((s) => s.name === 'Alaska')!)).toMatch(/20-50%/);
  });

  it('writes each state its own copy rather than one template with the name swapped', () => {
    const shingles = states.map((s) => wordShingles(allCopy(s)));
    let worst = { score: 0, pair: '' };
    for (let i = 0; i < states.length; i += 1) {
      for (let j = i + 1; j < states.length; j += 1) {
        const score = jaccard(shingles[i]!, shingles[j]!);
        if (score > worst.score) worst = { score, pair: `${states[i]!.name}/${states[j]!.name}` };
      }
    }
    // Copy written per state shares well under a tenth of its three-word runs with any other.
    expect(worst.score, worst.pair).toBeLessThan(0.1);
  });

  it('mentions each state by name and its primary city in its own copy', () => {
    for (const state of states) {
      const copy = allCopy(state);
      expect(copy).toContain(state.name);
      expect(copy).toContain(state.cities[0].name);
    }
  });

  it('keeps intro headings and meta descriptions unique across states', () => {
    expect(new Set(states.map((s) => s.intro.heading)).size).toBe(50);
    expect(new Set(states.map((s) => s.metaDescription)).size).toBe(50);
  });
});
