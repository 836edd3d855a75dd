import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { WindowTag } from '@shared/window-tag';

import { BrandLogo } from '../../../components/brand-logo';
import { QrCode } from '../../../components/qr-code';
import { cn } from '../../../lib/utils';

const REPORT_QR_LABEL = 'QR code to report damage to this vehicle';
const CLAIM_QR_LABEL = (tag: WindowTag) => `QR code linking to claim ${tag.claimNumber}`;

/** What the tag is printed on: a Letter or A4 sheet (whichever the printer holds), or a 4×6 in label. */
export type WindowTagLayout = 'page' | 'label';

/** The sheet each layout prints on; the page's margins fit both Letter and A4. */
export const PRINT_PAGE_RULES: Record<WindowTagLayout, string> = {
  page: '@page { margin: 0.5in; }',
  label: '@page { size: 4in 6in; margin: 0.15in; }',
};

/** The tag's width on screen, in CSS pixels (96 per inch). */
const TAG_WIDTH_PX: Record<WindowTagLayout, number> = { page: 7.5 * 96, label: 4 * 96 };

/**
 * Shows the tag whole on a narrow screen by scaling it down (as a print preview does), so its type keeps
 * the proportions it will have on paper. Printing ignores the scale.
 */
export function WindowTagPreview({ layout, children }: { layout: WindowTagLayout; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setScale(Math.min(1, entry.contentRect.width / TAG_WIDTH_PX[layout]));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [layout]);
  return (
    <div ref={frame} className="w-full">
      <div
        style={{ '--tag-scale': scale } as CSSProperties}
        className="[zoom:var(--tag-scale)] print:[zoom:1]"
      >
        {children}
      </div>
    </div>
  );
}

/** A calendar date with its year, read the same in every time zone ("Jan 15, 2027"). */
function formatTagDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, month! - 1, day!)),
  );
}

function Field({
  label,
  children,
  className,
  valueClassName,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-[0.7em] font-semibold tracking-[0.12em] text-neutral-500 uppercase">{label}</dt>
      <dd className={cn('font-semibold break-words text-neutral-950', valueClassName)}>{children}</dd>
    </div>
  );
}

/**
 * The printable tag: the claim number large enough to read through a windshield, the unit, the end of the
 * VIN, where the vehicle is, its status and expected completion, and a QR code that opens the claim (for
 * people who can sign in). Black on white, so it prints the same on any printer.
 */
