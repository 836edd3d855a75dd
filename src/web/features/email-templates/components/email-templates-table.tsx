import { ChevronRightIcon } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { EmailTemplate, EmailTemplateKey } from '@shared/email-templates';

import { Badge } from '../../../components/ui/badge';
import { TableSkeleton, type SkeletonCell } from '../../../components/ui/table-skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
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

function Header() {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead className="pl-4">Template</TableHead>
        <TableHead className={DESCRIPTION}>Sent when</TableHead>
        <TableHead>Text</TableHead>
        <TableHead className={UPDATED}>Last changed</TableHead>
        <TableHead className="w-10 pr-4">
          <span className="sr-only">Open</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** The loading rows, cell for cell like the real ones. */
const EMAIL_TEMPLATES_SKELETON: SkeletonCell[] = [
  { className: 'pl-4', bars: ['h-4 w-40', 'h-3 w-24'] },
  { className: DESCRIPTION, bars: ['h-4 w-72'] },
  { bars: ['h-5 w-20'] },
  { className: UPDATED, bars: ['h-4 w-20'] },
  { className: 'pr-4' },
];

export function EmailTemplatesTableSkeleton({ rows = 7 }: { rows?: number }) {
  return (
    <TableSkeleton
      label="Loading email templates"
      header={<Header />}
      cells={EMAIL_TEMPLATES_SKELETON}
      rows={rows}
    />
  );
}

/** Every email the product sends; a row opens its editor. */
export function EmailTemplatesTable({ templates }: { templates: readonly EmailTemplate[] }) {
  const [, navigate] = useLocation();
  return (
    <Table aria-label="Email templates">
      <Header />
      <TableBody>
        {templates.map((template) => (
          <TableRow
            key={template.key}
            onClick={() => navigate(editorHref(template.key))}
            className="cursor-pointer"
          >
            <TableCell className="pl-4">
              <Link
                href={editorHref(template.key)}
                onClick={(event) => event.stopPropagation()}
                className="focus-visible:ring-ring/50 rounded-sm font-medium outline-none hover:underline focus-visible:ring-[3px]"
              >
                {template.name}
              </Link>
              <p className="text-muted-foreground font-mono text-xs">{template.key}</p>
            </TableCell>
            <TableCell className={`${DESCRIPTION} text-muted-foreground max-w-md whitespace-normal`}>
              {template.description}
            </TableCell>
            <TableCell>
              <CustomizedBadge customized={template.customized} />
            </TableCell>
            <TableCell className={`${UPDATED} text-muted-foreground`}>
              {template.updatedAt ? (
                <time dateTime={template.updatedAt} title={formatDateTime(template.updatedAt)}>
                  {formatRelativeTime(template.updatedAt)}
                </time>
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell className="pr-4 text-right">
              <ChevronRightIcon aria-hidden="true" className="text-muted-foreground ml-auto size-4" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
