/**
 * One answer open at a time: when `opened` opens, its open siblings close. Also used by the
 * header island (frontend/entry.islands.tsx) on pages that React does not hydrate.
 */
export function closeOtherAnswers(opened: HTMLDetailsElement) {
  if (!opened.open) return;
  opened.parentElement?.querySelectorAll<HTMLDetailsElement>('details[open]').forEach((other) => {
    if (other !== opened) other.open = false;
  });
}
