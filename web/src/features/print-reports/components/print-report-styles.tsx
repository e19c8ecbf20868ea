/**
 * Print rules that exist only while a report page is mounted (a rendered <style> goes away with the
 * page; the CSP allows inline styles) — the approach of the QR labels and the progress matrix. In
 * print only `.print-report-area` is shown, not the shell's menu, header and banners, on A4 pages;
 * a table's header repeats on every page and no row is split across two pages.
 */
const PRINT_REPORT_CSS = `
@media print {
  @page { size: A4; margin: 15mm; }
  html, body { background: #ffffff !important; }
  body *:not(:has(.print-report-area)):not(.print-report-area):not(.print-report-area *) { display: none !important; }
  body *:has(.print-report-area) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; min-height: 0 !important; height: auto !important; max-width: none !important;
    overflow: visible !important; box-shadow: none !important; background: #ffffff !important;
  }
  .print-report-area { font-size: 10pt; color: #000000; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .print-report-area thead { display: table-header-group; }
  .print-report-area tr, .print-report-area img, .print-report-area section > h2 { break-inside: avoid; }
  .print-report-area h2 { break-after: avoid; }
}`;

export function PrintReportStyles() {
  return <style>{PRINT_REPORT_CSS}</style>;
}
