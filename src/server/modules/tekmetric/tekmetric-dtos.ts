/** The shapes of Tekmetric's answers that FleetClaims reads (../shared/integrations/tekmetric-api.md), re-exported by tekmetric-client.ts. */

export interface TekmetricPage<T> {
  content: T[];
  last: boolean;
  number: number;
  totalPages: number;
  totalElements: number;
  size: number;
}

export interface TekmetricShopDto {
  id: number;
  name: string;
  nickname?: string | null;
  address?: { fullAddress?: string | null } | null;
}

export interface TekmetricJobDto {
  id: number;
  name: string;
  authorized: boolean | null;
  authorizedDate: string | null;
  selected?: boolean | null;
  note?: string | null;
  subtotal: number;
  partsTotal?: number;
  laborTotal?: number;
  feeTotal?: number;
  discountTotal?: number;
  sort?: number | null;
  /** Labour items: hours at a rate (cents per hour); api doc §5. */
  labor?: { id: number; name: string | null; rate: number; hours: number }[] | null;
  /** Parts: `retail` cents each × `quantity`. */
  parts?:
    | {
        id: number;
        name: string | null;
        brand?: string | null;
        partNumber?: string | null;
        quantity: number;
        retail: number;
      }[]
    | null;
  fees?: { id: number; name: string | null; total: number }[] | null;
  discounts?: { id: number; name: string | null; total: number }[] | null;
}

export interface TekmetricRepairOrderDto {
  id: number;
  repairOrderNumber: number | string | null;
  shopId: number;
  repairOrderStatus: { id: number; code?: string; name?: string } | null;
  vehicleId: number | null;
  customerId?: number | null;
  milesIn?: number | null;
  completedDate?: string | null;
  postedDate?: string | null;
  totalSales: number | null;
  amountPaid: number | null;
  jobs: TekmetricJobDto[] | null;
  customerConcerns?: { concern: string }[] | null;
  createdDate: string;
  updatedDate: string;
  deletedDate?: string | null;
}

export interface TekmetricVehicleDto {
  id: number;
  vin: string | null;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  unitNumber?: string | null;
}
