/**
 * Print rules that exist only while an invoice page is mounted (a rendered <style> leaves with the
 * page; the CSP allows inline styles). In print only `.invoice-print-area` remains — no side menu,
 * header, banners or page controls, whichever frame the page sits in — on an A4 page with 15 mm
 * margins (docs/product.md "Tax invoice").
 */
const INVOICE_PRINT = `
@page { size: A4; margin: 15mm; }
@media print {
  html, body { background: #ffffff !important; }
  body *:not(:has(.invoice-print-area)):not(.invoice-print-area):not(.invoice-print-area *) { display: none !important; }
  body *:has(.invoice-print-area) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; min-height: 0 !important; height: auto !important; overflow: visible !important;
    box-shadow: none !important; background: #ffffff !important;
  }
  .invoice-print-area { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

export function InvoicePrintStyles() {
  return <style>{INVOICE_PRINT}</style>;
}
