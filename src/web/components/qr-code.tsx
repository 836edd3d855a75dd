import { useMemo } from 'react';
import { create } from 'qrcode';

/** Modules of white border around the code, as the QR standard asks for scanners. */
const QUIET_ZONE = 4;

/**
 * The SVG path of a QR code's dark modules, one rectangle per horizontal run. Built from the symbol's
 * matrix rather than from markup, so nothing is parsed or inserted as HTML.
 */
function qrPath(value: string): { d: string; size: number } {
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  let d = '';
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!data[row * size + column]) continue;
      let run = 1;
      while (column + run < size && data[row * size + column + run]) run++;
      d += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
      column += run - 1;
    }
  }
  return { d, size: size + QUIET_ZONE * 2 };
}

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
