import { useState } from 'react';
import type { SentDriverReport } from '@shared/driver-reports';

import { ReportForm } from './report-form';
import { ReportSent } from './report-sent';
import { useChosenPhotos } from './use-chosen-photos';
import { usePhotoUploads } from './use-photo-uploads';

/**
 * A driver's report through a vehicle's report link: the form, then, once the server has the report, its reference
 * with the photos going up one by one. The page does not move on: the photos need it open.
 */
export function DriverReport({ token }: { token: string }) {
  const photos = useChosenPhotos();
  const uploads = usePhotoUploads();
  const [sent, setSent] = useState<{ report: SentDriverReport; emailed: boolean } | null>(null);

  if (sent) {
    return (
      <ReportSent
        sent={sent.report}
        emailed={sent.emailed}
        photos={photos.photos}
        uploads={uploads.states}
        onRetry={uploads.retry}
      />
    );
  }
  return (
    <ReportForm
      token={token}
      photos={photos}
      onSent={(report, values) => {
        setSent({ report, emailed: Boolean(values.driverEmail) });
        window.scrollTo({ top: 0 });
        if (photos.photos.length > 0) uploads.start(report.uploadKey, photos.photos);
      }}
    />
  );
}
