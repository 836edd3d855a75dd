import type { ShopMapping, TekmetricShop } from '@shared/tekmetric';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../hooks/use-toast';
import { useMapShop, useMappableFacilities } from '../api/tekmetric-api';

const NONE = 'none';

type ShopRow = { id: string; name: string | null; detail: string | null; facilityId: string | null };

/** The shops of the last test (in the credentials' scope) and those already mapped, once each. */
function shopRows(shops: TekmetricShop[] | null, mappings: ShopMapping[]): ShopRow[] {
  const rows: ShopRow[] = (shops ?? []).map((shop) => ({
    id: shop.id,
    name: shop.name,
    detail: [shop.nickname, shop.address].filter(Boolean).join(' · ') || null,
    facilityId: mappings.find((mapping) => mapping.shopId === shop.id)?.facility.id ?? null,
  }));
  for (const mapping of mappings) {
    if (!rows.some((row) => row.id === mapping.shopId))
      rows.push({ id: mapping.shopId, name: null, detail: null, facilityId: mapping.facility.id });
  }
  return rows;
}

function FacilitySelect({ row }: { row: ShopRow }) {
  const facilities = useMappableFacilities();
  const map = useMapShop();
  const label = `Repair facility for Tekmetric shop ${row.name ?? row.id}`;
  return (
    <Select
      value={row.facilityId ?? NONE}
      disabled={map.isPending || facilities.isPending}
      onValueChange={(value) =>
        map.mutate(
          { shopId: row.id, facilityId: value === NONE ? null : value },
          {
            onSuccess: (mappings) => {
              const facility = mappings.find((mapping) => mapping.shopId === row.id)?.facility;
              toast({
                title: facility ? 'Shop mapped' : 'Shop unmapped',
                description: facility
                  ? `Repair orders of shop ${row.id} now sync for ${facility.name}.`
                  : `Repair orders of shop ${row.id} no longer sync.`,
              });
            },
            onError: (error) =>
              toast({ variant: 'destructive', title: 'Could not map the shop', description: error.message }),
          },
        )
      }
    >
      <SelectTrigger className="w-full sm:w-72" aria-label={label}>
        <SelectValue placeholder="Not mapped" />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NONE}>Not mapped</SelectItem>
        {(facilities.data ?? []).map((facility) => (
          <SelectItem key={facility.id} value={facility.id}>
            {facility.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Each Tekmetric shop ↔ the FleetClaims repair facility whose claims its repair orders become. */
export function ShopsCard({ shops, mappings }: { shops: TekmetricShop[] | null; mappings: ShopMapping[] }) {
  const rows = shopRows(shops, mappings);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Shops</h2>
        </CardTitle>
        <CardDescription>
          Repair orders of a shop sync only once it is mapped to a repair facility (mechanical or both).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No shop yet: test the connection to list the shops that granted FleetClaims access.
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Tekmetric shop</TableHead>
                <TableHead>Repair facility</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="align-top whitespace-normal">
                    <div className="font-medium">{row.name ?? `Shop ${row.id}`}</div>
                    <div className="text-muted-foreground text-xs">
                      #{row.id}
                      {row.detail && ` · ${row.detail}`}
                    </div>
                  </TableCell>
                  <TableCell>
                    <FacilitySelect row={row} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {shops === null && rows.length > 0 && (
          <p className="text-muted-foreground mt-3 text-sm">
            Test the connection to list every shop in scope.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
