/**
 * When a pre-rendered part of the page is about to be needed, without React: the quote form's
 * island (frontend/entry.quote-form.ts) waits on it before it loads React at all, and
 * `lazyWhenNeeded` (when-needed.ts) before it loads a form's code.
 */

/** What the visitor does inside a pre-rendered form that means they are using it. */
const TOUCH_EVENTS = ['focusin', 'pointerdown', 'keydown', 'input', 'change'] as const;

/**
 * How near the screen the watched element must come: a screen's height above or below it, so the
 * code has a scroll's worth of time to arrive before the visitor sees the part it brings to life.
 */
export const NEAR_SCREEN_MARGIN = '100% 0px';

/**
 * Settles once the visitor is about to need a pre-rendered part of the page: when `watched`
 * comes near the screen, or when anything inside `area` is focused, pressed, typed into or
 * changed; or when `stop` settles (the page was left). At once where that cannot be watched (no
 * IntersectionObserver) or has begun already (the focus is inside `area`).
 */
export function whenNeeded(
  watched: Element,
  area: Element,
  stop: Promise<void> = new Promise(() => {}),
): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === 'undefined' || area.contains(document.activeElement)) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      for (const type of TOUCH_EVENTS) area.removeEventListener(type, done, true);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(watched);
    // Captured: seen before any handler inside the form can stop it.
    for (const type of TOUCH_EVENTS) area.addEventListener(type, done, true);
    void stop.then(done);
  });
}
