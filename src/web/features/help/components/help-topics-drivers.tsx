import { SirenIcon } from 'lucide-react';
import { Link } from 'wouter';
import {
  DRIVER_REPORTS_PER_HOUR_PER_ADDRESS,
  DRIVER_REPORTS_PER_HOUR_PER_VEHICLE,
} from '@shared/driver-reports';

import type { HelpTopic } from './help-section';

/** A driver's report from the vehicle (issue 32): the report link, the vehicle card and the triage list. */
export const DRIVER_TOPICS: HelpTopic[] = [
  {
    id: 'driver-reports',
    title: 'Driver reports',
    icon: SirenIcon,
    body: (
      <>
        <p>
          Every vehicle has a <strong>report link</strong>: a QR code printed on the window tag and on the
          vehicle card. A driver scans it with a phone and reports an accident, damage, a breakdown, glass or
          theft without an account or an app: when and where (the phone’s location if they allow it), whether
          the vehicle can be driven and anyone was hurt, the other party, the police report number, witnesses
          and photos. The phone shows a reference such as DR-000042.
        </p>
        <p>
          New reports wait under <Link href="/driver-reports">Driver Reports</Link> (the count beside it in
          the sidebar), and the company’s managers are notified. <strong>Open claim</strong> opens a collision
          claim, or a mechanical one for a breakdown, on the vehicle with the report’s photos;
          <strong> Attach</strong> adds the report to the vehicle’s open claim; <strong>Dismiss</strong> asks
          why. A driver who left an e-mail address is sent the claim’s number.
        </p>
        <p>
          On a claim’s page, <strong>Report link</strong> shows the vehicle’s code, downloads its vehicle
          card, and renews or turns off the link (cards and tags printed with the old code stop working). The{' '}
          <Link href="/locations">Locations</Link> screen prints the cards of every vehicle of a location. A
          link takes {DRIVER_REPORTS_PER_HOUR_PER_VEHICLE} reports an hour per vehicle and{' '}
          {DRIVER_REPORTS_PER_HOUR_PER_ADDRESS} per phone connection, and shows nothing of the fleet’s but the
          unit number and model.
        </p>
      </>
    ),
  },
];
