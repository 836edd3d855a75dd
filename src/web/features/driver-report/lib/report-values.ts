import type { DriverReportForm } from '@shared/driver-reports';

import { todayIsoDate } from '../../../lib/format-calendar-date';

/** The form's fields in the order they are on the page: the first one with an error takes the focus. */
export const REPORT_FIELDS = [
  'kind',
  'occurredOn',
  'occurredTime',
  'place',
  'latitude',
  'drivable',
  'injuries',
  'otherPartyName',
  'otherPartyPlate',
  'otherPartyInsurer',
  'otherPartyPolicy',
  'policeReportNumber',
  'witnesses',
  'description',
  'driverName',
  'driverPhone',
  'driverEmail',
] as const satisfies readonly (keyof DriverReportForm)[];

/**
 * A new report: it happened today (the phone's own day), nothing chosen yet. `kind`, `drivable` and `injuries`
 * start unset so the driver answers them rather than leaving a guess.
 */
export function emptyReport(now = new Date()): Partial<DriverReportForm> {
  return {
    occurredOn: todayIsoDate(now),
    occurredTime: null,
    place: '',
    latitude: null,
    longitude: null,
    otherPartyName: '',
    otherPartyPlate: '',
    otherPartyInsurer: '',
    otherPartyPolicy: '',
    policeReportNumber: '',
    witnesses: '',
    description: '',
    driverName: '',
    driverPhone: '',
    driverEmail: '',
  };
}
