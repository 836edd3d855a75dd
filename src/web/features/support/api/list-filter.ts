import { listSearchParams } from '../../../components/data-list';

/** The filters and page of an admin list (Bug Reports, Contact Submissions); empty ones are left out. */
export type SupportListFilter<Status extends string> = {
  search?: string | undefined;
  status?: Status | undefined;
  page: number;
  pageSize?: number;
};

export const SUPPORT_PAGE_SIZE = 25;

export function supportListSearchParams(filter: SupportListFilter<string>): URLSearchParams {
  const { search, status, page, pageSize = SUPPORT_PAGE_SIZE } = filter;
  return listSearchParams({ search, status, page, pageSize });
}

export type Paged<Item> = { items: Item[]; total: number; page: number; pageSize: number };
