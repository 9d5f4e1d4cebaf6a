// The script index.html runs first: it preloads the chunks of the page at the address (its lazy
// route, the pool tab, and their static imports), which the app would otherwise fetch one import
// after another. A classic script of its own, since the Content-Security-Policy allows no inline one.

/** The script's source, given each page's address pattern (a RegExp source) and chunk file names. */
export function routePreloadScript(pages) {
  const table = JSON.stringify(pages.map(({ pattern, files }) => [pattern, files]));
  return `(function () {
  var pages = ${table};
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  for (var i = 0; i < pages.length; i++) {
    if (!new RegExp(pages[i][0], 'i').test(path)) continue;
    for (var j = 0; j < pages[i][1].length; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = '/' + pages[i][1][j];
      document.head.appendChild(link);
    }
    return;
  }
})();
`;
}
