import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MapShopRequest,
  ShopMapping,
  SyncLog,
  TekmetricSettings,
  TestConnectionResult,
  UpdateTekmetricSettings,
} from '@shared/tekmetric';
import type { RepairFacility } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';

/** Every Tekmetric query lives under this key. */
const TEKMETRIC_KEY = ['/api/tekmetric'] as const;

const getJson = async <T>(url: string): Promise<T> => (await (await apiRequest('GET', url)).json()) as T;

export const tekmetricSettingsQuery = () =>
  queryOptions({
    queryKey: [...TEKMETRIC_KEY, 'settings'],
    queryFn: () => getJson<TekmetricSettings>('/api/tekmetric/settings'),
  });

export function useTekmetricSettings() {
  return useQuery(tekmetricSettingsQuery());
}

export function useSaveTekmetricSettings() {
  const client = useQueryClient();
  return useMutation<TekmetricSettings, Error, UpdateTekmetricSettings>({
    mutationFn: async (body) =>
      (await (await apiRequest('PUT', '/api/tekmetric/settings', body)).json()) as TekmetricSettings,
    onSuccess: (settings) => client.setQueryData(tekmetricSettingsQuery().queryKey, settings),
  });
}

export function useTestTekmetricConnection() {
  return useMutation<TestConnectionResult, Error, void>({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/tekmetric/test-connection')).json()) as TestConnectionResult,
  });
}

export const shopMappingsQuery = () =>
  queryOptions({
    queryKey: [...TEKMETRIC_KEY, 'mappings'],
    queryFn: () => getJson<ShopMapping[]>('/api/tekmetric/mappings'),
  });

export function useShopMappings() {
  return useQuery(shopMappingsQuery());
}

export function useMapShop() {
  const client = useQueryClient();
  return useMutation<ShopMapping[], Error, MapShopRequest>({
    mutationFn: async (body) =>
      (await (await apiRequest('PUT', '/api/tekmetric/mappings', body)).json()) as ShopMapping[],
    onSuccess: (mappings) => {
      client.setQueryData(shopMappingsQuery().queryKey, mappings);
      // The facilities' Tekmetric shop id changed.
      void client.invalidateQueries({ queryKey: ['/api/repair-facilities'] });
    },
  });
}

/** Mechanical shops (and both-kind ones) to map a Tekmetric shop to: the first hundred by name. */
export function useMappableFacilities() {
  return useQuery({
    queryKey: ['/api/repair-facilities', 'tekmetric-mapping'],
    queryFn: async () => {
      const page = await getJson<{ items: RepairFacility[] }>(
        '/api/repair-facilities?active=true&pageSize=100',
      );
      return page.items.filter((facility) => facility.kind !== 'collision');
    },
  });
}

/** The sync log; looked at again every 2 s while a sync waits or runs. */
export function useSyncLog() {
  return useQuery({
    queryKey: [...TEKMETRIC_KEY, 'sync-log'],
    queryFn: () => getJson<SyncLog>('/api/tekmetric/sync-log'),
    refetchInterval: (query) => (query.state.data?.syncInProgress ? 2000 : false),
  });
}

export function useSyncNow() {
  const client = useQueryClient();
  return useMutation<{ queued: boolean; message: string }, Error, void>({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/tekmetric/sync')).json()) as {
        queued: boolean;
        message: string;
      },
    onSuccess: () => client.invalidateQueries({ queryKey: [...TEKMETRIC_KEY, 'sync-log'] }),
  });
}
