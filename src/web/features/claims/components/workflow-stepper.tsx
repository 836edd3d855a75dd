import { CheckIcon, PauseIcon, SearchIcon, XIcon } from 'lucide-react';
import type { StatusHistoryEntry } from '@shared/claims';
import { STATUS_LABELS, WORKFLOW_PATH, type ClaimStatus, type Workflow } from '@shared/workflows';

import { cn } from '../../../lib/utils';

/** Statuses off the main path, and how the stepper shows them. */
const SIDE_STATES: Partial<Record<ClaimStatus, { tone: 'paused' | 'review' | 'stopped'; verb: string }>> = {
  on_hold: { tone: 'paused', verb: 'Paused at' },
  supplement_review: { tone: 'review', verb: 'Raised during' },
  declined: { tone: 'stopped', verb: 'Declined at' },
  total_loss: { tone: 'stopped', verb: 'Declared a total loss at' },
  cancelled: { tone: 'stopped', verb: 'Stopped at' },
};

/** Where a side state always branches off, when the history is not loaded yet. */
const FIXED_BRANCH: Partial<Record<ClaimStatus, ClaimStatus>> = {
  supplement_review: 'in_repair',
  declined: 'authorization_pending',
};

const TONES = {
  paused: 'border-orange-300 bg-orange-50 text-orange-900',
  review: 'border-violet-300 bg-violet-50 text-violet-900',
  stopped: 'border-destructive/30 bg-destructive/10 text-destructive',
} as const;

const MARKER_TONES = {
  paused: 'border-orange-500 bg-orange-500 text-white',
  review: 'border-violet-600 bg-violet-600 text-white',
  stopped: 'border-destructive bg-destructive text-white',
} as const;

const MARKER_ICONS = { paused: PauseIcon, review: SearchIcon, stopped: XIcon } as const;

type StepState = 'done' | 'current' | 'skipped' | 'upcoming';

const STATE_WORDS: Record<StepState, string> = {
  done: 'done',
  current: 'current step',
  skipped: 'skipped',
  upcoming: 'not reached yet',
};

/**
 * The main-path status the claim is at or last left from. A side state (on hold, cancelled…) has none of its
 * own: it is shown at the step the claim left, found in the history (newest first).
 */
export function pathAnchor(
  workflow: Workflow,
  status: ClaimStatus,
  history: readonly StatusHistoryEntry[] | undefined,
): ClaimStatus | null {
  const path = WORKFLOW_PATH[workflow];
  if (path.includes(status)) return status;
  for (const entry of [...(history ?? [])].reverse()) {
    if (path.includes(entry.toStatus)) return entry.toStatus;
  }
  return FIXED_BRANCH[status] ?? null;
}

function stepStates(
  path: readonly ClaimStatus[],
  anchor: ClaimStatus | null,
  history: readonly StatusHistoryEntry[] | undefined,
): StepState[] {
  const current = anchor ? path.indexOf(anchor) : -1;
  // Steps the claim went through; a claim closed after a total loss never went through the repair steps.
  const reached = history ? new Set(history.map((entry) => entry.toStatus)) : null;
  return path.map((step, index) => {
    if (index === current) return 'current';
    if (index > current) return 'upcoming';
    return !reached || reached.has(step) ? 'done' : 'skipped';
  });
}

/**
 * The claim's workflow as a row of steps (a column on narrow screens): done steps ticked, the current one
 * marked, and a side state (on hold, supplement, declined, total loss, cancelled) shown at the step where
 * the claim left the main path, with a line saying so.
 */
export function WorkflowStepper({
  workflow,
  status,
  history,
}: {
  workflow: Workflow;
  status: ClaimStatus;
  history: readonly StatusHistoryEntry[] | undefined;
}) {
  const path = WORKFLOW_PATH[workflow];
  const side = SIDE_STATES[status];
  const anchor = pathAnchor(workflow, status, history);
  const states = stepStates(path, anchor, history);
  // The last step (closed) reached is done, not in progress.
  const finished = status === path.at(-1);

  return (
    <div className="grid gap-4">
      {side && (
        <p className={cn('rounded-md border px-3 py-2 text-sm', TONES[side.tone])}>
          <span className="font-semibold">{STATUS_LABELS[status]}</span>
          {anchor && (
            <>
              {' · '}
              {side.verb} {STATUS_LABELS[anchor]}
            </>
          )}
        </p>
      )}
      <ol
        aria-label={`${workflow === 'collision' ? 'Collision' : 'Mechanical'} workflow`}
        className="grid md:flex"
      >
        {path.map((step, index) => {
          const state = states[index]!;
          const marked = state === 'current' && side;
          const Icon = marked ? MARKER_ICONS[side.tone] : CheckIcon;
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              className="relative flex h-9 items-center gap-3 md:h-auto md:flex-1 md:flex-col md:gap-1.5 md:text-center"
            >
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-[-18px] left-[13px] h-9 w-0.5 md:top-[13px] md:right-1/2 md:left-auto md:h-0.5 md:w-full',
                    state === 'done' || state === 'current' ? 'bg-primary' : 'bg-border',
                    state === 'skipped' &&
                      'bg-transparent border-muted-foreground/40 border-l-2 border-dashed md:border-t-2 md:border-l-0',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={cn(
                  'bg-card relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold [&_svg]:size-3.5',
                  (state === 'done' || (finished && state === 'current')) &&
                    'border-primary bg-primary text-primary-foreground',
                  state === 'current' &&
                    !marked &&
                    !finished &&
                    'border-primary text-primary ring-primary/20 ring-4',
                  marked && cn(MARKER_TONES[side.tone], 'ring-4 ring-current/15'),
                  state === 'skipped' && 'border-muted-foreground/40 text-muted-foreground border-dashed',
                  state === 'upcoming' && 'border-border text-muted-foreground',
                )}
              >
                {state === 'done' || marked || (finished && state === 'current') ? <Icon /> : index + 1}
              </span>
              <span
                className={cn(
                  'text-sm leading-tight md:px-1 md:text-xs',
                  state === 'current' ? 'font-semibold' : 'text-muted-foreground',
                  state === 'skipped' && 'line-through',
                )}
              >
                {STATUS_LABELS[step]}
                <span className="sr-only">, {marked ? STATUS_LABELS[status] : STATE_WORDS[state]}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
