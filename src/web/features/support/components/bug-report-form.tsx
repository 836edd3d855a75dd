import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { BugIcon, Loader2Icon } from 'lucide-react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { BUG_SEVERITIES, bugReportRequestSchema } from '@shared/support';

import { TextField, FieldBlock } from '../../../components/form-fields';
import { Button } from '../../../components/ui/button';
import { Form, FormControl, FormDescription } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { cameFromUrl } from '../../../lib/navigation-history';
import { useCreateBugReportMutation } from '../api/create-bug-report';
import { SEVERITY_LABELS } from './support-badges';

/** What the reporter writes; the page and browser are added by the app. */
const bugReportFormSchema = bugReportRequestSchema.pick({ title: true, description: true, severity: true });
type BugReportForm = z.input<typeof bugReportFormSchema>;

const BUG_FIELDS = ['title', 'description', 'severity'] as const;

const SEVERITY_HINTS: Record<(typeof BUG_SEVERITIES)[number], string> = {
  low: 'A typo, or something that looks off',
  medium: 'Something is wrong, but there is a way around it',
  high: 'Part of my work is blocked',
  critical: 'I cannot work at all, or data looks wrong or lost',
};

/** The severity starts unchosen, so the reporter thinks about it. */
const emptyForm = (): DefaultValues<BugReportForm> => ({ title: '', description: '', severity: undefined });

/** Shown, not edited: sent with the report so an administrator can reproduce the problem. */
function CapturedField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {/* A text area, so a long address or browser string wraps instead of hiding its end. */}
      <Textarea
        id={id}
        value={value}
        readOnly
        rows={1}
        className="bg-muted/50 text-muted-foreground min-h-0 resize-none font-mono text-xs break-all md:text-xs"
      />
    </div>
  );
}

/** "Report a bug" on /help (`POST /api/bug-reports`): title, what happened and how bad it is. */
export function BugReportForm() {
  const mutation = useCreateBugReportMutation();
  // Captured once, when the form appears: the page the user came from, and their browser.
  const [context] = useState(() => ({ pageUrl: cameFromUrl(), browser: navigator.userAgent }));
  const form = useForm<BugReportForm, unknown, z.output<typeof bugReportFormSchema>>({
    resolver: zodResolver(bugReportFormSchema),
    defaultValues: emptyForm(),
  });
  const severity = useWatch({ control: form.control, name: 'severity' });

  const onSubmit = (values: BugReportForm) =>
    mutation.mutate(
      { ...values, ...context },
      {
        onSuccess: () => {
          form.reset(emptyForm());
          toast({
            title: 'Bug report sent',
            description: 'Thank you. An administrator will look into it.',
          });
        },
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, BUG_FIELDS)) return;
          toast({ variant: 'destructive', title: 'Could not send the report', description: error.message });
        },
      },
    );

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        className="grid gap-5"
        aria-label="Report a bug"
      >
        <div className="grid items-start gap-5 sm:grid-cols-[minmax(0,1fr)_14rem] sm:gap-4">
          <TextField
            name="title"
            label="Title"
            placeholder="e.g. The claim search finds nothing for a plate number"
          />
          <FieldBlock name="severity" label="Severity">
            {(field) => (
              <>
                <Select value={field.value ?? ''} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger className="w-full" onBlur={field.onBlur}>
                      <SelectValue placeholder="How bad is it?" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {BUG_SEVERITIES.map((severity) => (
                      <SelectItem key={severity} value={severity}>
                        {SEVERITY_LABELS[severity]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormDescription>
                  {severity ? SEVERITY_HINTS[severity] : 'How much it gets in your way'}
                </FormDescription>
              </>
            )}
          </FieldBlock>
        </div>
        <FieldBlock
          name="description"
          label="What happened?"
          description="What you did, what you expected, and what happened instead. Include a claim number if one was involved."
        >
          {(field) => (
            <>
              <FormControl>
                <Textarea rows={5} className="min-h-28" {...field} />
              </FormControl>
            </>
          )}
        </FieldBlock>
        <fieldset className="grid gap-4 rounded-lg border border-dashed p-4">
          <legend className="text-muted-foreground px-1 text-sm">Sent with your report</legend>
          <CapturedField label="Page" value={context.pageUrl} />
          <CapturedField label="Browser" value={context.browser} />
        </fieldset>
        <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <BugIcon aria-hidden="true" />
          )}
          Send report
        </Button>
      </form>
    </Form>
  );
}
