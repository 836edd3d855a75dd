import { Badge } from '../../../components/ui/badge';

/** Whether a company, location or facility is in use. */
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
