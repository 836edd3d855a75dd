import { useState } from 'react';
import { Settings2Icon } from 'lucide-react';

import { lazyDialog } from '../../../components/lazy-dialog';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';

// The form, its schema and its mutation load when the browser is idle after the board draws (issue 30's budget).
const StaleDaysForm = lazyDialog(
  () => import('./stale-days-form').then((m) => m.StaleDaysForm),
  () => true,
);

/**
 * The system setting behind the Claim Manager's stale highlighting, changed where its effect is seen. Only
 * for those who may change system settings (admins).
 */
export function StaleDaysSetting({ current, onSaved }: { current: number; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7">
          <Settings2Icon aria-hidden="true" />
          Change
          <span className="sr-only"> when a claim is stale and when its shop is quiet</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72">
        <StaleDaysForm
          key={String(open)}
          current={current}
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
