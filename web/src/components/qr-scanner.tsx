import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { navigate } from '#web/lib/navigation.ts';
import { qrTargetOf } from '#web/lib/qr-target.ts';
import { ImageIcon, WarningIcon, XIcon } from './ui/icons.tsx';

/**
 * The in-page scanner of "Scan the next unit" (docs/product.md "Working without signal"): the rear
 * camera, read by the phone's own BarcodeDetector where there is one, else by the self-hosted
 * qr-scanner (loaded only now). A photo of the label works too — when the camera is refused, and for
 * tests. Loaded lazily (qr-scanner-button.tsx): no page's first download carries it.
 */

/** How often a camera frame is read: quick enough to feel instant, light on a cheap phone. */
export const SCAN_INTERVAL_MS = 250;

interface DetectedCode {
  rawValue: string;
}
interface NativeDetector {
  detect(source: CanvasImageSource | ImageBitmap | Blob): Promise<DetectedCode[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Reads the first QR code's text in a frame or a still image; null when none is there. */
type Decode = (source: HTMLVideoElement | File) => Promise<string | null>;

async function nativeDecoder(): Promise<Decode | null> {
  const Detector = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (source) => {
      const image = source instanceof File ? await createImageBitmap(source) : source;
      const [first] = await detector.detect(image);
      return first?.rawValue ?? null;
    };
  } catch {
    return null;
  }
}

async function libraryDecoder(): Promise<Decode> {
  const { default: QrScanner } = await import('qr-scanner');
  const qrEngine = QrScanner.createQrEngine();
  return async (source) => {
    try {
      return (await QrScanner.scanImage(source, { qrEngine, returnDetailedScanResult: true })).data || null;
    } catch {
      return null; // "No QR code found", or a frame not ready yet
    }
  };
}

const loadDecoder = () => nativeDecoder().then((d) => d ?? libraryDecoder());

type CameraState = 'starting' | 'scanning' | 'refused' | 'none';

const hasCamera = () => typeof navigator.mediaDevices?.getUserMedia === 'function';
type Message = 'notLabel' | 'noCode' | null;

/** The rear camera in `videoRef` while mounted; switched off on close. */
function useRearCamera() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>(() => (hasCamera() ? 'starting' : 'none'));
  useEffect(() => {
    if (!hasCamera()) return;
    let stream: MediaStream | null = null;
    let closed = false;
    navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: 'environment' } }).then(
      async (s) => {
        if (closed) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        const video = videoRef.current;
        if (video) {
          video.srcObject = s;
          await video.play().catch(() => undefined);
        }
        setState('scanning');
      },
      (err: unknown) => {
        if (closed) return;
        const name = err instanceof DOMException ? err.name : '';
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'none');
      },
    );
    return () => {
      closed = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return { videoRef, state };
}

export default function QrScanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const fileId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { videoRef, state } = useRearCamera();
  const [message, setMessage] = useState<Message>(null);
  const doneRef = useRef(false);
  // One reader per opening (its worker, when the library reads, ends with the page).
  const decoderRef = useRef<Promise<Decode> | null>(null);
  const decoder = () => (decoderRef.current ??= loadDecoder());

  /** A code read: a Shalav label goes there at once; anything else is said, and scanning goes on. */
  const handle = (text: string | null, fromPhoto: boolean) => {
    if (doneRef.current) return;
    if (text === null) {
      if (fromPhoto) setMessage('noCode');
      return;
    }
    const target = qrTargetOf(text);
    if (!target) return setMessage('notLabel');
    doneRef.current = true;
    onClose();
    navigate(target.path);
  };
  const handleRef = useRef(handle);
  handleRef.current = handle;

  useEffect(() => closeRef.current?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Read the live picture a few times a second until a code is found or the scanner closes.
  useEffect(() => {
    if (state !== 'scanning') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      const decode = await decoderRef.current!;
      const text = await decode(video).catch(() => null);
      if (stopped) return;
      handleRef.current(text, false);
      if (!doneRef.current) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    decoderRef.current ??= loadDecoder();
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state, videoRef]);

  const onPhoto = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const decode = await decoder();
    handle(await decode(file).catch(() => null), true);
  };

  const problem = state === 'refused' ? t('scanner.refused') : state === 'none' ? t('scanner.noCamera') : null;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-white"
      data-testid="qr-scanner"
    >
      <div className="flex items-center gap-2 px-4 py-3">
        <h2 id={titleId} className="min-w-0 flex-1 text-lg font-bold">
          {t('scanner.title')}
        </h2>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={t('scanner.close')}
          className="inline-flex min-h-12 min-w-12 items-center justify-center rounded-md hover:bg-white/10 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-300"
        >
          <XIcon className="h-7 w-7" />
        </button>
      </div>
      <div className="relative flex-1 overflow-hidden">
        <video ref={videoRef} playsInline muted autoPlay className="h-full w-full object-cover" aria-hidden />
        {state === 'starting' && (
          <p className="absolute inset-0 flex items-center justify-center p-4 text-center">{t('scanner.starting')}</p>
        )}
      </div>
      <div className="space-y-3 px-4 pt-3 pb-6">
        {state === 'scanning' && !message && (
          <p className="text-center" role="status">
            {t('scanner.hint')}
          </p>
        )}
        {(problem || message) && (
          <p className="flex items-center gap-2 rounded-lg bg-red-50 p-3 font-semibold text-red-900" role="alert">
            {/* What the last photo showed comes first: it is the answer to what the worker just did. */}
            <WarningIcon /> {message ? t(`scanner.${message}`) : problem}
          </p>
        )}
        <label
          htmlFor={fileId}
          className="flex min-h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-md bg-white px-4 font-semibold text-slate-900 focus-within:ring-4 focus-within:ring-blue-300"
        >
          <ImageIcon /> {t('scanner.choosePhoto')}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => void onPhoto(e)}
          data-testid="qr-photo-input"
        />
      </div>
    </div>
  );
}
