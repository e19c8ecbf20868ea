/**
 * Print rules that exist only while a QR page is mounted (a rendered <style> goes away with the
 * page; the CSP allows inline styles). In print, everything outside `.qr-print-area` disappears —
 * the shell's menu, header, banners and this page's own controls — and the area's ancestors lose
 * their padding and grid so the sheet starts at the page's corner.
 */
const PRINT_ONLY_AREA = `
@media print {
  html, body { background: #ffffff !important; }
  body *:not(:has(.qr-print-area)):not(.qr-print-area):not(.qr-print-area *) { display: none !important; }
  body *:has(.qr-print-area) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; min-height: 0 !important; height: auto !important; overflow: visible !important;
    box-shadow: none !important; background: #ffffff !important; zoom: 1 !important;
  }
  .qr-print-area { zoom: 1 !important; }
}`;

export function PrintStyles({ page, extra = '' }: { page: string; extra?: string }) {
  return <style>{`${PRINT_ONLY_AREA}\n@page { ${page} }\n${extra}`}</style>;
}
