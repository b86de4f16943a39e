/**
 * An email's button that is about one part of the request page ("Rate your hauler", "View the
 * receipt") names it in the link's fragment (`#t=…&section=rate`). The part exists only once the
 * request has been read with the token, so the browser's own jump to `#id` cannot reach it: the
 * page scrolls to the part's heading and focuses it when it first appears, once per link.
 */
import { useEffect, useRef } from 'react';
import { useLocationHash } from '../../../shared/location-hash';
import { sectionFromHash } from '#contract/core/pages';
import type { PageSection } from '#contract/core/pages';

/** The id of the heading a link lands on (Card's `headingId`). */
export function sectionHeadingId(section: PageSection): string {
  return `section-${section}`;
}

export function useLandOnSection(): void {
  const hash = useLocationHash();
  const landedFor = useRef<string>(undefined);
  // After every render: the part may appear later than the page (a rating form once the job is done).
  useEffect(() => {
    if (hash === undefined || landedFor.current === hash) return;
    const section = sectionFromHash(hash);
    if (section === undefined) return;
    const heading = document.getElementById(sectionHeadingId(section));
    if (heading === null) return;
    landedFor.current = hash;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: 'start' });
  });
}
