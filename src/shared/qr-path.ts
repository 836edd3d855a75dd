import { create } from 'qrcode';

/** Modules of white border around the code, as the QR standard asks for scanners. */
const QUIET_ZONE = 4;

/**
 * The SVG path of a QR code's dark modules, one rectangle per horizontal run, and the symbol's size with its quiet
 * zone: drawn as inline SVG by the browser (window tag) and as a vector path in a PDF (vehicle card).
 */
export function qrPath(value: string): { d: string; size: number } {
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
