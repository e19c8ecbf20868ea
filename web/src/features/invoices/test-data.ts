import type { Invoice, InvoiceDocument } from '../../../../contract/billing.ts';

/** An invoice as the API answers it: 1,399 ₪ before 18% VAT for December 2026. */
export function invoice(over: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    number: 1042,
    projectId: 'p1',
    issueDate: '2026-12-01',
    periodStart: '2026-12-01',
    periodEnd: '2026-12-31',
    description: 'מנוי חודשי לשלב — Carmel Towers',
    customerName: 'Carmel Towers',
    customerContact: 'Dana Levi',
    customerCity: 'Haifa',
    amountAgorot: 139_900,
    vatBasisPoints: 1800,
    vatAgorot: 25_182,
    totalAgorot: 165_082,
    status: 'paid',
    attempts: 1,
    nextAttemptOn: null,
    paidAt: '2026-12-01T06:00:00.000Z',
    issuedAt: '2026-12-01T06:00:00.000Z',
    ...over,
  };
}

export function invoiceDocument(over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    ...invoice(),
    seller: { name: 'שלב מערכות בע״מ', registrationNumber: '515123456', address: 'רחוב הברזל 3, תל אביב' },
    ...over,
  };
}
