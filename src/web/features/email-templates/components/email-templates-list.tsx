import { useLocation } from 'wouter';

import { DataTable, DataTableSkeleton, ListLoadError } from '../../../components/data-list';
import { useEmailTemplates } from '../api/get-email-templates';
import { EMAIL_TEMPLATE_COLUMNS, editorHref } from './email-templates-table';

/** The list of templates, with loading and error states; a row opens its editor. */
export function EmailTemplatesList() {
  const templates = useEmailTemplates();
  const [, navigate] = useLocation();
  return (
    <div className="bg-card overflow-hidden rounded-xl border shadow-xs">
      {templates.isPending ? (
        <DataTableSkeleton label="Loading email templates" columns={EMAIL_TEMPLATE_COLUMNS} rows={7} />
      ) : templates.isError ? (
        <ListLoadError
          title="The email templates could not be loaded"
          message={templates.error.message}
          retrying={templates.isFetching}
          onRetry={() => void templates.refetch()}
        />
      ) : (
        <DataTable
          label="Email templates"
          columns={EMAIL_TEMPLATE_COLUMNS}
          rows={templates.data}
          rowId={(template) => template.key}
          onOpen={(template) => navigate(editorHref(template.key))}
        />
      )}
    </div>
  );
}
