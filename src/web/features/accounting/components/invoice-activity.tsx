import { UndoIcon } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, type Invoice } from '@shared/accounting';
import { canReversePayment } from '@shared/accounting.policy';
import { MAIL_DELIVERY_LABELS } from '@shared/mail-outbox';
import { formatCents } from '@shared/money';

import { RowActions } from '../../../components/data-list';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { Day, Money } from './accounting-format';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

const rowClass = 'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm';

/** The payments applied to the invoice (reversed ones struck through), each reversible by who may. */
export function InvoicePayments({
  invoice,
  onReverse,
}: {
  invoice: Invoice;
  onReverse: ((paymentId: string, label: string) => void) | null;
}) {
  if (invoice.payments.length === 0) return null;
  return (
    <Section title="Payments">
      <ul className="grid gap-2">
        {invoice.payments.map((payment) => {
          const label = `${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.reference}` : ''}`;
          return (
            <li key={payment.applicationId} className={rowClass}>
              <Day date={payment.appliedOn} />
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                {label}
                {payment.reversedOn && (
                  <span className="text-destructive block text-xs">
                    Reversed on <Day date={payment.reversedOn} />
                  </span>
                )}
              </span>
              <Money
                cents={payment.amountCents}
                className={payment.reversedOn ? 'line-through' : 'font-medium'}
              />
              {onReverse && canReversePayment(payment) && (
                <RowActions
                  name={`Payment ${label}`}
                  actions={[
                    {
                      label: 'Reverse payment',
                      icon: <UndoIcon />,
                      destructive: true,
                      onSelect: () => onReverse(payment.paymentId, label),
                    },
                  ]}
                />
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function InvoiceCreditNotes({ invoice }: { invoice: Invoice }) {
  if (invoice.creditNotes.length === 0) return null;
  return (
    <Section title="Credit notes">
      <ul className="grid gap-2">
        {invoice.creditNotes.map((note) => (
          <li key={note.id} className={rowClass}>
            <span className="font-mono text-xs">{note.number}</span>
            <Day date={note.issuedOn} />
            <span className="text-muted-foreground min-w-0 flex-1 [overflow-wrap:anywhere]">
              {note.reason}
            </span>
            <Money cents={-note.amountCents} className="font-medium" />
          </li>
        ))}
      </ul>
    </Section>
  );
}

const HISTORY_LABELS: Record<string, string> = {
  'invoice.created': 'Drafted',
  'invoice.updated': 'Draft edited',
  'invoice.sent': 'Sent',
  'invoice.voided': 'Voided',
  'invoice.credited': 'Credit note issued',
  'invoice.payment_applied': 'Payment applied',
  'invoice.payment_reversed': 'Payment reversed',
};

/** An action this screen has no words for yet reads as itself: `invoice.foo_bar` → "Foo bar". */
function historyLabel(entry: Invoice['history'][number]): string {
  const { action } = entry;
  if (action === 'invoice.reminder_sent') {
    const days = entry.detail?.daysPastDue;
    return typeof days === 'number' ? `Reminder sent (${days} days past due)` : 'Reminder sent';
  }
  const known = HISTORY_LABELS[action];
  if (known) return known;
  const words = action.replace(/^invoice\./, '').replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** To whom a mail went, and where it has got to: queued, held (no mail server), then sent (issue 31). */
function mailedTo(entry: Invoice['history'][number], to: string) {
  return entry.mail ? `mail to ${to} ${MAIL_DELIVERY_LABELS[entry.mail.delivery]}` : `to ${to}`;
}

/** What the history entry adds to its label: to whom it was mailed, why it was voided, which credit note. */
function historyDetail(entry: Invoice['history'][number]): string | null {
  const detail = entry.detail ?? {};
  const text = (key: string) => (typeof detail[key] === 'string' ? (detail[key] as string) : null);
  const to = text('sentTo');
  if (entry.action === 'invoice.reminder_sent') return to && mailedTo(entry, to);
  if (entry.action === 'invoice.sent') {
    return [text('number'), to && mailedTo(entry, to)].filter(Boolean).join(entry.mail ? ' · ' : ' ') || null;
  }
  if (entry.action === 'invoice.voided') return text('reason');
  const amount = typeof detail.amountCents === 'number' ? formatCents(detail.amountCents) : null;
  return [text('creditNote') ?? text('number'), amount].filter(Boolean).join(' ') || text('to');
}

/** The invoice's history from the audit log, oldest first. */
export function InvoiceHistory({ invoice }: { invoice: Invoice }) {
  return (
    <Section title="History">
      <ol className="grid gap-2 text-sm">
        {invoice.history.map((entry, index) => {
          const detail = historyDetail(entry);
          return (
            <li key={`${entry.at}-${index}`} className="grid gap-0.5 border-l-2 pl-3">
              <span>
                <span className="font-medium">{historyLabel(entry)}</span>
                {detail && <span className="[overflow-wrap:anywhere]"> · {detail}</span>}
              </span>
              <span className="text-muted-foreground text-xs">
                <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                  {formatRelativeTime(entry.at)}
                </time>
                {entry.by && ` by @${entry.by}`}
              </span>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
