import { useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, RotateCcwIcon, SaveIcon, SendIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import {
  emailTemplateContentSchema,
  type EmailTemplate,
  type EmailTemplateContent,
} from '@shared/email-templates';
import { mailDeliveryTitle } from '@shared/mail-outbox';

import { FieldBlock } from '../../../components/form-fields';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Form, FormControl } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { toast } from '../../../hooks/use-toast';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useEmailPreview } from '../api/preview-email-template';
import { useResetEmailTemplateMutation } from '../api/reset-email-template';
import { useSaveEmailTemplateMutation } from '../api/save-email-template';
import { useSendTestEmailMutation } from '../api/send-test-email';
import { EmailPreview } from './email-preview';
import { CustomizedBadge } from './email-templates-table';
import { PlaceholderList } from './placeholder-list';

/** Wait this long after the last keystroke before rendering the preview again. */
export const PREVIEW_DEBOUNCE_MS = 400;

const FORM_ID = 'email-template-form';
type Field = keyof EmailTemplateContent;
const FIELDS = ['subject', 'html', 'text'] as const satisfies readonly Field[];
const FIELD_LABELS: Record<Field, string> = { subject: 'subject', html: 'HTML body', text: 'text body' };

const contentOf = ({ subject, html, text }: EmailTemplate): EmailTemplateContent => ({ subject, html, text });

const monospace = 'font-mono text-[13px]/5 md:text-[13px]/5 field-sizing-fixed resize-y';

/**
 * Edits one template: subject, HTML and text bodies, with its placeholders at hand and a live preview
 * with sample data. Save, a test mail to oneself and a reset to the default text; leaving with unsaved
 * changes asks first.
 */
export function EmailTemplateEditor({ template }: { template: EmailTemplate }) {
  const form = useForm<EmailTemplateContent>({
    resolver: zodResolver(emailTemplateContentSchema),
    defaultValues: contentOf(template),
  });
  const save = useSaveEmailTemplateMutation();
  const reset = useResetEmailTemplateMutation();
  const sendTest = useSendTestEmailMutation();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const dirty = form.formState.isDirty;
  const guard = useUnsavedChangesGuard(dirty);

  // Placeholders go where the cursor was in the field last edited (the HTML body to begin with).
  const [target, setTarget] = useState<Field>('html');
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const insertPlaceholder = (name: string) => {
    const element = fields.current[target];
    const value = form.getValues(target);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    const token = `{{${name}}}`;
    form.setValue(target, value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const [subject, html, text] = useWatch({ control: form.control, name: ['subject', 'html', 'text'] });
  const draft = useMemo(() => ({ subject, html, text }), [subject, html, text]);
  const previewed = useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS);
  const renderable = emailTemplateContentSchema.safeParse(previewed).success;
  const preview = useEmailPreview(template.key, previewed, { enabled: renderable });

  const busy = save.isPending || reset.isPending;

  const onSave = (content: EmailTemplateContent) =>
    save.mutate(
      { key: template.key, content },
      {
        onSuccess: (saved) => {
          form.reset(contentOf(saved));
          toast({ title: 'Template saved', description: `${saved.name} emails use this text from now on.` });
        },
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, FIELDS)) return;
          toast({ variant: 'destructive', title: 'Could not save the template', description: error.message });
        },
      },
    );

  const onSendTest = (content: EmailTemplateContent) =>
    sendTest.mutate(
      { key: template.key, content },
      {
        onSuccess: ({ message, delivery }) =>
          toast({ title: mailDeliveryTitle('Test email', delivery), description: message }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not send the test email',
            description: error.message,
          }),
      },
    );

  const onReset = () =>
    reset.mutate(template.key, {
      onSuccess: (restored) => {
        setConfirmingReset(false);
        form.reset(contentOf(restored));
        toast({ title: 'Template reset', description: `${restored.name} uses the default text again.` });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not reset the template', description: error.message }),
    });

  const fieldRef =
    (name: Field, ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void) =>
    (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      ref(element);
      fields.current[name] = element;
    };

  return (
    <Page
      title={template.name}
      description={template.description}
      back={{ href: '/admin/email-templates', label: 'All email templates' }}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!template.customized || busy}
            onClick={() => setConfirmingReset(true)}
          >
            <RotateCcwIcon aria-hidden="true" />
            Reset to default
          </Button>
          <Button variant="outline" disabled={sendTest.isPending} onClick={form.handleSubmit(onSendTest)}>
            {sendTest.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SendIcon aria-hidden="true" />
            )}
            Send test to me
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!dirty || busy}>
            {save.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            Save
          </Button>
        </div>
      }
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Form {...form}>
          <form
            id={FORM_ID}
            onSubmit={form.handleSubmit(onSave)}
            noValidate
            className="grid content-start gap-5"
          >
            <div className="text-muted-foreground flex flex-wrap items-center gap-2 text-sm">
              <CustomizedBadge customized={template.customized} />
              <span>
                {template.customized && template.updatedAt
                  ? `Changed ${formatRelativeTime(template.updatedAt)}`
                  : 'FleetClaims’ default text is in use.'}
              </span>
              {dirty && (
                <span className="font-medium text-amber-700" role="status">
                  Unsaved changes
                </span>
              )}
            </div>
            <FieldBlock name="subject" label="Subject">
              {(field) => (
                <>
                  <FormControl>
                    <Input
                      {...field}
                      ref={fieldRef('subject', field.ref)}
                      onFocus={() => setTarget('subject')}
                      spellCheck
                    />
                  </FormControl>
                </>
              )}
            </FieldBlock>
            <PlaceholderList
              placeholders={template.placeholders}
              targetLabel={FIELD_LABELS[target]}
              onInsert={insertPlaceholder}
            />
            <FieldBlock
              name="html"
              label="HTML body"
              description="For mail programs that show formatting. Placeholder values are escaped, so they cannot add markup."
            >
              {(field) => (
                <>
                  <FormControl>
                    <Textarea
                      {...field}
                      ref={fieldRef('html', field.ref)}
                      onFocus={() => setTarget('html')}
                      rows={16}
                      spellCheck={false}
                      className={monospace}
                    />
                  </FormControl>
                </>
              )}
            </FieldBlock>
            <FieldBlock
              name="text"
              label="Text body"
              description="For mail programs that show plain text only."
            >
              {(field) => (
                <>
                  <FormControl>
                    <Textarea
                      {...field}
                      ref={fieldRef('text', field.ref)}
                      onFocus={() => setTarget('text')}
                      rows={10}
                      className={monospace}
                    />
                  </FormControl>
                </>
              )}
            </FieldBlock>
          </form>
        </Form>
        <div className="xl:sticky xl:top-20 xl:self-start">
          <EmailPreview
            rendered={preview.data}
            updating={preview.isFetching || draft !== previewed}
            invalid={!renderable}
            error={preview.error}
          />
        </div>
      </div>

      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={setConfirmingReset}
        title={`Reset “${template.name}” to the default?`}
        description="The subject and both bodies go back to FleetClaims’ default text, and your version is deleted. This cannot be undone."
        confirmLabel="Reset to default"
        destructive
        pending={reset.isPending}
        onConfirm={onReset}
      />
      <ConfirmDialog
        open={guard.pending !== null}
        onOpenChange={(open) => !open && guard.stay()}
        title="Discard your changes?"
        description={`You changed “${template.name}” but did not save it. If you leave now, your changes are lost.`}
        confirmLabel="Discard changes"
        destructive
        onConfirm={guard.confirmLeave}
      />
    </Page>
  );
}