export function WindowTagCard({
  tag,
  claimUrl,
  layout,
  printedAt,
  reportUrl = null,
}: {
  tag: WindowTag;
  claimUrl: string;
  layout: WindowTagLayout;
  printedAt: Date;
  /** The vehicle's report link (issue 32), the second code, when who prints the tag edits claims. */
  reportUrl?: string | null;
}) {
  const label = layout === 'label';
  const eta = tag.eta ? formatTagDate(tag.eta) : 'Not set';
  const printed = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(printedAt);
  const qr = (
    <QrCode
      value={claimUrl}
      label={CLAIM_QR_LABEL(tag)}
      className={label ? (reportUrl ? 'size-[1.4in]' : 'size-[1.75in]') : 'size-[3.1in] shrink-0'}
    />
  );

  return (
    <article
      aria-label={`Window tag for ${tag.claimNumber}`}
      className={cn(
        // Printers drop backgrounds unless told otherwise; the logo's mark is one.
        'mx-auto flex flex-col bg-white text-neutral-950 shadow-lg ring-1 ring-neutral-300 [print-color-adjust:exact] print:shadow-none print:ring-0',
        label
          ? 'h-[6in] w-[4in] gap-[0.12in] p-[0.22in] text-[10pt] print:h-[5.7in] print:w-full print:p-0'
          : 'w-full max-w-[7.5in] gap-[0.3in] p-[0.5in] text-[14pt] print:max-w-none print:p-0',
      )}
    >
      <header className="flex items-center justify-between gap-3 border-b-2 border-neutral-950 pb-[0.08in]">
        <BrandLogo className={label ? 'text-[11pt] [&>span:first-child]:size-7' : 'text-[16pt]'} />
        <p className="text-right text-[0.8em] font-semibold tracking-[0.12em] uppercase">Vehicle in repair</p>
      </header>

      <div>
        <p className="text-[0.75em] font-semibold tracking-[0.16em] text-neutral-500 uppercase">Claim</p>
        <p
          className={cn(
            'leading-none font-extrabold tracking-tight tabular-nums',
            label ? 'text-[30pt]' : 'text-[72pt]',
          )}
        >
          {tag.claimNumber}
        </p>
      </div>

      <dl
        className={cn(
          'grid gap-x-[0.3in]',
          label ? 'grid-cols-2 gap-y-[0.1in]' : 'grid-cols-2 gap-y-[0.28in]',
        )}
      >
        <Field label="Unit" valueClassName={label ? 'text-[16pt]' : 'text-[30pt] leading-tight'}>
          {tag.unitNumber}
        </Field>
        <Field
          label="VIN (last 8)"
          valueClassName={cn('font-mono', label ? 'text-[16pt]' : 'text-[30pt] leading-tight')}
        >
          {tag.vinLast8}
        </Field>
        <Field
          label="Repair facility"
          className="col-span-2"
          valueClassName={label ? 'text-[12pt]' : 'text-[22pt]'}
        >
          {tag.facilityName ?? 'Not assigned yet'}
        </Field>
        <Field label="Status" valueClassName={label ? 'text-[12pt]' : 'text-[22pt]'}>
          {tag.statusLabel}
        </Field>
        <Field label="Estimated completion" valueClassName={label ? 'text-[12pt]' : 'text-[22pt]'}>
          {eta}
        </Field>
      </dl>

      {label ? (
        <div className="mt-auto flex items-start justify-center gap-[0.2in] text-center">
          <div className="flex flex-col items-center gap-[0.04in]">
            {qr}
            <p className="text-[8pt] font-medium">Scan for the current status (sign-in required)</p>
          </div>
          {reportUrl ? (
            <div className="flex flex-col items-center gap-[0.04in]">
              <QrCode value={reportUrl} label={REPORT_QR_LABEL} className="size-[1.4in]" />
              <p className="text-[8pt] font-medium">Driver: report damage (no sign-in)</p>
            </div>
          ) : null}
        </div>
      ) : (
        // With the driver's code, the two codes share one row, so the tag stays one sheet.
        <div
          className={cn(
            'grid border-t border-neutral-300 pt-[0.3in]',
            reportUrl
              ? 'grid-cols-2 items-start gap-x-[0.35in] gap-y-[0.15in]'
              : 'grid-cols-[auto_1fr] items-center gap-[0.35in]',
          )}
        >
          {reportUrl ? <QrCode value={claimUrl} label={CLAIM_QR_LABEL(tag)} className="size-[2in]" /> : qr}
          <div className={cn('grid gap-[0.1in]', reportUrl && 'col-start-1 row-start-2')}>
            <p className="text-[16pt] font-semibold leading-snug">Scan for the current status and details</p>
            <p className="text-[11pt] text-neutral-600">
              Opens the claim in FleetClaims for people who can sign in.
            </p>
            {/* Two codes leave no room for the address; the code carries it. */}
            {reportUrl ? null : <p className="font-mono text-[9pt] break-all text-neutral-600">{claimUrl}</p>}
          </div>
          {reportUrl ? (
            <>
              <QrCode
                value={reportUrl}
                label={REPORT_QR_LABEL}
                className="col-start-2 row-start-1 size-[2in]"
              />
              <div className="col-start-2 row-start-2 grid gap-[0.1in]">
                <p className="text-[16pt] font-semibold leading-snug">
                  Driver: report new damage or a breakdown
                </p>
                <p className="text-[11pt] text-neutral-600">
                  Scan with your phone’s camera: no app or account needed. Add photos, then send.
                </p>
              </div>
            </>
          ) : null}
        </div>
      )}

      <footer
        className={cn(
          'border-t border-neutral-300 text-neutral-600',
          label ? 'pt-[0.06in] text-[7pt]' : 'mt-auto pt-[0.12in] text-[10pt]',
        )}
      >
        Printed {printed}. The status may have changed since; the QR code shows the latest.
      </footer>
    </article>
  );
}
