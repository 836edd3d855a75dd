import { ChevronRightIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { EmailTemplate, EmailTemplateKey } from '@shared/email-templates';

import type { DataColumn } from '../../../components/data-list';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';

export const editorHref = (key: EmailTemplateKey) => `/admin/email-templates?key=${key}`;

/** Columns that give way on narrow screens: the template and whether it was changed always stay. */
const DESCRIPTION = 'hidden md:table-cell';
const UPDATED = 'hidden sm:table-cell';

export function CustomizedBadge({ customized }: { customized: boolean }) {
  return customized ? (
    <Badge variant="outline" className="border-primary/25 bg-primary/10 text-primary">
      Customized
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      Default
    </Badge>
  );
}

/** Every email the product sends: its columns; a row opens its editor. */
export const EMAIL_TEMPLATE_COLUMNS: DataColumn<EmailTemplate>[] = [
  {
    id: 'template',
    header: 'Template',
    className: 'pl-4',
    skeleton: ['h-4 w-40', 'h-3 w-24'],
    cell: (template) => (
      <>
        <Link
          href={editorHref(template.key)}
          onClick={(event) => event.stopPropagation()}
          className="focus-visible:ring-ring/50 rounded-sm font-medium outline-none hover:underline focus-visible:ring-[3px]"
        >
          {template.name}
        </Link>
        <p className="text-muted-foreground font-mono text-xs">{template.key}</p>
      </>
    ),
  },
  {
    id: 'description',
    header: 'Sent when',
    className: DESCRIPTION,
    cellClassName: 'text-muted-foreground max-w-md whitespace-normal',
    skeleton: ['h-4 w-72'],
    cell: (template) => template.description,
  },
  {
    id: 'text',
    header: 'Text',
    skeleton: ['h-5 w-20'],
    cell: (template) => <CustomizedBadge customized={template.customized} />,
  },
  {
    id: 'updated',
    header: 'Last changed',
    className: UPDATED,
    cellClassName: 'text-muted-foreground',
    skeleton: ['h-4 w-20'],
    cell: (template) =>
      template.updatedAt ? (
        <time dateTime={template.updatedAt} title={formatDateTime(template.updatedAt)}>
          {formatRelativeTime(template.updatedAt)}
        </time>
      ) : (
        '—'
      ),
  },
  {
    id: 'open',
    header: <span className="sr-only">Open</span>,
    className: 'pr-4',
    headerClassName: 'w-10',
    cellClassName: 'text-right',
    cell: () => <ChevronRightIcon aria-hidden="true" className="text-muted-foreground ml-auto size-4" />,
  },
];
