import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Loader2Icon, LocateFixedIcon, MapPinIcon, XIcon } from 'lucide-react';
import type { DriverReportForm } from '@shared/driver-reports';

import { Optional, TextField } from '../../../components/form-fields';
import { Button } from '../../../components/ui/button';

/** Six decimals are about 10 cm: more than a phone knows. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

const canLocate = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/**
 * The phone's position, offered and never required: "Use my location" asks the browser once; a refusal or no fix
 * says so and the typed place is enough.
 */
function LocationButton() {
  const form = useFormContext<DriverReportForm>();
  const latitude = useWatch({ control: form.control, name: 'latitude' });
  const [status, setStatus] = useState<'idle' | 'locating' | 'unavailable'>('idle');
  const error = form.formState.errors.latitude?.message;

  const set = (latitude: number | null, longitude: number | null) => {
    form.setValue('latitude', latitude, { shouldDirty: true });
    form.setValue('longitude', longitude, { shouldDirty: true });
    form.clearErrors('latitude');
  };

  const locate = () => {
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        set(round(position.coords.latitude), round(position.coords.longitude));
        setStatus('idle');
      },
      () => setStatus('unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="grid gap-2" aria-live="polite">
      {latitude != null ? (
        <div className="bg-muted/50 flex items-center justify-between gap-2 rounded-md border px-3 py-2">
          <span className="flex items-center gap-2 text-sm font-medium">
            <MapPinIcon aria-hidden="true" className="text-success size-4" />
            Location added
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => set(null, null)}>
            <XIcon aria-hidden="true" />
            Remove location
          </Button>
        </div>
      ) : (
        canLocate() && (
          <Button
            type="button"
            variant="outline"
            className="h-11 w-full sm:w-auto sm:justify-self-start"
            onClick={locate}
            disabled={status === 'locating'}
          >
            {status === 'locating' ? (
              <Loader2Icon aria-hidden="true" className="animate-spin" />
            ) : (
              <LocateFixedIcon aria-hidden="true" />
            )}
            {status === 'locating' ? 'Finding your location…' : 'Use my location'}
          </Button>
        )
      )}
      {status === 'unavailable' && latitude == null && (
        <p className="text-muted-foreground text-sm">
          Your location was not available. Say where it happened above instead.
        </p>
      )}
      {error && <p className="text-destructive text-sm">{error}</p>}
    </div>
  );
}

/** Where it happened: a typed place, and the phone's position if the driver adds it. */
export function LocationField() {
  return (
    <div className="grid gap-3">
      <TextField
        name="place"
        label={
          <>
            Where did it happen?
            <Optional />
          </>
        }
        placeholder="Street, town, or car park"
        autoComplete="off"
        className="h-11"
      />
      <LocationButton />
    </div>
  );
}
