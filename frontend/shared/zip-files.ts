/**
 * The ZIP lookup's static files: one small JSON file per three-digit ZIP prefix, written at build
 * time from the `zipcodes` package (scripts/build/zip-files.ts) and fetched by the quote form on
 * demand, so no ZIP data is in any page's JavaScript (docs/decisions/016-pickup-time-and-zip-lookup.md).
 */

/** `/zip/852.json`: served from the site's own origin, like the pages. */
export const ZIP_FILES_DIR = 'zip';
export const zipPrefixPath = (prefix: string): string => `/${ZIP_FILES_DIR}/${prefix}.json`;

/**
 * One prefix's ZIP codes: `zips` maps the last two digits to the city and an index into `states`
 * (full names, 'Arizona'), so a state's name is written once per file.
 */
export interface ZipPrefixFile {
  states: string[];
  zips: Record<string, [city: string, state: number]>;
}
