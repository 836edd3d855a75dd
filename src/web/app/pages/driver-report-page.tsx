import { useParams } from 'wouter';

import { PublicLayout } from '../../components/layout/public-layout';
import { Skeleton } from '../../components/ui/skeleton';
import { DriverReport, ReportLinkProblem, useReportLinkQuery } from '../../features/driver-report';
import { useDocumentTitle } from '../../hooks/use-document-title';

/**
 * `/report/{token}`: public (no login), the page a driver opens by scanning the QR code on a vehicle's window tag or
 * card (issue 32). It names the vehicle by its unit number and make and model only, and takes the driver's report
 * and photos. The page is built for a phone: its JavaScript stays small, away from the signed-in app.
 */
export function DriverReportPage() {
  const { token = '' } = useParams<{ token: string }>();
  const link = useReportLinkQuery(token);
  const vehicle = link.data;
  useDocumentTitle(vehicle ? `Report for unit ${vehicle.unitNumber}` : 'Driver’s report');

  return (
    <PublicLayout>
      {/* React puts this in <head>: the link's address is not for search engines. */}
      <meta name="robots" content="noindex" />
      <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-6 sm:py-10">
        {link.isPending ? (
          <Skeleton className="h-96 w-full" aria-label="Loading the vehicle" />
        ) : vehicle ? (
          <>
            <header className="grid gap-1">
              <p className="text-muted-foreground text-sm font-medium">Driver’s report</p>
              <h1 className="text-2xl font-semibold tracking-tight">Unit {vehicle.unitNumber}</h1>
              {vehicle.makeModel && <p className="text-muted-foreground">{vehicle.makeModel}</p>}
            </header>
            <DriverReport token={token} />
          </>
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight">Driver’s report</h1>
            <ReportLinkProblem error={link.error} onRetry={() => void link.refetch()} />
          </>
        )}
      </div>
    </PublicLayout>
  );
}
