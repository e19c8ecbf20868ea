import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { QrScannerButton } from './qr-scanner-button.tsx';

const UNIT = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

function withCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(getUserMedia) } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return navigator.mediaDevices.getUserMedia as unknown as ReturnType<typeof vi.fn>;
}
const stream = () => {
  const track = { stop: vi.fn() };
  return { getTracks: () => [track], track } as unknown as MediaStream & { track: { stop: ReturnType<typeof vi.fn> } };
};

/** The phone's own reader, answering each frame with the next of `codes` (then nothing). */
function withBarcodeDetector(codes: string[]) {
  const detect = vi.fn(async () => {
    const next = codes.shift();
    return next === undefined ? [] : [{ rawValue: next }];
  });
  class FakeDetector {
    static getSupportedFormats = async () => ['qr_code', 'ean_13'];
    detect = detect;
  }
  vi.stubGlobal('BarcodeDetector', FakeDetector);
  return detect;
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/work-tasks/previous-unit?workerName=Dana');
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('QR scanner', () => {
  it('opens the rear camera, says a foreign code is not a label, and goes to the scanned unit', async () => {
    const s = stream();
    const getUserMedia = withCamera(async () => s);
    const detect = withBarcodeDetector(['https://example.com/menu', `https://old-host.example/work-tasks/${UNIT}`]);
    renderWithProviders(<QrScannerButton />);

    fireEvent.click(screen.getByRole('button', { name: /Scan the next apartment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a unit label' });
    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { facingMode: 'environment' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close the scanner' })).toHaveFocus());

    await waitFor(() => expect(window.location.pathname).toBe(`/work-tasks/${UNIT}`));
    expect(window.location.search).toBe('');
    expect(detect.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(s.track.stop).toHaveBeenCalled());
  });

  it('keeps scanning after a code that is not a Shalav label, saying so', async () => {
    withCamera(async () => stream());
    withBarcodeDetector(['just text']);
    renderWithProviders(<QrScannerButton />);
    fireEvent.click(screen.getByRole('button', { name: /Scan the next apartment/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a Shalav unit label. Keep scanning.');
    expect(window.location.pathname).toBe('/work-tasks/previous-unit');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says the camera is not allowed, offers a photo of the label, and Escape closes it back to the button', async () => {
    withCamera(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    withBarcodeDetector([`https://x.example/qr-scan?qrId=proj-7`]);
    renderWithProviders(<QrScannerButton context="room" />);
    const button = screen.getByRole('button', { name: /Scan the next room/ });
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera is not allowed.');
    expect(screen.getByText('Choose a photo of the label')).toBeInTheDocument();

    act(() => void fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('reads a chosen photo of the project QR and opens the QR page', async () => {
    withCamera(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    withBarcodeDetector([`https://x.example/qr-scan?qrId=proj-7`]);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({})),
    );
    renderWithProviders(<QrScannerButton />);
    fireEvent.click(screen.getByRole('button', { name: /Scan the next apartment/ }));
    const input = await screen.findByTestId('qr-photo-input');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'label.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/qr-scan?qrId=proj-7'));
  });
});
