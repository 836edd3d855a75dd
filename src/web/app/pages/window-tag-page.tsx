import { useState } from 'react';
import { CircleAlertIcon, PrinterIcon, SearchXIcon } from 'lucide-react';
import { useLocation, useParams, useSearch } from 'wouter';

import { PublicLayout } from '../../components/layout/public-layout';
import { NoticeCard } from '../../components/notice-card';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { Skeleton } from '../../components/ui/skeleton';
import {
  useWindowTag,
  PRINT_PAGE_RULES,
  useTagReportUrl,
  WindowTagCard,
  WindowTagPreview,
  type WindowTagLayout,
} from '../../features/window-tag';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError } from '../../lib/api-client';

const LAYOUTS: { value: WindowTagLayout; title: string; hint: string }[] = [
  { value: 'page', title: 'Letter / A4 page', hint: 'Large print for the windshield' },
  { value: 'label', title: '4 × 6 in label', hint: 'For label printers' },
];

/**
 * `/vehicles/{id}/window-tag`: public (no login), a printable tag for the vehicle's window with the few
 * fields the window-tag API answers and a QR code to the claim. `?size=label` chooses the 4×6 label.
 */
export function WindowTagPage() {
  const { id } = useParams<{ id: string }>();
  const [path, navigate] = useLocation();
  const layout: WindowTagLayout = new URLSearchParams(useSearch()).get('size') === 'label' ? 'label' : 'page';
  const tag = useWindowTag(id);
  const reportUrl = useTagReportUrl(id);
  const [printedAt] = useState(() => new Date());
  useDocumentTitle(tag.data ? `${tag.data.claimNumber} window tag` : 'Window tag');

  const claimUrl = `${window.location.origin}/vehicles/${encodeURIComponent(id)}`;
  const notFound = tag.error instanceof ApiError && tag.error.status === 404;
  // Without a tag there is nothing to print: the button and the paper choice go with it. A tag once loaded
  // stays printable when a later refetch (back from the print dialog, on a patchy network) fails.
  const printable = tag.data !== undefined || tag.isPending;

  return (
    <PublicLayout>
      {/* React puts this in <head>: a tag's address is not for search engines. */}
      <meta name="robots" content="noindex" />
      <style>{PRINT_PAGE_RULES[layout]}</style>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 print:block print:max-w-none print:p-0">
        <div className="flex flex-wrap items-end justify-between gap-4 print:hidden">
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">Window tag</h1>
            <p className="text-muted-foreground max-w-prose text-sm">
              Print it and place it behind the windshield, so anyone at the facility or the yard can tell
              which claim the vehicle belongs to.
            </p>
          </div>
          {printable && (
            <Button onClick={() => window.print()} disabled={!tag.data}>
              <PrinterIcon aria-hidden="true" />
              Print
            </Button>
          )}
        </div>

        {printable && (
          <fieldset className="print:hidden">
            <legend className="mb-2 text-sm font-medium">Print on</legend>
            <RadioGroup
              value={layout}
              onValueChange={(value) =>
                navigate(value === 'label' ? `${path}?size=label` : path, { replace: true })
              }
              className="flex flex-wrap gap-2"
            >
              {LAYOUTS.map((option) => (
                <Label
                  key={option.value}
                  className="hover:bg-accent/60 has-[[data-state=checked]]:border-primary/60 has-[[data-state=checked]]:bg-accent/40 items-start gap-3 rounded-md border p-3 font-normal"
                >
                  <RadioGroupItem value={option.value} className="mt-0.5" />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{option.title}</span>
                    <span className="text-muted-foreground text-xs">{option.hint}</span>
                  </span>
                </Label>
              ))}
            </RadioGroup>
          </fieldset>
        )}

        {tag.isPending ? (
          <Skeleton
            className={
              layout === 'label'
                ? 'mx-auto h-[6in] w-[4in] max-w-full'
                : 'mx-auto h-[9in] w-full max-w-[7.5in]'
            }
            aria-label="Loading the window tag"
          />
        ) : tag.data ? (
          <WindowTagPreview layout={layout}>
            <WindowTagCard
              tag={tag.data}
              claimUrl={claimUrl}
              layout={layout}
              printedAt={printedAt}
              reportUrl={reportUrl}
            />
          </WindowTagPreview>
        ) : notFound ? (
          <NoticeCard icon={<SearchXIcon />} title="Window tag not found">
            <p className="text-muted-foreground max-w-md text-balance">
              There is no claim at this address. It may have been deleted; check the link, or open the claim
              in FleetClaims and print its tag again.
            </p>
          </NoticeCard>
        ) : (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The window tag could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{tag.error.message}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={() => void tag.refetch()}
                disabled={tag.isFetching}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        )}
      </div>
    </PublicLayout>
  );
}
