import { useRef, type ReactNode } from 'react';
import { CopyIcon } from 'lucide-react';

import { toast } from '../hooks/use-toast';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';

async function copyText(input: HTMLInputElement, text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (a plain-http address other than localhost): the selected text is copied the old way.
    input.select();
    return document.execCommand('copy');
  }
}

/**
 * A value to pass on by hand (a set-password link, a new API token): read-only, selected on focus, with a copy
 * button whose toast says what was copied or that the browser refused.
 */
export function CopyField({
  id,
  label,
  value,
  copyLabel,
  copied,
}: {
  id: string;
  label: ReactNode;
  value: string;
  /** The button's text: "Copy link". */
  copyLabel: string;
  /** The toast once copied: "Link copied" and what to do with it. */
  copied: { title: string; description: string };
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            const done = await copyText(input.current!, value);
            toast(
              done ? copied : { title: 'Copy it by hand', description: 'The browser did not allow copying.' },
            );
          }}
        >
          <CopyIcon aria-hidden="true" />
          {copyLabel}
        </Button>
      </div>
    </div>
  );
}
