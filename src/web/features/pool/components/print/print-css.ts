/**
 * The print sheet of the week grid, drawn inside the grid (not a global stylesheet), so that it leaves with the
 * page: printing another page afterwards prints that page. Only the grid prints: everything neither holding it
 * nor inside it drops out, and what holds it loses its padding (the app's header space, the pool's card). Rows
 * break between pages, never inside, and the header row repeats on every page. No ">" or quotes in here: the
 * server render escapes text.
 */
export const PRINT_CSS = `
@media print {
  @page { margin: 12mm; }
  body:has([data-print-root]) *:not(:has([data-print-root])):not([data-print-root]):not([data-print-root] *) {
    display: none !important;
  }
  body:has([data-print-root]) *:has([data-print-root]) {
    margin: 0 !important;
    padding: 0 !important;
    border: 0 !important;
    box-shadow: none !important;
    min-height: 0 !important;
    max-width: none !important;
    position: static !important;
  }
  [data-print-root] [data-print-hide] { display: none !important; }
  [data-print-root] .print-week-sheet { border: 0 !important; padding: 0 !important; }
  [data-print-root] .print-week-table { font-size: 10pt; width: 100%; }
  [data-print-root] .print-week-table thead { display: table-header-group; }
  [data-print-root] .print-week-table tr { break-inside: avoid; page-break-inside: avoid; }
  [data-print-root] .print-week-table th,
  [data-print-root] .print-week-table td { padding: 2px 6px !important; }
  [data-print-root] * { color-adjust: exact; print-color-adjust: exact; }
}
`;
