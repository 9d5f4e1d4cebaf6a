// The script index.html runs first: it preloads the chunks of the page at the address (its lazy
// route, the pool tab, and their static imports), which the app would otherwise fetch one import
// after another. A classic script of its own, since the Content-Security-Policy allows no inline one.
//
// Under HTML the server rendered (docs/decisions/022), the page reads before any code runs: the server
// leaves the app's entry out of the page and this script loads it, with the chunks, once the page has
// painted, so that the code never competes with the document and its styles for a slow network.

/** The controls whose clicks before hydration are kept and replayed: what answers a click only with code. */
export const EARLY_CLICK_CONTROLS =
  'button, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"]';

/**
 * The script's source, given each page's address pattern (a RegExp source) and chunk file names, and the
 * entry's file with the chunks it imports.
 */
export function routePreloadScript(pages, entry) {
  const table = JSON.stringify(pages.map(({ pattern, files }) => [pattern, files]));
  return `(function () {
  var pages = ${table};
  var entry = ${JSON.stringify(entry.file)};
  var entryImports = ${JSON.stringify(entry.imports)};
  var rendered = document.documentElement.hasAttribute('data-server-rendered');
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  function preload(file) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + file;
    document.head.appendChild(link);
  }
  function route() {
    for (var i = 0; i < pages.length; i++) {
      if (!new RegExp(pages[i][0], 'i').test(path)) continue;
      for (var j = 0; j < pages[i][1].length; j++) preload(pages[i][1][j]);
      return;
    }
  }
  if (!rendered) return route();
  // A click on a control of the server's HTML before the app's code has hydrated it would be lost (a form's
  // button would even submit the form as a plain page): the last one is kept and the app replays it once
  // hydrated (main.tsx, takeEarlyClick). Links need no code and are left alone.
  var kept = null;
  function keep(event) {
    var control = event.target && event.target.closest && event.target.closest(${JSON.stringify(EARLY_CLICK_CONTROLS)});
    if (!control || control.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    kept = control;
  }
  document.addEventListener('click', keep, true);
  window.alaTakeEarlyClick = function () {
    document.removeEventListener('click', keep, true);
    var control = kept;
    kept = null;
    return control;
  };
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < entryImports.length; i++) preload(entryImports[i]);
    route();
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = '/' + entry;
    document.head.appendChild(script);
  }
  // After the first contentful paint; a frame after the styles allow one where paints are not observed;
  // and at the latest after a few seconds.
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 4000);
})();
`;
}
