import { CircleAlertIcon } from 'lucide-react';
import type { RenderedEmail } from '@shared/email-templates';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';

/**
 * The rendered HTML goes into an iframe sandboxed with no permissions at all: no scripts, no forms, no
 * navigation of this page, and a separate origin, so even a template with markup an administrator pasted
 * from elsewhere cannot touch the app. It inherits the app's Content-Security-Policy too.
 */
function htmlDocument(html: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:16px;background:#fff}</style></head><body>${html}</body></html>`;
}

/** The draft as recipients will see it, with the template's sample data, in its HTML and text forms. */
export function EmailPreview({
  rendered,
  updating,
  invalid,
  error,
}: {
  rendered: RenderedEmail | undefined;
  updating: boolean;
  /** The draft cannot be rendered yet (a part is empty). */
  invalid: boolean;
  error: Error | null;
}) {
  return (
    <section aria-labelledby="preview-heading" className="bg-card grid gap-3 rounded-xl border p-4 shadow-xs">
      <div className="flex items-center justify-between gap-2">
        <h2 id="preview-heading" className="font-semibold">
          Preview
        </h2>
        <span className="text-muted-foreground flex items-center gap-1.5 text-xs" aria-live="polite">
          {updating ? (
            <>
              <Spinner className="size-3.5" aria-label="Updating the preview" />
              Updating…
            </>
          ) : (
            'With sample data'
          )}
        </span>
      </div>
      {invalid ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-10 text-center text-sm">
          Fill in the subject and both bodies to see the preview.
        </p>
      ) : error && !rendered ? (
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>The preview could not be made</AlertTitle>
          <AlertDescription>{error.message}</AlertDescription>
        </Alert>
      ) : !rendered ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <>
          <div className="bg-muted/40 rounded-lg border px-3 py-2 text-sm">
            <span className="text-muted-foreground">Subject: </span>
            <span className="font-medium break-words" data-testid="preview-subject">
              {rendered.subject}
            </span>
          </div>
          <Tabs defaultValue="html">
            <TabsList>
              <TabsTrigger value="html">HTML</TabsTrigger>
              <TabsTrigger value="text">Plain text</TabsTrigger>
            </TabsList>
            <TabsContent value="html">
              <iframe
                title="HTML preview"
                sandbox=""
                srcDoc={htmlDocument(rendered.html)}
                className="h-[26rem] w-full rounded-lg border bg-white"
              />
            </TabsContent>
            <TabsContent value="text">
              <pre
                aria-label="Plain text preview"
                className="bg-muted/30 h-[26rem] overflow-auto rounded-lg border p-4 font-mono text-xs/5 whitespace-pre-wrap"
              >
                {rendered.text}
              </pre>
            </TabsContent>
          </Tabs>
        </>
      )}
    </section>
  );
}
