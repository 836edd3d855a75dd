import { CircleAlertIcon } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useEmailTemplates } from '../api/get-email-templates';
import { EmailTemplatesTable, EmailTemplatesTableSkeleton } from './email-templates-table';

/** The list of templates, with loading and error states. */
export function EmailTemplatesList() {
  const templates = useEmailTemplates();
  return (
    <div className="bg-card overflow-hidden rounded-xl border shadow-xs">
      {templates.isPending ? (
        <EmailTemplatesTableSkeleton />
      ) : templates.isError ? (
        <div className="p-4">
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The email templates could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{templates.error.message}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={() => void templates.refetch()}
                disabled={templates.isFetching}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        </div>
      ) : (
        <EmailTemplatesTable templates={templates.data} />
      )}
    </div>
  );
}
