import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { invoiceDocument } from '#web/test/fixtures.ts';
import { InvoiceDocument } from './invoice-document.tsx';

/** Intl writes he-IL currency with direction marks and a no-break space: compare the visible characters. */
const visible = (el: HTMLElement) =>
  (el.textContent ?? '')
    .replace(/[\u200e\u200f\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the tax invoice document', () => {
  it('is a right-to-left Hebrew tax invoice even in an English interface, marked original', () => {
    renderWithProviders(<InvoiceDocument invoice={invoiceDocument()} copy={false} />, { language: 'en' });
    const doc = screen.getByTestId('invoice-document');
    expect(doc).toHaveAttribute('dir', 'rtl');
    expect(doc).toHaveAttribute('lang', 'he');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('חשבונית מס');
    expect(screen.getByTestId('invoice-mark')).toHaveTextContent(/^מקור$/);
    expect(doc).not.toHaveTextContent('העתק');
  });

  it('is marked copy for the platform admin', () => {
    renderWithProviders(<InvoiceDocument invoice={invoiceDocument()} copy />, { language: 'he' });
    expect(screen.getByTestId('invoice-mark')).toHaveTextContent(/^העתק$/);
    expect(screen.getByTestId('invoice-document')).not.toHaveTextContent('מקור');
  });

  it('shows shekels from agorot with two decimals: price, VAT at its rate, total', () => {
    renderWithProviders(<InvoiceDocument invoice={invoiceDocument()} copy={false} />);
    expect(visible(screen.getByTestId('invoice-amount'))).toMatch(/^1,399\.00 ₪$/);
    expect(visible(screen.getByTestId('invoice-vat'))).toMatch(/^251\.82 ₪$/);
    expect(visible(screen.getByTestId('invoice-total'))).toMatch(/^1,650\.82 ₪$/);
    const vatRow = screen.getByTestId('invoice-vat').closest('div')!;
    expect(within(vatRow).getByText('מע״מ 18%')).toBeInTheDocument();
  });

  it('writes the rate stored on the invoice, not today’s (17% before 2025)', () => {
    renderWithProviders(
      <InvoiceDocument
        invoice={invoiceDocument({ vatBasisPoints: 1700, vatAgorot: 23_783, totalAgorot: 163_683, issueDate: '2024-12-15' })}
        copy={false}
      />,
    );
    expect(screen.getByText('מע״מ 17%')).toBeInTheDocument();
    expect(visible(screen.getByTestId('invoice-vat'))).toMatch(/^237\.83 ₪$/);
    expect(visible(screen.getByTestId('invoice-total'))).toMatch(/^1,636\.83 ₪$/);
    expect(screen.getByTestId('invoice-issue-date')).toHaveTextContent('15/12/2024');
  });

  it('names the seller with its registration number, the customer, the number, the period and the line', () => {
    renderWithProviders(<InvoiceDocument invoice={invoiceDocument()} copy={false} />);
    const doc = screen.getByTestId('invoice-document');
    expect(doc).toHaveTextContent('שלב מערכות בע״מ');
    expect(doc).toHaveTextContent('ע.מ./ח.פ. 515123456');
    expect(doc).toHaveTextContent('רחוב הברזל 3, תל אביב');
    expect(doc).toHaveTextContent('מספר חשבונית:1042');
    expect(screen.getByTestId('invoice-issue-date')).toHaveTextContent('01/12/2026');
    for (const name of ['Carmel Towers', 'Dana Levi', 'Haifa']) expect(screen.getByText(name).tagName).toBe('BDI');
    const row = screen.getAllByRole('row')[1];
    expect(row).toHaveTextContent('מנוי חודשי לשלב — Carmel Towers');
    expect(row).toHaveTextContent('01/12/2026 – 31/12/2026');
  });

  it('says paid on the date in Israel, or unpaid while open or failed', () => {
    // 22:30 UTC on 30 November is already 1 December in Israel.
    const { unmount } = renderWithProviders(
      <InvoiceDocument invoice={invoiceDocument({ paidAt: '2026-11-30T22:30:00.000Z' })} copy={false} />,
    );
    expect(screen.getByTestId('invoice-status')).toHaveTextContent('שולמה בתאריך 01/12/2026');
    unmount();
    renderWithProviders(<InvoiceDocument invoice={invoiceDocument({ status: 'failed', paidAt: null })} copy={false} />);
    expect(screen.getByTestId('invoice-status')).toHaveTextContent('טרם שולמה');
  });
});
