import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Project = (value: unknown) => unknown;

/** Values written as they are: JSON.stringify writes them as zod would have after checking them. */
const PLAIN = new Set(['string', 'number', 'boolean', 'enum', 'literal', 'null']);

/**
 * A function keeping, of a value, what `schema` declares (an object's declared keys, an array's items, at any
 * depth, a record keyed by an enum), or null when some part of the schema is not one of the plain kinds it knows
 * (unions, transforms, records keyed by any string…): zod then checks and writes it.
 */
export function projection(schema: z.ZodType): Project | null {
  const def = schema._zod.def as { type: string } & Record<string, unknown>;
  if (PLAIN.has(def.type)) return (value) => value;
  if (def.type === 'nullable' || def.type === 'optional') {
    const inner = projection(def.innerType as z.ZodType);
    return inner && ((value) => (value === null || value === undefined ? value : inner(value)));
  }
  if (def.type === 'array') {
    const item = projection(def.element as z.ZodType);
    return item && ((value) => (Array.isArray(value) ? value.map(item) : value));
  }
  if (def.type === 'object') {
    const keys = Object.entries(def.shape as Record<string, z.ZodType>).map(
      ([key, field]) => [key, projection(field)] as const,
    );
    if (keys.some(([, field]) => !field)) return null;
    return (value) => {
      if (value === null || typeof value !== 'object') return value;
      const out: Record<string, unknown> = {};
      for (const [key, field] of keys) {
        const item = (value as Record<string, unknown>)[key];
        if (item !== undefined) out[key] = field!(item);
      }
      return out;
    };
  }
  if (def.type === 'record') {
    // A record keyed by an enum (the aging's buckets): zod writes every key of the enum, in its order.
    const keys = (def.keyType as z.ZodType)._zod.values;
    const field = projection(def.valueType as z.ZodType);
    if (!keys || !field || [...keys].some((key) => typeof key !== 'string')) return null;
    const list = [...keys] as string[];
    return (value) => {
      if (value === null || typeof value !== 'object') return value;
      const out: Record<string, unknown> = {};
      for (const key of list) {
        const item = (value as Record<string, unknown>)[key];
        if (item !== undefined) out[key] = field(item);
      }
      return out;
    };
  }
  return null;
}

/** In tests and development each answer is also checked against its schema's projection (below). */
const CHECKED = process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';

/**
 * The serializer of the hot read routes (the claims list and page, the dashboard, the poll every open browser sends,
 * the invoice list, the aging): their presenters build exactly what the schema declares, in its order, so the
 * answer is written as it is, with no copy and no check (issue 30). In tests and development every answer is also projected onto its schema — its declared keys at any depth,
 * in the schema's order, as zod's serializer writes them — and an answer whose text differs (a key the schema does
 * not declare, such as a column a presenter passed on, or keys in another order) throws, so a presenter that would
 * leak a field fails its route's tests. Zod checked every value before this (1.2 ms of 1.4 ms for 25 claims).
 * A schema with a part the projection does not know is serialized by zod as everywhere else.
 */
export const projectingSerializerCompiler: FastifySerializerCompiler<unknown> = (route) =>
  projectingSerializer(route, { checked: CHECKED });

/** The projecting serializer of a route, checking each answer or not. */
export function projectingSerializer(
  route: Parameters<FastifySerializerCompiler<unknown>>[0],
  { checked }: { checked: boolean },
) {
  const project = projection(route.schema as z.ZodType);
  if (!project) return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  if (!checked) return (data: unknown) => JSON.stringify(data);
  return (data: unknown) => {
    const written = JSON.stringify(project(data));
    if (JSON.stringify(data) !== written) {
      throw new Error(
        `${route.method} ${route.url}: the answer is not its schema's projection (a key it does not declare, or keys in another order)`,
      );
    }
    return written;
  };
}
