import { useRememberedFlag } from '../../../hooks/use-remembered-flag';

/**
 * The Claim Manager's compact columns, remembered per person in this browser (a way of looking at the board,
 * not a setting of the installation): off until chosen.
 */
export function useCompactColumns(userId: string) {
  return useRememberedFlag(`fleetclaims.claim-manager.compact-columns.${userId}`, false);
}
