/**
 * Where a scanned QR code leads (docs/product.md "Working without signal", "Scan the next unit"): a
 * unit label goes to that unit's page on this origin, whatever host printed it (labels outlive a
 * domain move); the project's QR goes to the QR page. Anything else is not a Shalav label.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type QrTarget = { kind: 'unit'; path: string } | { kind: 'project'; path: string };

/**
 * A unit's page opens on its welcome step, the name this phone remembers filled in: one tap there
 * records the worker's session on the unit (docs/product.md "Work-tasks page"), which a link
 * carrying the name would skip.
 */
export function qrTargetOf(text: string): QrTarget | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const path = url.pathname.replace(/\/+$/, '');
  const unit = /^\/work-tasks\/([^/]+)$/.exec(path);
  if (unit) {
    const id = unit[1];
    if (!UUID.test(id)) return null;
    return { kind: 'unit', path: `/work-tasks/${id.toLowerCase()}` };
  }
  const qrId = url.searchParams.get('qrId')?.trim();
  if (path === '/qr-scan' && qrId) return { kind: 'project', path: `/qr-scan?qrId=${encodeURIComponent(qrId)}` };
  return null;
}
