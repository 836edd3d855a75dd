import { useMemo } from 'react';
import { qrPath } from '@shared/qr-path';

/** A QR code for `value` as inline SVG: sharp at any size, on screen and on paper. */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { d, size } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={className}
      data-qr-value={value}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
