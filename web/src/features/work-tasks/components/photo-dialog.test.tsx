import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { PhotoDialog } from './photo-dialog.tsx';

function fakeStream(deviceId: string) {
  const track = { stop: vi.fn(), getSettings: () => ({ deviceId }) };
  return { getTracks: () => [track], getVideoTracks: () => [track], track } as unknown as MediaStream & { track: typeof track };
}

function withCamera() {
  const streams: ReturnType<typeof fakeStream>[] = [];
  const getUserMedia = vi.fn(async (c: MediaStreamConstraints) => {
    const video = c.video as MediaTrackConstraints;
    const s = fakeStream(video.deviceId ? String((video.deviceId as { exact: string }).exact) : 'rear');
    streams.push(s);
    return s;
  });
  const enumerateDevices = vi.fn(async () => [
    { kind: 'videoinput', deviceId: 'rear', label: 'Back camera' },
    { kind: 'videoinput', deviceId: 'front', label: 'Front camera' },
    { kind: 'audioinput', deviceId: 'mic', label: 'Microphone' },
  ]);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia, enumerateDevices } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(720);
  const drawImage = vi.fn();
  const setTransform = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage, setTransform, scale: setTransform } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (cb: BlobCallback, type?: string) {
    cb(new Blob([new Uint8Array([0xff, 0xd8])], { type }));
  });
  return { getUserMedia, streams, drawImage, setTransform };
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('Photo dialog', () => {
  it('opens the rear camera at the documented resolution and takes an unmirrored JPEG named cam-{timestamp}', async () => {
    const cam = withCamera();
    const onPicked = vi.fn();
    const onOpenChange = vi.fn();
    renderWithProviders(<PhotoDialog open onOpenChange={onOpenChange} onPicked={onPicked} />);

    await waitFor(() => expect(cam.getUserMedia).toHaveBeenCalled());
    expect(cam.getUserMedia.mock.calls[0][0]).toEqual({
      audio: false,
      video: { facingMode: 'environment', width: { min: 640, ideal: 1280, max: 1920 }, height: { min: 480, ideal: 720, max: 1080 } },
    });

    // Choice of camera (video inputs only), after permission.
    const select = await screen.findByLabelText('Camera');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['Back camera', 'Front camera']);
    fireEvent.change(select, { target: { value: 'front' } });
    await waitFor(() => expect(cam.getUserMedia).toHaveBeenCalledTimes(2));
    expect((cam.getUserMedia.mock.calls[1][0].video as MediaTrackConstraints).deviceId).toEqual({ exact: 'front' });
    expect(cam.streams[0].track.stop).toHaveBeenCalled();

    fireEvent.click(await screen.findByRole('button', { name: /Take the picture/ }));
    await waitFor(() => expect(onPicked).toHaveBeenCalled());
    const file = onPicked.mock.calls[0][0] as File;
    expect(file.name).toMatch(/^cam-\d+\.jpg$/);
    expect(file.type).toBe('image/jpeg');
    expect(cam.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1280, 720);
    expect(cam.setTransform).not.toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(cam.streams[1].track.stop).toHaveBeenCalled();
  });

  it("offers the phone's own rear camera and a picker, each limited to one image", async () => {
    renderWithProviders(<PhotoDialog open onOpenChange={() => {}} onPicked={() => {}} />);
    const native = await screen.findByTestId('photo-native-input');
    expect(native).toHaveAttribute('accept', 'image/*');
    expect(native).toHaveAttribute('capture', 'environment');
    expect(native).not.toHaveAttribute('multiple');
    expect(screen.getByTestId('photo-file-input')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByText('Take photo')).toBeInTheDocument();
    expect(screen.getByText('Choose an existing photo')).toBeInTheDocument();
  });

  it('says a text file renamed .jpg is not a photo and offers another photo, never a retry', async () => {
    const onPicked = vi.fn();
    renderWithProviders(<PhotoDialog open onOpenChange={() => {}} onPicked={onPicked} />);
    const text = new File(['just some words, not a picture'], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(await screen.findByTestId('photo-file-input'), { target: { files: [text] } });

    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a photo.');
    expect(screen.getByText('Choose another photo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try again/ })).not.toBeInTheDocument();
    expect(onPicked).not.toHaveBeenCalled();

    // A real photo (JPEG bytes) picked next goes through.
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'real.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('photo-file-input'), { target: { files: [jpeg] } });
    await waitFor(() => expect(onPicked).toHaveBeenCalledWith(jpeg));
  });
});
