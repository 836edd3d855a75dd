/** The filters and page of an admin list (Bug Reports, Contact Submissions); empty ones are left out. */
export type SupportListFilter<Status extends string> = {
  search?: string | undefined;
  status?: Status | undefined;
  page: number;
  pageSize?: number;
};

export const SUPPORT_PAGE_SIZE = 25;

export function supportListSearchParams(filter: SupportListFilter<string>): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.status) params.set('status', filter.status);
  params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize ?? SUPPORT_PAGE_SIZE));
  return params;
}

export type Paged<Item> = { items: Item[]; total: number; page: number; pageSize: number };
