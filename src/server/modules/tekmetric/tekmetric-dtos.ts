import { z } from 'zod';

/**
 * The shapes of Tekmetric's answers that FleetClaims reads (../shared/integrations/tekmetric-api.md), re-exported
 * by tekmetric-client.ts. Every answer is parsed with these at the client (issue 28): a remote answering something
 * else (a proxy's error page, `shops` that is no list) is a failed request naming what was wrong, never a crash
 * further in. Fields FleetClaims does not read are dropped.
 */

const id = z.number().int();
const named = z.object({ id, name: z.string().nullable() });

export const tekmetricTokenSchema = z.object({
  access_token: z.string().min(1, 'no access_token'),
  scope: z.string().optional(),
  expires_in: z.number().optional(),
});

export const tekmetricShopSchema = z.object({
  id,
  name: z.string(),
  nickname: z.string().nullish(),
  address: z.object({ fullAddress: z.string().nullish() }).nullish(),
});
export type TekmetricShopDto = z.infer<typeof tekmetricShopSchema>;

export const tekmetricJobSchema = z.object({
  id,
  name: z.string(),
  authorized: z.boolean().nullable(),
  authorizedDate: z.string().nullable(),
  selected: z.boolean().nullish(),
  note: z.string().nullish(),
  subtotal: z.number(),
  partsTotal: z.number().optional(),
  laborTotal: z.number().optional(),
  feeTotal: z.number().optional(),
  discountTotal: z.number().optional(),
  sort: z.number().nullish(),
  /** Labour items: hours at a rate (cents per hour); api doc §5. */
  labor: z.array(named.extend({ rate: z.number(), hours: z.number() })).nullish(),
  /** Parts: `retail` cents each × `quantity`. */
  parts: z
    .array(
      named.extend({
        brand: z.string().nullish(),
        partNumber: z.string().nullish(),
        quantity: z.number(),
        retail: z.number(),
      }),
    )
    .nullish(),
  fees: z.array(named.extend({ total: z.number() })).nullish(),
  discounts: z.array(named.extend({ total: z.number() })).nullish(),
});
export type TekmetricJobDto = z.infer<typeof tekmetricJobSchema>;

export const tekmetricRepairOrderSchema = z.object({
  id,
  repairOrderNumber: z.union([z.number(), z.string()]).nullable(),
  shopId: id,
  repairOrderStatus: z.object({ id, code: z.string().optional(), name: z.string().optional() }).nullable(),
  vehicleId: id.nullable(),
  customerId: id.nullish(),
  milesIn: z.number().nullish(),
  completedDate: z.string().nullish(),
  postedDate: z.string().nullish(),
  totalSales: z.number().nullable(),
  amountPaid: z.number().nullable(),
  jobs: z.array(tekmetricJobSchema).nullable(),
  customerConcerns: z.array(z.object({ concern: z.string() })).nullish(),
  createdDate: z.string(),
  updatedDate: z.string(),
  deletedDate: z.string().nullish(),
});
export type TekmetricRepairOrderDto = z.infer<typeof tekmetricRepairOrderSchema>;

export const tekmetricVehicleSchema = z.object({
  id,
  vin: z.string().nullable(),
  year: z.number().nullish(),
  make: z.string().nullish(),
  model: z.string().nullish(),
  unitNumber: z.string().nullish(),
});
export type TekmetricVehicleDto = z.infer<typeof tekmetricVehicleSchema>;

export const tekmetricPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    last: z.boolean(),
    number: z.number().int(),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    size: z.number().int(),
  });
export interface TekmetricPage<T> {
  content: T[];
  last: boolean;
  number: number;
  totalPages: number;
  totalElements: number;
  size: number;
}
