/**
 * One answer open at a time, as `<details name>` does where the browser supports it: when
 * `opened` opens, the open `<details>` beside it with the same name close. Details without a name
 * are not a group (the phone menu's States and Blog sections stay open together). Also used by the
 * header island (frontend/entry.islands.tsx) on pages that React does not hydrate, where it sees
 * every `<details>` of the page.
 */
export function closeOtherAnswers(opened: HTMLDetailsElement) {
  const name = opened.getAttribute('name');
  if (!opened.open || !name) return;
  opened.parentElement?.querySelectorAll<HTMLDetailsElement>('details[open]').forEach((other) => {
    if (other !== opened && other.getAttribute('name') === name) other.open = false;
  });
}
