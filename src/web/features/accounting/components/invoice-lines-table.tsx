import type { Invoice } from '@shared/accounting';

import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { Money } from './accounting-format';

const figures = 'text-right tabular-nums';

/** The invoice's lines, then subtotal, tax, total, what was paid or credited and the balance. */
export function InvoiceLinesTable({ invoice }: { invoice: Invoice }) {
  const settled = [
    { label: 'Paid', cents: -invoice.paidCents, show: invoice.paidCents > 0 },
    { label: 'Credited', cents: -invoice.creditedCents, show: invoice.creditedCents > 0 },
  ];
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table aria-label="Invoice lines">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-3">Description</TableHead>
            <TableHead className={figures}>Qty</TableHead>
            <TableHead className={`${figures} hidden sm:table-cell`}>Unit price</TableHead>
            <TableHead className={`${figures} pr-3`}>Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoice.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell className="max-w-0 min-w-40 pl-3 whitespace-normal">
                <span className="[overflow-wrap:anywhere]">{line.description}</span>
                {!line.taxable && <span className="text-muted-foreground block text-xs">Not taxed</span>}
              </TableCell>
              <TableCell className={figures}>{line.quantity}</TableCell>
              <TableCell className={`${figures} hidden sm:table-cell`}>
                <Money cents={line.unitPriceCents} />
              </TableCell>
              <TableCell className={`${figures} pr-3`}>
                <Money cents={line.amountCents} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter className="bg-transparent">
          <SumRow label="Subtotal" cents={invoice.subtotalCents} />
          <SumRow label={`Tax (${invoice.taxRatePercent}%)`} cents={invoice.taxCents} />
          <SumRow label="Total" cents={invoice.totalCents} strong />
          {settled.map((row) => row.show && <SumRow key={row.label} label={row.label} cents={row.cents} />)}
          {invoice.status !== 'draft' && <SumRow label="Balance" cents={invoice.balanceCents} strong />}
        </TableFooter>
      </Table>
    </div>
  );
}

function SumRow({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={2} className={`pl-3 sm:hidden ${strong ? 'font-semibold' : 'font-normal'}`}>
        {label}
      </TableCell>
      <TableCell
        colSpan={3}
        className={`hidden pl-3 sm:table-cell ${strong ? 'font-semibold' : 'font-normal'}`}
      >
        {label}
      </TableCell>
      <TableCell className={`${figures} pr-3 ${strong ? 'font-semibold' : 'font-normal'}`}>
        <Money cents={cents} />
      </TableCell>
    </TableRow>
  );
}
