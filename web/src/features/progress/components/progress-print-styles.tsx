/**
 * Print rules that exist only while the progress page is mounted (a rendered <style> goes away
 * with the page; the CSP allows inline styles). In print only `.progress-print-area` is shown —
 * not the shell's menu, header and banners — on landscape pages, cells keeping their colours, every
 * column on the page's width and the header row repeated on each page.
 */
const PRINT_ONLY_AREA = `
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  html, body { background: #ffffff !important; }
  body *:not(:has(.progress-print-area)):not(.progress-print-area):not(.progress-print-area *) { display: none !important; }
  body *:has(.progress-print-area) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; min-height: 0 !important; height: auto !important; overflow: visible !important;
    box-shadow: none !important; background: #ffffff !important;
  }
  .progress-print-area { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .progress-print-area tr { break-inside: avoid; }
  /* Every stage column and the done column fit the page's width: the table takes the page's width
     (not its screen width), names wrap, cells shrink; a long table goes on over more pages, each
     starting with the stages' header row. */
  .progress-print-area table { width: 100% !important; min-width: 0 !important; table-layout: auto; font-size: 8pt; }
  .progress-print-area thead { display: table-header-group; }
  .progress-print-area tfoot { display: table-row-group; }
  .progress-print-area th, .progress-print-area td { position: static !important; padding: 1mm !important; min-width: 0 !important; }
  .progress-print-area thead th { max-width: none !important; overflow-wrap: break-word; }
  .progress-print-area thead th bdi { display: block; -webkit-line-clamp: unset; overflow: visible; }
  .progress-print-area tr { height: auto !important; }
  .progress-print-area td > * { min-width: 0 !important; height: 6mm; font-size: 8pt; }
}`;

export function ProgressPrintStyles() {
  return <style>{PRINT_ONLY_AREA}</style>;
}
