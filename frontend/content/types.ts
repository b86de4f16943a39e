/**
 * Types of the site's static content. Every page, the navigation, the sitemap and the tests
 * read the content through these types, so a missing field fails the typecheck, not a visitor.
 */

/** One question and its answer, shown in an FAQ accordion and in FAQPage JSON-LD. */
export interface Faq {
  question: string;
  answer: string;
}

/** A city served in a state. `zip` is a 5-digit string; the first city of a state is its primary one. */
export interface City {
  name: string;
  zip: string;
}

/** A US state's landing page, at `/{slug}`. */
export interface StateContent {
  /** Full name, e.g. 'New Hampshire'. */
  name: string;
  /** Lowercase hyphenated name, e.g. 'new-hampshire'. Also the page's path. */
  slug: string;
  /** Two-letter postal abbreviation, e.g. 'NH'. */
  abbreviation: string;
  /** The hero subtitle, one sentence specific to this state. */
  tagline: string;
  /** The meta description for search results, 120 to 160 characters. */
  metaDescription: string;
  /** The intro section: a heading and one paragraph, specific to this state. */
  intro: { heading: string; paragraph: string };
  /** Exactly five cities; the first is the primary one. */
  cities: readonly [City, City, City, City, City];
  /** Exactly five entries, shown under '{State} Bulk Trash Removal FAQs'. */
  faqs: readonly [Faq, Faq, Faq, Faq, Faq];
}

/**
 * An Arizona city page, at `/cities/{slug}`. The city's name and ZIP live in Arizona's state entry;
 * `slug` is that name lowercased and hyphenated ('phoenix').
 */
export interface ArizonaCityContent {
  slug: string;
  tagline: string;
  metaDescription: string;
  intro: { heading: string; paragraph: string };
}

/** A block of an article: a paragraph, a sub-heading, or a bulleted list. */
export type ArticleBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'list'; items: readonly string[] };

/** A blog article, at `/blog/{slug}`. */
export interface BlogArticle {
  slug: string;
  title: string;
  metaDescription: string;
  /** ISO date, e.g. '2025-01-15'. */
  datePublished: string;
  /** As displayed, e.g. 'January 15, 2025'. */
  dateDisplay: string;
  readingTime: string;
  /** The standfirst shown under the title. */
  summary: string;
  body: readonly ArticleBlock[];
}
