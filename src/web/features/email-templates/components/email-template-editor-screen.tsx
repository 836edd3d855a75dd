import { CircleAlertIcon } from 'lucide-react';
import type { EmailTemplateKey } from '@shared/email-templates';

import { Page } from '../../../components/layout/page';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useEmailTemplate } from '../api/get-email-template';
import { EmailTemplateEditor } from './email-template-editor';

const BACK = { href: '/admin/email-templates', label: 'All email templates' };

/** Loads one template, then edits it. */
export function EmailTemplateEditorScreen({ templateKey }: { templateKey: EmailTemplateKey }) {
  const template = useEmailTemplate(templateKey);

  if (template.data) return <EmailTemplateEditor template={template.data} />;

  return (
    <Page title="Email Templates" back={BACK}>
      {template.isError ? (
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>The template could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{template.error.message}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => void template.refetch()}
              disabled={template.isFetching}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div
          className="grid gap-6 xl:grid-cols-2"
          role="status"
          aria-busy="true"
          aria-label="Loading the template"
        >
          <div className="grid content-start gap-4">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-80 w-full" />
          </div>
          <Skeleton className="h-[32rem] w-full" />
        </div>
      )}
    </Page>
  );
}
