import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import type { z } from 'zod';

/** A list's query schema from `src/shared` (or a `.pick()` of it): one zod object of address values. */
export type UrlFilterSchema = z.ZodObject<z.ZodRawShape>;

/** What a control can change; `undefined`, `''` or an empty list removes the key from the address. */
export type UrlFilterChange<Schema extends UrlFilterSchema> = Partial<z.output<Schema>>;

export type UrlFiltersOptions = {
  /** The filters: what makes the list "filtered" and what "Clear filters" removes. Default: every key but the position keys. */
  filterKeys?: readonly string[];
  /** Where the list is (page, cursor…): dropped on any change that does not set one of them. Default: `page`. */
  positionKeys?: readonly string[];
  /** Tidies the address after a change: by default it drops `page=1`. */
  tidy?: (params: URLSearchParams) => URLSearchParams;
  /** Each change a step of the history that Back undoes (tabs), rather than replacing the address (typing). */
  pushHistory?: boolean;
};

const DEFAULT_POSITION_KEYS = ['page'] as const;

function dropFirstPage(params: URLSearchParams) {
  if (params.get('page') === '1') params.delete('page');
  return params;
}

/**
 * One key of the address, parsed by its own field of the schema so that one bad value loses only
 * itself: a malformed value falls back to the field's default (or nothing), and of a repeated key the
 * valid values are kept, each once. Empty strings count as absent.
 */
function readField(field: z.ZodType, values: string[]): unknown {
  const parsed = (value: unknown) => {
    const result = field.safeParse(value);
    return result.success ? result.data : undefined;
  };
  if (values.length > 1) {
    const kept = [...new Set(values.flatMap((value) => [parsed(value) ?? []].flat()))];
    return kept.length > 0 ? kept : parsed(undefined);
  }
  const value = parsed(values[0] === '' ? undefined : values[0]);
  return value === '' ? undefined : (value ?? parsed(undefined));
}

/** Reads every key of the schema from the address. */
export function readUrlFilters<Schema extends UrlFilterSchema>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    values[key] = readField(field as z.ZodType, params.getAll(key));
  }
  return values as z.output<Schema>;
}

/** Writes a change into a copy of the address; arrays become repeated keys. */
export function writeUrlFilters(previous: URLSearchParams, change: Record<string, unknown>) {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(change)) {
    next.delete(key);
    if (Array.isArray(value)) for (const item of value) next.append(key, String(item));
    else if (value !== undefined && value !== '') next.set(key, String(value));
  }
  return next;
}

/**
 * A list's search, filters and page live in the address (`/users?search=dana&role=manager&page=2`), so a
 * filtered list can be bookmarked, shared and reloaded, and Back undoes a filter. The address is parsed
 * with the list's shared query schema; unknown or malformed values are ignored rather than sent to the
 * server. A change goes back to the first page; the history is replaced, not grown, while typing.
 */
export function useUrlFilters<Schema extends UrlFilterSchema>(
  schema: Schema,
  options: UrlFiltersOptions = {},
) {
  const { positionKeys = DEFAULT_POSITION_KEYS, tidy = dropFirstPage, pushHistory = false } = options;
  const replace = !pushHistory;
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readUrlFilters(schema, params), [schema, params]);
  const filterKeys = useMemo(
    () => options.filterKeys ?? Object.keys(schema.shape).filter((key) => !positionKeys.includes(key)),
    // The options are constants of a screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schema],
  );

  const setFilter = useCallback(
    (change: UrlFilterChange<Schema>) => {
      setParams(
        (previous) => {
          const next = writeUrlFilters(previous, change);
          if (!positionKeys.some((key) => key in change)) for (const key of positionKeys) next.delete(key);
          return tidy(next);
        },
        { replace },
      );
    },
    [setParams, positionKeys, tidy, replace],
  );

  /** Replaces the position keys (a page, or a cursor and where it starts), keeping the filters. */
  const goTo = useCallback(
    (position: Record<string, string | number | undefined>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of positionKeys) next.delete(key);
          return tidy(writeUrlFilters(next, position));
        },
        { replace },
      );
    },
    [setParams, positionKeys, tidy, replace],
  );

  const clearFilters = useCallback(
    () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of [...filterKeys, ...positionKeys]) next.delete(key);
          return tidy(next);
        },
        { replace },
      ),
    [setParams, filterKeys, positionKeys, tidy, replace],
  );

  const record = filter as Record<string, unknown>;
  const activeKeys = filterKeys.filter((key) => record[key] !== undefined);
  return { filter, params, setFilter, goTo, clearFilters, filtered: activeKeys.length > 0, activeKeys };
}

/** The query string of a list request: empty values are left out, lists become repeated keys. */
export function listSearchParams(values: Record<string, unknown>): URLSearchParams {
  return writeUrlFilters(new URLSearchParams(), values);
}
