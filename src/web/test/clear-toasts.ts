import { act } from '@testing-library/react';

import { toast } from '../hooks/use-toast';

/**
 * The toast store lives at module level (as shadcn's does), so a toast from one test would still be open in
 * the next. With one toast at a time, adding a blank one and dismissing it closes whatever was showing.
 */
export function clearToasts() {
  act(() => toast({}).dismiss());
}
