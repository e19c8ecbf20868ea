import '#web/index.css';
import QrScanPage from '#web/features/worker-entry/pages/qr-scan-page.tsx';
import { prefetchFacility } from '#web/features/worker-entry/api/worker-entry.ts';
import { recallQrId } from '#web/lib/worker-memory.ts';
import { startWorkerApp } from './worker-shell.tsx';

startWorkerApp({
  eager: { qrScan: QrScanPage },
  namespaces: ['qrScan'],
  prefetch() {
    // The page's own rule: the QR id in the address, else the project last scanned on this phone.
    const qrId = new URLSearchParams(window.location.search).get('qrId')?.trim() || recallQrId();
    if (qrId) prefetchFacility(qrId);
  },
});
