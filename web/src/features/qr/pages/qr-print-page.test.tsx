import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { facility } from '#web/test/fixtures.ts';
import { mockFetch, renderWithProviders } from '#web/test/render.tsx';
import QrPrintPage from './qr-print-page.tsx';
import errors from '#web/locales/en/errors.json';

const qrData = 'https://shalav.example.com/qr-scan?qrId=qr_8f3k2m9x';

function api(overrides: Record<string, { status?: number; body?: unknown }> = {}) {
  return mockFetch({
    'GET /api/user/facility': { body: facility },
    'GET /api/qr-code': { body: { data: qrData, dataURL: 'data:image/png;base64,AAAA' } },
    ...overrides,
  });
}

const copiesField = () => screen.getByLabelText('Copies (1–20)');
const printedCopies = () => screen.queryAllByTestId('qr-copy').length;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('QR print page', () => {
  beforeEach(() => {
    api();
  });

  it('shows the facility name, type and unique id, and the QR data text', async () => {
    renderWithProviders(<QrPrintPage />);
    expect(await screen.findByTestId('facility-details-name')).toHaveTextContent('Sea Towers');
    expect(screen.getByText('Construction')).toBeInTheDocument();
    expect(screen.getByText('qr_8f3k2m9x')).toBeInTheDocument();
    expect(await screen.findByDisplayValue(qrData)).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'QR code of Sea Towers' })).toHaveLength(1);
  });

  it('prints as many copies as asked, falling back to 1 on invalid input and capping at 20', async () => {
    renderWithProviders(<QrPrintPage />);
    await screen.findByDisplayValue(qrData);
    expect(printedCopies()).toBe(1);

    fireEvent.change(copiesField(), { target: { value: '6' } });
    expect(printedCopies()).toBe(6);

    fireEvent.change(copiesField(), { target: { value: '25' } });
    expect(printedCopies()).toBe(20);
    fireEvent.blur(copiesField());
    expect(copiesField()).toHaveValue(20);

    fireEvent.change(copiesField(), { target: { value: '0' } });
    expect(printedCopies()).toBe(1);

    fireEvent.change(copiesField(), { target: { value: '' } });
    expect(printedCopies()).toBe(1);
    fireEvent.blur(copiesField());
    expect(copiesField()).toHaveValue(1);
  });

  it('prints the name under each copy only when "include name" is on, at the chosen size', async () => {
    renderWithProviders(<QrPrintPage />);
    await screen.findByDisplayValue(qrData);
    fireEvent.change(copiesField(), { target: { value: '3' } });
    const sheet = screen.getByTestId('qr-print-sheet');
    expect(sheet.querySelectorAll('figcaption')).toHaveLength(3);
    fireEvent.click(screen.getByLabelText('Print the project name under the code'));
    expect(sheet.querySelectorAll('figcaption')).toHaveLength(0);

    expect(sheet.querySelector('svg')).toHaveClass('w-[120px]', 'print:w-[5cm]');
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'medium' } });
    expect(sheet.querySelector('svg')).toHaveClass('w-[300px]', 'print:w-[10cm]');
  });

  it('copies the QR data and says "Copied!" for 2 seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<QrPrintPage />);
    await screen.findByDisplayValue(qrData);

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(qrData);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('button', { name: 'Copied!' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('opens the scan form at the QR link in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<QrPrintPage />);
    await screen.findByDisplayValue(qrData);
    fireEvent.click(screen.getByRole('button', { name: 'Open the scan form' }));
    expect(open).toHaveBeenCalledWith(qrData, '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });
});

describe('QR print page errors', () => {
  it('says "Failed to fetch facility" and retries', async () => {
    const fetchMock = api({ 'GET /api/user/facility': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<QrPrintPage />);
    expect(await screen.findByText('Failed to fetch facility')).toBeInTheDocument();
    fetchMock.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });

  it('says "Failed to generate QR code", and opening the scan form without QR data asks to choose a hotel first', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api({ 'GET /api/qr-code': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<QrPrintPage />);
    expect((await screen.findAllByText('Failed to generate QR code')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Open the scan form' }));
    expect(await screen.findByText('Please choose a hotel first')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it("adds why in the reader's words when the server gave a code, never its English message", async () => {
    api({ 'GET /api/user/facility': { status: 404, body: { code: 'project_not_found', message: 'Facility not found' } } });
    renderWithProviders(<QrPrintPage />);
    expect(await screen.findByText('Failed to fetch facility')).toBeInTheDocument();
    expect(screen.getByText(errors.project_not_found)).toBeInTheDocument();
    expect(screen.queryByText('Facility not found')).not.toBeInTheDocument();
  });

  it('shows the Hebrew message', async () => {
    api({ 'GET /api/qr-code': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<QrPrintPage />, { language: 'he' });
    await screen.findAllByText('יצירת קוד ה-QR נכשלה');
    fireEvent.click(screen.getByRole('button', { name: 'פתיחת טופס הסריקה' }));
    expect(await screen.findByText('נא לבחור מלון תחילה')).toBeInTheDocument();
  });
});
