/** The last path segment of a request: '/cities/phoenix' → 'phoenix'. Used by build-time loaders. */
export function slugFromRequest(request: Request): string {
  const segments = new URL(request.url).pathname.split('/').filter(Boolean);
  return segments.at(-1) ?? '';
}
