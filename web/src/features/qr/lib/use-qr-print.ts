import { useState } from 'react';
import type { Facility } from '#contract/facility.ts';
import { toast } from '#web/components/ui/toast.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { drawQrCanvas } from './qr-matrix.ts';
import { QR_SIZES, parseCopies, type QrSizeId } from './qr-print.ts';

/** What the manager chose to print: size, copies (as typed, and as printed), and the name under the code. */
export function useQrPrintSettings() {
  const [sizeId, setSizeId] = useState<QrSizeId>('sticker');
  const [copiesText, setCopiesText] = useState('1');
  const [includeName, setIncludeName] = useState(true);
  const size = QR_SIZES.find((s) => s.id === sizeId) ?? QR_SIZES[0];
  return { sizeId, setSizeId, copiesText, setCopiesText, includeName, setIncludeName, size, copies: parseCopies(copiesText) };
}
export type QrPrintSettings = ReturnType<typeof useQrPrintSettings>;

function downloadPng(canvas: HTMLCanvasElement, fileName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('empty image'));
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      resolve();
    }, 'image/png');
  });
}

/** The QR's actions: open the scan form it leads to, and download it as a PNG of the chosen size. */
export function useQrActions(project: Facility, qrData: string, settings: QrPrintSettings) {
  const { t } = useTranslation('qr');
  const openScanForm = () => {
    if (!qrData) {
      toast({ title: t('print.noQrData'), variant: 'destructive' });
      return;
    }
    window.open(qrData, '_blank', 'noopener,noreferrer');
  };
  const download = async () => {
    try {
      const canvas = document.createElement('canvas');
      drawQrCanvas(canvas, qrData, settings.size.px, settings.includeName ? project.name : undefined);
      const slug = project.uniqueQrId.replace(/[^\w-]+/g, '').slice(0, 32) || 'project';
      await downloadPng(canvas, `qr-${slug}-${settings.size.id}.png`);
    } catch {
      toast({ title: t('print.downloadFailed'), variant: 'destructive' });
    }
  };
  return { openScanForm, download };
}
