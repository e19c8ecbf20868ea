import { memo, useMemo } from 'react';
import { qrMatrix, qrPathData } from '../lib/qr-matrix.ts';

/**
 * A QR code as vector SVG: sharp at any print size (a label's 3 cm code and a 10 cm poster come
 * from the same markup). Black on an explicit white square, so printing without "background
 * graphics" still gives a code with its quiet zone.
 */
export const QrSvg = memo(function QrSvg({
  text,
  label,
  margin = 1,
  className,
}: {
  text: string;
  label: string;
  margin?: number;
  className?: string;
}) {
  const { viewSize, d } = useMemo(() => {
    const matrix = qrMatrix(text);
    return { viewSize: matrix.size + 2 * margin, d: qrPathData(matrix, margin) };
  }, [text, margin]);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${viewSize} ${viewSize}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={className}
      data-testid="qr-svg"
    >
      <rect width={viewSize} height={viewSize} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
});
