import { useState } from 'react';
import { CircleCheckIcon, CircleIcon, XIcon } from 'lucide-react';
import type { SetupStep } from '@shared/setup-checklist';
import { Link } from 'wouter';

import { Button } from '../../../components/ui/button';
import { CardHeading } from '../../../components/card-heading';
import { Card, CardContent } from '../../../components/ui/card';
import { createFormHref } from '../../../hooks/use-create-dialog-param';
import { useSetupChecklist } from '../api/get-setup-checklist';

/** Each step's link opens the form itself, not the list it belongs to (your details: Edit Profile's). */
const STEPS: Record<SetupStep, { todo: string; done: string; why: string; href: string }> = {
  profile: {
    todo: 'Add your name and email',
    done: 'Your name and email added',
    why: 'Password reset links and mentions reach you by email.',
    href: '/profile',
  },
  company: {
    todo: 'Add a company',
    done: 'Company added',
    why: 'The fleet you repair vehicles for: claims belong to its vehicles.',
    href: createFormHref('/companies'),
  },
  location: {
    todo: 'Add a location',
    done: 'Location added',
    why: 'Where the company’s vehicles are based.',
    href: createFormHref('/locations'),
  },
  facility: {
    todo: 'Add a repair facility',
    done: 'Repair facility added',
    why: 'The body shop or mechanic that repairs the vehicles.',
    href: createFormHref('/repair-facilities'),
  },
  user: {
    todo: 'Invite a user',
    done: 'User invited',
    why: 'A manager or viewer who works on the claims with you.',
    href: createFormHref('/users'),
  },
  claim: {
    todo: 'Open your first claim',
    done: 'First claim opened',
    why: 'A damaged or broken-down vehicle, from intake to repair.',
    href: '/add-vehicle',
  },
};

/**
 * "Hide" is a choice of this person in this browser (like the sidebar's collapse): the checklist is a nudge,
 * not a state of the installation, and it goes away by itself everywhere once every step is done.
 */
const hiddenKey = (userId: string) => `fleetclaims.setup-checklist.hidden.${userId}`;

function readHidden(userId: string): boolean {
  try {
    return window.localStorage.getItem(hiddenKey(userId)) === 'true';
  } catch {
    return false; // storage can be disabled; the checklist then shows until done
  }
}

function writeHidden(userId: string) {
  try {
    window.localStorage.setItem(hiddenKey(userId), 'true');
  } catch {
    // Hidden for this visit only.
  }
}

export type SetupChecklistState = ReturnType<typeof useSetupChecklistState>;

/**
 * Whether the checklist shows (an administrator, not hidden, not all done) and its steps. The dashboard asks
 * it once, to show the checklist and to leave out its own "add a company / add a claim" hints meanwhile.
 */
export function useSetupChecklistState({ userId, enabled }: { userId: string; enabled: boolean }) {
  const [hidden, setHidden] = useState(() => readHidden(userId));
  const checklist = useSetupChecklist({ enabled: enabled && !hidden });
  const steps = checklist.data?.steps ?? [];
  const visible = enabled && !hidden && steps.some((row) => !row.done);
  return {
    visible,
    /** Still asking the server whether there is anything to show. */
    pending: enabled && !hidden && checklist.isPending,
    steps,
    hide: () => {
      writeHidden(userId);
      setHidden(true);
    },
  };
}

/**
 * A new installation's first steps on an administrator's dashboard, ticked from the data (the server looks),
 * each a link to the form that takes it. Gone once all are done, or when the administrator hides it.
 */
export function SetupChecklist({ state }: { state: SetupChecklistState }) {
  if (!state.visible) return null;
  const { steps } = state;
  const doneCount = steps.filter((row) => row.done).length;
  // The next step to take is the first not done: it gets the primary button.
  const next = steps.find((row) => !row.done)!.step;

  return (
    <Card role="region" aria-labelledby="setup-checklist-heading" className="gap-4">
      <CardHeading
        id="setup-checklist-heading"
        title="Set up FleetClaims"
        description={
          <>
            {doneCount} of {steps.length} steps done. Each step opens its form; the list ticks itself as you
            go.
          </>
        }
        action={
          <>
            <Button variant="ghost" size="sm" onClick={state.hide}>
              <XIcon aria-hidden="true" />
              Hide checklist
            </Button>
          </>
        }
      />
      <CardContent>
        <ol className="grid gap-1" aria-label="Setup steps">
          {steps.map(({ step, done }) => {
            const text = STEPS[step];
            return (
              <li key={step} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md py-1.5">
                {done ? (
                  <CircleCheckIcon aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
                ) : (
                  <CircleIcon aria-hidden="true" className="text-muted-foreground size-5 shrink-0" />
                )}
                {done ? (
                  <p className="text-muted-foreground text-sm">
                    {text.done}
                    <span className="sr-only"> (done)</span>
                  </p>
                ) : (
                  <>
                    <Button asChild size="sm" variant={step === next ? 'default' : 'outline'}>
                      <Link href={text.href}>{text.todo}</Link>
                    </Button>
                    <p className="text-muted-foreground min-w-0 flex-1 basis-48 text-sm">{text.why}</p>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
