/**
 * The ZIP code a city link put in the address (`/?zip=85001`), or null: read from the address
 * itself, so the form needs no router (it hydrates as an island on the home page, decision 041).
 */
export function zipFromLink(): string | null {
  return new URLSearchParams(window.location.search).get('zip');
}
