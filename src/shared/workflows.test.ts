import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  canTransition,
  CLAIM_STATUSES,
  isOpenStatus,
  openStatusesOf,
  statusesOf,
  STATUS_LABELS,
  STATUS_SORT_ORDER,
  WORKFLOW_PATH,
} from './workflows.js';

describe('repair workflows', () => {
  it.each(['collision', 'mechanical'] as const)('lets a %s claim walk its whole main path', (workflow) => {
    const path = WORKFLOW_PATH[workflow];
    for (let i = 0; i < path.length - 1; i++)
      expect(canTransition(workflow, path[i]!, path[i + 1]!)).toBe(true);
  });

  it('refuses skipping steps and going backwards on the main path', () => {
    expect(canTransition('collision', 'reported', 'approved')).toBe(false);
    expect(canTransition('collision', 'in_repair', 'parts_ordered')).toBe(false);
    expect(canTransition('mechanical', 'reported', 'authorized')).toBe(false);
  });

  it('handles collision supplements and total loss', () => {
    expect(allowedTransitions('collision', 'in_repair')).toEqual([
      'supplement_review',
      'quality_check',
      'on_hold',
      'cancelled',
    ]);
    expect(canTransition('collision', 'supplement_review', 'in_repair')).toBe(true);
    expect(canTransition('collision', 'estimate_review', 'total_loss')).toBe(true);
    expect(canTransition('collision', 'approved', 'total_loss')).toBe(true);
    expect(canTransition('collision', 'parts_ordered', 'total_loss')).toBe(false);
    expect(allowedTransitions('collision', 'total_loss')).toEqual(['closed']);
  });

  it('handles mechanical declines', () => {
    expect(allowedTransitions('mechanical', 'authorization_pending')).toEqual([
      'authorized',
      'declined',
      'on_hold',
      'cancelled',
    ]);
    expect(allowedTransitions('mechanical', 'declined')).toEqual(['diagnosis', 'cancelled']);
  });

  it('puts any open claim on hold and brings it back only to where it was', () => {
    expect(canTransition('collision', 'parts_ordered', 'on_hold')).toBe(true);
    expect(allowedTransitions('collision', 'on_hold', 'parts_ordered')).toEqual([
      'parts_ordered',
      'cancelled',
    ]);
    expect(canTransition('mechanical', 'on_hold', 'in_repair', 'diagnosis')).toBe(false);
  });

  it('ends at closed and cancelled', () => {
    expect(allowedTransitions('collision', 'closed')).toEqual([]);
    expect(allowedTransitions('mechanical', 'cancelled')).toEqual([]);
    expect(allowedTransitions('collision', 'completed')).toEqual(['closed']);
  });

  it('keeps each workflow to its own statuses, every one labelled', () => {
    expect(statusesOf('mechanical')).not.toContain('estimate_review');
    expect(statusesOf('mechanical').slice(0, 4)).toEqual([
      'reported',
      'diagnosis',
      'authorization_pending',
      'declined',
    ]);
    expect(statusesOf('collision').slice(-4)).toEqual(['completed', 'closed', 'cancelled', 'total_loss']);
    expect(statusesOf('collision')).not.toContain('diagnosis');
    expect(STATUS_LABELS.estimate_pending).toBe('Awaiting estimate');
    expect(STATUS_LABELS.authorization_pending).toBe('Authorization requested');
    for (const workflow of ['collision', 'mechanical'] as const) {
      for (const from of statusesOf(workflow)) {
        for (const to of allowedTransitions(workflow, from, 'reported'))
          expect(statusesOf(workflow)).toContain(to);
      }
    }
  });

  it('orders the open statuses as work flows, side states after where they branch off, on hold last', () => {
    expect(openStatusesOf('collision')).toEqual([
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
    expect(openStatusesOf('mechanical')).toEqual([
      'reported',
      'diagnosis',
      'authorization_pending',
      'declined',
      'authorized',
      'in_repair',
      'ready_for_pickup',
      'on_hold',
    ]);
    for (const workflow of ['collision', 'mechanical'] as const) {
      expect([...openStatusesOf(workflow)].sort()).toEqual(statusesOf(workflow).filter(isOpenStatus).sort());
    }
  });

  it('sorts every status once, each workflow in its own work order, open before finished', () => {
    expect([...STATUS_SORT_ORDER].sort()).toEqual([...CLAIM_STATUSES].sort());
    for (const workflow of ['collision', 'mechanical'] as const) {
      const own = new Set(statusesOf(workflow));
      expect(STATUS_SORT_ORDER.filter((status) => own.has(status))).toEqual(statusesOf(workflow));
    }
    const firstFinished = STATUS_SORT_ORDER.findIndex((status) => !isOpenStatus(status));
    expect(STATUS_SORT_ORDER.slice(firstFinished).every((status) => !isOpenStatus(status))).toBe(true);
  });
});
