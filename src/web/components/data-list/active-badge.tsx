import { Badge } from '../ui/badge';

/** Whether a record (a user, a company, a location, a facility) is in use. */
export function ActiveBadge({ active }: { active: boolean }) {
  if (!active)
    return (
      <Badge variant="outline" className="text-muted-foreground">
        Inactive
      </Badge>
    );
  return (
    <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
      Active
    </Badge>
  );
}
