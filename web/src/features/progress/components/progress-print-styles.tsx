/**
 * Print rules that exist only while the progress page is mounted (a rendered <style> goes away
 * with the page; the CSP allows inline styles). In print only `.progress-print-area` is shown —
 * not the shell's menu, header and banners — on landscape pages, cells keeping their colours.
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
}`;

export function ProgressPrintStyles() {
  return <style>{PRINT_ONLY_AREA}</style>;
}
