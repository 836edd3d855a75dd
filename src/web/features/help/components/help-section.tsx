import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { ChevronRightIcon } from 'lucide-react';

/** One how-to section of the Help page; `id` is its #anchor. */
export type HelpTopic = { id: string; title: string; icon: LucideIcon; body: ReactNode };

/** Readable long-form text without a typography plugin. */
export const helpProseClass =
  'text-foreground/90 text-[15px]/7 [&_p]:mt-3 [&_p:first-child]:mt-0 [&_ul]:mt-3 [&_ol]:mt-3 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:space-y-1.5 [&_ol]:space-y-1.5 [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:pl-1 [&_li::marker]:text-muted-foreground [&_strong]:text-foreground [&_strong]:font-semibold [&_h3]:mt-5 [&_h3]:font-semibold [&_h3]:text-foreground [&_kbd]:bg-muted [&_kbd]:rounded [&_kbd]:border [&_kbd]:px-1 [&_kbd]:text-[0.85em] [&_a]:text-primary [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-4 [&_a]:rounded-sm [&_a]:outline-none [&_a:focus-visible]:ring-[3px] [&_a:focus-visible]:ring-ring/50';

export function HelpSection({ topic }: { topic: HelpTopic }) {
  const Icon = topic.icon;
  return (
    <section
      id={topic.id}
      aria-labelledby={`${topic.id}-heading`}
      className="scroll-mt-20 border-t pt-8 first:border-t-0 first:pt-0"
    >
      <h2 id={`${topic.id}-heading`} className="flex items-center gap-3 text-xl font-semibold tracking-tight">
        <span
          aria-hidden="true"
          className="bg-primary/10 text-primary flex size-9 shrink-0 items-center justify-center rounded-lg [&_svg]:size-[18px]"
        >
          <Icon />
        </span>
        {topic.title}
      </h2>
      <div className={`${helpProseClass} mt-4`}>{topic.body}</div>
    </section>
  );
}

/** A workflow's path as a row of steps, read in order by screen readers. */
export function StatusFlow({ label, steps }: { label: string; steps: string[] }) {
  return (
    <ol
      aria-label={label}
      className="mt-3! flex list-none! flex-wrap items-center gap-x-1 gap-y-2 space-y-0! pl-0!"
    >
      {steps.map((step, index) => (
        <li key={step} className="flex items-center gap-1 pl-0!">
          <span className="bg-card rounded-md border px-2 py-0.5 text-[13px] font-medium whitespace-nowrap">
            {step}
          </span>
          {index < steps.length - 1 && (
            <ChevronRightIcon aria-hidden="true" className="text-muted-foreground size-3.5 shrink-0" />
          )}
        </li>
      ))}
    </ol>
  );
}
