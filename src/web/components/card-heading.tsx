import type { ReactNode } from 'react';

import { CardAction, CardDescription, CardHeader, CardTitle } from './ui/card';

/**
 * A card's heading: its title as an h2 (`id` for the card's `aria-labelledby`), what the card holds, and an
 * action at its end (a button). The one header every card writes, instead of CardHeader › CardTitle › h2 again.
 */
export function CardHeading({
  id,
  title,
  titleClassName,
  description,
  action,
  actionClassName,
}: {
  id?: string;
  title: ReactNode;
  titleClassName?: string;
  description?: ReactNode;
  action?: ReactNode;
  actionClassName?: string;
}) {
  return (
    <CardHeader>
      <CardTitle>
        <h2 id={id} className={titleClassName}>
          {title}
        </h2>
      </CardTitle>
      {description && <CardDescription>{description}</CardDescription>}
      {action && <CardAction className={actionClassName}>{action}</CardAction>}
    </CardHeader>
  );
}
