import { describe, expect, it } from 'vitest';
import { boardStatuses } from './claim-board.js';
import { allowedTransitions, isOpenStatus, statusesOf, WORKFLOWS } from './workflows.js';

describe('board columns', () => {
  it('lays out each workflow in the order work flows, side states beside their source, on hold last', () => {
    expect(boardStatuses('collision')).toEqual([
      'reported',
      'estimate_pending',
      'estimate_review',
      'approved',
      'parts_ordered',
      'in_repair',
      'supplement_review',
      'quality_check',
      'ready_for_pickup',
      'on_hold',
    ]);
    expect(boardStatuses('mechanical')).toEqual([
      'reported',
      'diagnosis',
      'authorization_pending',
      'declined',
      'authorized',
      'in_repair',
      'ready_for_pickup',
      'on_hold',
    ]);
  });

  it.each(WORKFLOWS)(
    'has a %s column for every open status, so every open move lands on a column',
    (workflow) => {
      const columns = boardStatuses(workflow);
      expect([...columns].sort()).toEqual(statusesOf(workflow).filter(isOpenStatus).sort());
      for (const from of columns) {
        for (const to of allowedTransitions(workflow, from, 'reported').filter(isOpenStatus)) {
          expect(columns, `${from} → ${to}`).toContain(to);
        }
      }
    },
  );
});
