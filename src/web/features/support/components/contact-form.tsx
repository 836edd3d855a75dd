import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckBigIcon, Loader2Icon, SendIcon } from 'lucide-react';
import type { z } from 'zod';
import { useForm, type DefaultValues, type UseFormRegister } from 'react-hook-form';
import {
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  contactRequestSchema,
  type ContactRequest,
} from '@shared/support';

import { EmailAddressField, FieldBlock, Optional, TextField } from '../../../components/form-fields';
import { Button } from '../../../components/ui/button';
import { Form, FormControl } from '../../../components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSubmitContactMutation } from '../api/submit-contact';

export type ContactTopic = (typeof CONTACT_TOPICS)[number];

const CONTACT_FIELDS = ['name', 'email', 'company', 'phone', 'topic', 'message'] as const;

const emptyForm = (topic: ContactTopic | undefined): DefaultValues<ContactRequest> => ({
  name: '',
  email: '',
  company: '',
  phone: '',
  // Left unset unless the link that brought the visitor here chose it: the form then asks.
  topic,
  message: '',
  website: '',
});

/**
 * A spam trap: people never see or reach this field, form-filling bots do and fill it. The server accepts
 * such a message without storing it.
 */
function Honeypot({ register }: { register: UseFormRegister<ContactRequest> }) {
  return (
    <div aria-hidden="true" className="absolute top-auto -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor="contact-website">Leave this field empty</label>
      <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
    </div>
  );
}

function SentView({ message, onAnother }: { message: string; onAnother: () => void }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
      <div
        aria-hidden="true"
        className="bg-success/10 text-success flex size-12 items-center justify-center rounded-full [&_svg]:size-6"
      >
        <CircleCheckBigIcon />
      </div>
      <h2 className="text-xl font-semibold tracking-tight">Message sent</h2>
      <p className="text-muted-foreground max-w-sm text-balance">{message}</p>
      <Button variant="outline" className="mt-2" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}

/** The public contact form of /support (`POST /api/contact`), validated with the server's own schema. */
export function ContactForm({ initialTopic }: { initialTopic?: ContactTopic | undefined }) {
  const mutation = useSubmitContactMutation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ContactRequest, unknown, z.output<typeof contactRequestSchema>>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: emptyForm(initialTopic),
  });

  const onSubmit = (values: ContactRequest) =>
    mutation.mutate(values, {
      onSuccess: ({ message }) => {
        setSent(message);
        form.reset(emptyForm(initialTopic));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          toast({ variant: 'destructive', title: 'Too many messages', description: error.message });
          return;
        }
        if (applyFieldErrors(error, form.setError, CONTACT_FIELDS)) return;
        toast({ variant: 'destructive', title: 'Could not send your message', description: error.message });
      },
    });

  if (sent !== null) return <SentView message={sent} onAnother={() => setSent(null)} />;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="relative grid gap-5">
        <div className="grid items-start gap-5 sm:grid-cols-2 sm:gap-4">
          <TextField name="name" label="Name" autoComplete="name" />
          <EmailAddressField name="email" label="Email" autoComplete="email" placeholder="you@company.com" />
          <TextField
            name="company"
            label={
              <>
                Company
                <Optional />
              </>
            }
            autoComplete="organization"
          />
          <TextField
            name="phone"
            label={
              <>
                Phone
                <Optional />
              </>
            }
            type="tel"
            autoComplete="tel"
          />
        </div>
        <FieldBlock name="topic" label="Topic">
          {(field) => (
            <>
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full" onBlur={field.onBlur}>
                    <SelectValue placeholder="What is it about?" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {CONTACT_TOPICS.map((topic) => (
                    <SelectItem key={topic} value={topic}>
                      {CONTACT_TOPIC_LABELS[topic]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </>
          )}
        </FieldBlock>
        <FieldBlock
          name="message"
          label="Message"
          description="For a demo: roughly how many vehicles and locations you run. For help: what you were doing and what happened."
        >
          {(field) => (
            <>
              <FormControl>
                <Textarea rows={6} className="min-h-32" {...field} />
              </FormControl>
            </>
          )}
        </FieldBlock>
        <Honeypot register={form.register} />
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={mutation.isPending}
        >
          {mutation.isPending ? (
            <>
              <Loader2Icon className="animate-spin" aria-hidden="true" />
              Sending…
            </>
          ) : (
            <>
              <SendIcon aria-hidden="true" />
              Send message
            </>
          )}
        </Button>
      </form>
    </Form>
  );
}
