/**
 * The demo vehicles' VINs (used by seed-demo-fleet.ts), built as a North American VIN is: the maker's WMI
 * (positions 1–3) for the make shown, a descriptor section, the check digit (position 9, 49 CFR 565), the
 * model-year code (position 10) of the year shown, a plant code and a serial number unique to the vehicle.
 */
import { vinCheckDigit } from '../src/shared/vin.js';
import type { RandomStream } from './seed-demo-random.js';

/** The world manufacturer identifier each demo make's VINs start with (where the US-market model is built). */
export const DEMO_WMI = {
  Ford: '1FT', // Ford trucks and vans, USA (Transit, F-150)
  Ram: '3C6', // Ram trucks, Mexico (ProMaster, Saltillo)
  Chevrolet: '1GC', // Chevrolet trucks, USA (Express, Silverado)
  'Mercedes-Benz': 'W1Y', // Mercedes-Benz vans, Germany (Sprinter)
  Toyota: '4T1', // Toyota passenger cars, USA (Camry, Kentucky)
  Nissan: '3N6', // Nissan trucks and vans, Mexico (NV200, Cuernavaca)
} as const;
export type DemoMake = keyof typeof DEMO_WMI;

/** Position 10: the model year, in the 30-year cycle that starts with A for 1980 (and again for 2010). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** Positions 12–17: a different number for each of the first million vehicles (7919 is prime to 10⁶), not 000001. */
const serialNumber = (index: number) => String((104_729 + index * 7919) % 1_000_000).padStart(6, '0');

/** The VIN of the demo's `serial`-th vehicle, a `year` `make`. */
export function demoVin({ pick }: RandomStream, make: DemoMake, year: number, serial: number): string {
  const descriptor = Array.from({ length: 5 }, () => pick([...VIN_CHARACTERS])).join('');
  const yearCode = YEAR_CODES[(((year - 1980) % 30) + 30) % 30]!;
  const plant = pick([...'ABCDEFGHJKLMNPRSTUVWXYZ']);
  const draft = `${DEMO_WMI[make]}${descriptor}0${yearCode}${plant}${serialNumber(serial)}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}
