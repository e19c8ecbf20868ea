import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import heErrors from '#web/locales/he/errors.json';
import { mockFetch, renderWithProviders, requestsTo } from '#web/test/render.tsx';
import { invoiceDocument } from '#web/test/fixtures.ts';
import AdminInvoicePage from './admin-invoice-page.tsx';
import InvoicePage from './invoice-page.tsx';

describe('/invoices/:id', () => {
  it('shows the project’s original, a way back to the account and a print button that prints', async () => {
    const fetchMock = mockFetch({ 'GET /api/invoices/inv-1': { body: invoiceDocument() } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWithProviders(<InvoicePage />, { path: '/invoices/:id', url: '/invoices/inv-1', language: 'en' });
    expect(await screen.findByTestId('invoice-mark')).toHaveTextContent('מקור');
    expect(requestsTo(fetchMock, 'GET /api/invoices/inv-1')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Back to the account profile/ })).toHaveAttribute('href', '/account-profile');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print / save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    // Only the document prints, on A4 with 15 mm margins.
    const printCss = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(printCss).toContain('@page { size: A4; margin: 15mm; }');
    expect(printCss).toContain(':not(.invoice-print-area)');
    expect(screen.getByRole('button', { name: 'Print / save as PDF' }).parentElement).toHaveClass('print:hidden');
  });

  it('words an unknown invoice by its code, in the reader’s language, without a retry', async () => {
    mockFetch({ 'GET /api/invoices/nope': { status: 404, body: { code: 'invoice_not_found', message: 'Invoice not found' } } });
    renderWithProviders(<InvoicePage />, { path: '/invoices/:id', url: '/invoices/nope', language: 'he' });
    expect(await screen.findByRole('alert')).toHaveTextContent(heErrors.invoice_not_found);
    expect(screen.queryByRole('button', { name: 'נסו שוב' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'הדפסה / שמירה כ-PDF' })).toBeNull();
  });

  it('offers a retry after a failed load, which loads the invoice', async () => {
    let fail = true;
    mockFetch({
      'GET /api/invoices/inv-1': () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: invoiceDocument() }),
    });
    renderWithProviders(<InvoicePage />, { path: '/invoices/:id', url: '/invoices/inv-1', language: 'en' });
    expect(await screen.findByText('Error loading the invoice')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('invoice-document')).toBeInTheDocument();
  });

  it('has no serious or critical accessibility violations', async () => {
    mockFetch({ 'GET /api/invoices/inv-1': { body: invoiceDocument() } });
    renderWithProviders(<InvoicePage />, { path: '/invoices/:id', url: '/invoices/inv-1', language: 'he' });
    await screen.findByTestId('invoice-document');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

describe('/customer-billing/invoices/:id', () => {
  it('shows the platform admin the copy, with a way back to the project’s billing', async () => {
    const fetchMock = mockFetch({ 'GET /api/admin/invoices/inv-1': { body: invoiceDocument({ projectId: 'p7' }) } });
    renderWithProviders(<AdminInvoicePage />, { path: '/customer-billing/invoices/:id', url: '/customer-billing/invoices/inv-1' });
    expect(await screen.findByTestId('invoice-mark')).toHaveTextContent('העתק');
    expect(requestsTo(fetchMock, 'GET /api/admin/invoices/inv-1')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'GET /api/invoices/inv-1')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Back to the project's billing/ })).toHaveAttribute('href', '/customer-billing/projects/p7'),
    );
  });
});
