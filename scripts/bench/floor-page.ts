/**
 * The machine's floor for the pages section: a page with nothing for the browser to do but show
 * two lines of text (no stylesheet, no script, no image, nothing to scroll). Its main-thread work
 * at 4x is what Chromium and Lighthouse's own tracing cost on this machine for any navigation;
 * every page's figure includes it, so a run's floor says how much of a budget was left to the
 * page itself (docs/decisions/032-main-thread-budget.md).
 */
export const FLOOR_PATH = '/__floor';

export const FLOOR_HTML = [
  '<!doctype html>',
  '<html lang="en">',
  '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
  '<title>Floor</title><meta name="description" content="An empty page: the machine\'s floor."></head>',
  '<body><h1>Floor</h1><p>A page with nothing to do.</p></body>',
  '</html>',
].join('');
