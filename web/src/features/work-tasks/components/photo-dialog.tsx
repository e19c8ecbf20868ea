import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { checkPhoto } from '#web/lib/photo-upload.ts';
import { CameraIcon, ImageIcon, WarningIcon } from '#web/components/ui/icons.tsx';

/** docs/product.md "Defaults and other constants": rear camera, 640–1920 (ideal 1280) by 480–1080 (ideal 720). */
export const CAMERA_CONSTRAINTS = {
  width: { min: 640, ideal: 1280, max: 1920 },
  height: { min: 480, ideal: 720, max: 1080 },
} as const;

type CameraState = 'init' | 'ready' | 'captured' | 'error' | 'unsupported';

const hasLiveCamera = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((t) => t.stop());
}

/** A JPEG snapshot of the video frame as it is (no mirroring), named cam-{timestamp}. */
function snapshot(video: HTMLVideoElement): Promise<File | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0) return Promise.resolve(null);
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) =>
    canvas.toBlob((blob) => resolve(blob ? new File([blob], `cam-${Date.now()}.jpg`, { type: 'image/jpeg' }) : null), 'image/jpeg', 0.9),
  );
}

/** The rear camera, live while the dialog is open: its state, the cameras to choose from, and a stop. */
function useLiveCamera(open: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>(hasLiveCamera() ? 'init' : 'unsupported');
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState('');

  const openRef = useRef(open);
  openRef.current = open;

  const startCamera = useCallback(async (chosen?: string) => {
    if (!hasLiveCamera()) return setState('unsupported');
    stopStream(streamRef.current);
    streamRef.current = null;
    setState('init');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: chosen ? { deviceId: { exact: chosen }, ...CAMERA_CONSTRAINTS } : { facingMode: 'environment', ...CAMERA_CONSTRAINTS },
      });
      // Closed while the camera was starting (permission prompt, a quick ×): switch it off again.
      if (!openRef.current) {
        stopStream(stream);
        return;
      }
      streamRef.current = stream;
      if (videoRef.current) {
        videoRef.current.srcObject = stream;
        await videoRef.current.play().catch(() => undefined);
      }
      setState('ready');
      // Labels are only known after permission is given.
      const all = await navigator.mediaDevices.enumerateDevices();
      setDevices(all.filter((d) => d.kind === 'videoinput'));
      setDeviceId(stream.getVideoTracks()[0]?.getSettings().deviceId ?? chosen ?? '');
    } catch {
      setState('error');
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    const tm = setTimeout(() => void startCamera(), 0);
    return () => {
      clearTimeout(tm);
      stopStream(streamRef.current);
      streamRef.current = null;
    };
  }, [open, startCamera]);

  const stop = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
  }, []);
  return { videoRef, streamRef, state, setState, devices, deviceId, setDeviceId, startCamera, stop };
}

/**
 * The photo taker: the rear camera live in the page, with a choice of camera, plus the phone's own
 * camera app (the most reliable on cheap Android) and a picker for an existing photo. One image.
 */
export function PhotoDialog({
  open,
  onOpenChange,
  onPicked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPicked: (file: File) => void;
}) {
  const { t } = useTranslation('workTasks');
  const nativeId = useId();
  const galleryId = useId();
  const cameraSelectId = useId();
  const { videoRef, streamRef, state, setState, devices, deviceId, setDeviceId, startCamera, stop } = useLiveCamera(open);

  // A picked file that is not a photo: said here, with "choose another photo" (docs/product.md
  // "Working without signal", "Honest photo errors"); a retry of the same file could never succeed.
  const [notPhoto, setNotPhoto] = useState(false);

  const accept = (file: File) => {
    setNotPhoto(false);
    stop();
    onPicked(file);
    onOpenChange(false);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (await checkPhoto(file)) setNotPhoto(true);
    else accept(file);
  };

  // The camera's own snapshot is a JPEG made here: nothing to check.
  const capture = async () => {
    if (!videoRef.current) return;
    const file = await snapshot(videoRef.current);
    if (file) {
      setState('captured');
      accept(file);
    } else setState('error');
  };

  const live = state !== 'unsupported';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('photo.dialogTitle')}>
      <div className="space-y-3">
        {notPhoto && (
          <p className="flex items-center gap-2 rounded-lg border-2 border-red-300 bg-red-50 p-3 font-semibold text-red-900" role="alert">
            <WarningIcon /> {t('photoCheck.notPhoto')}
          </p>
        )}
        {live && (
          <div className="space-y-2">
            <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg bg-slate-900">
              {/* No mirroring: the worker sees what the rear camera sees. */}
              <video
                ref={(el) => {
                  videoRef.current = el;
                  if (el && streamRef.current && el.srcObject !== streamRef.current) {
                    el.srcObject = streamRef.current;
                    void el.play().catch(() => undefined);
                  }
                }}
                playsInline
                muted
                autoPlay
                className="h-full w-full object-cover"
                aria-label={t('photo.preview')}
              />
              {state === 'init' && (
                <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-white">{t('photo.cameraStarting')}</p>
              )}
              {state === 'error' && (
                <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-white">{t('photo.cameraError')}</p>
              )}
            </div>
            {state === 'ready' && (
              <Button onClick={() => void capture()} className="min-h-14 w-full text-base">
                <CameraIcon /> {t('photo.capture')}
              </Button>
            )}
            {devices.length > 1 && (
              <div className="space-y-1">
                <label htmlFor={cameraSelectId} className="block text-sm font-medium text-slate-700">
                  {t('photo.cameraSource')}
                </label>
                <select
                  id={cameraSelectId}
                  value={deviceId}
                  onChange={(e) => {
                    setDeviceId(e.target.value);
                    void startCamera(e.target.value);
                  }}
                  className="block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3"
                >
                  {devices.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {d.label || t('photo.cameraN', { n: i + 1 })}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
        )}
        {/* The phone's own camera app: opens straight to the rear camera on Android and iOS. */}
        <label
          htmlFor={nativeId}
          className={`flex min-h-14 w-full cursor-pointer items-center justify-center gap-2 rounded-md px-4 text-base font-medium focus-within:ring-2 focus-within:ring-blue-300 ${live && state === 'ready' ? 'border border-slate-300 bg-white text-slate-800' : 'bg-blue-700 text-white'}`}
        >
          <CameraIcon /> {t('photo.takePhoto')}
        </label>
        <input
          id={nativeId}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          onChange={(e) => void onFile(e)}
          data-testid="photo-native-input"
        />
        <label
          htmlFor={galleryId}
          className="flex min-h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-base font-medium text-slate-800 focus-within:ring-2 focus-within:ring-blue-300"
        >
          <ImageIcon /> {notPhoto ? t('photoCheck.chooseAnother') : t('photo.gallery')}
        </label>
        <input
          id={galleryId}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => void onFile(e)}
          data-testid="photo-file-input"
        />
      </div>
    </Dialog>
  );
}
