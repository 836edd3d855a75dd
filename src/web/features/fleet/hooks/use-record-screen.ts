import type { UseQueryResult } from '@tanstack/react-query';

import type { ListPage } from '../../../components/data-list';
import { FLEET_PAGE_SIZE, type FleetListFilter } from '../api/list-filter';
import { useRecordActivation, type ActivationMutation } from '../components/record-activation';
import type { FleetRecord } from '../components/record-list';
import { useFleetListFilter, type ExtraFilter } from './use-fleet-list-filter';
import { useRecordSelection } from './use-record-selection';

/**
 * Everything a fleet list screen (companies, locations, repair facilities) keeps: its filters in the
 * address, the page, the record open in the sheet (fresh from the server), the one being edited and the
 * (de)activation with its confirmation; and the props the toolbar, the frame and the sheet take from them.
 */
export function useRecordScreen<T extends FleetRecord>({
  extras,
  useList,
  useDetail,
  mutation,
  noun,
  whatStays,
  canManage,
}: {
  extras?: readonly [ExtraFilter];
  useList: (filter: FleetListFilter) => UseQueryResult<ListPage<T>>;
  useDetail: (id: string | undefined, shown?: T) => UseQueryResult<T>;
  mutation: ActivationMutation;
  noun: string;
  whatStays: string;
  canManage: boolean;
}) {
  const { filter, setFilter, clearFilters, filtered } = useFleetListFilter(extras);
  const query = useList(filter);
  const activation = useRecordActivation<T>({ mutation, noun, whatStays });
  const { setOpened, editing, setEditing, shown, onAction } = useRecordSelection<T>(
    query.data?.items,
    activation.request,
  );
  const detail = useDetail(shown?.id, shown ?? undefined);

  return {
    filter,
    setFilter,
    editing,
    closeEditor: () => setEditing(null),
    confirmation: activation.confirmation,
    toolbar: { filter, filtered, onChange: setFilter, onClear: clearFilters },
    frame: {
      query,
      pageSize: FLEET_PAGE_SIZE,
      filtered,
      onClear: clearFilters,
      onPageChange: (page: number) => setFilter({ page }),
    },
    list: { onAction: canManage ? onAction : null, onOpen: setOpened },
    sheet: {
      shown,
      detail: detail.data,
      loadError: detail.isError ? detail.error.message : null,
      onOpenChange: (open: boolean) => !open && setOpened(null),
      onEdit: canManage ? setEditing : undefined,
      onToggleActive: canManage ? activation.request : undefined,
    },
  };
}
