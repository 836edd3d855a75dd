import { useId, useMemo, useState } from 'react';
import { ChevronsUpDownIcon } from 'lucide-react';
import type { ControllerRenderProps } from 'react-hook-form';
import { canonicalTimeZone, timeZoneChoices, type TimeZoneChoice } from '@shared/time-zones';

import { FieldBlock } from '../../../components/form-fields';
import { FormControl } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useListNavigation } from '../../../hooks/use-list-navigation';

/** "America/New_York" and "new york" alike: lower case, the name's separators as spaces. */
const searchable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_/\s]+/g, ' ')
    .trim();

/** What an option reads, and its accessible name: "America/Chicago — Chicago". */
const timeZoneLabel = ({ zone, city }: TimeZoneChoice) => `${zone} — ${city}`;

/**
 * The zones whose name or city holds `query` ("Chicago", "new york", "america/den"), those whose city starts
 * with it first; every zone for an empty query or for a zone already chosen (the list opened on it).
 */
function matchTimeZones(query: string): readonly TimeZoneChoice[] {
  const wanted = searchable(query);
  const all = timeZoneChoices();
  if (!wanted || all.some(({ zone }) => zone === query.trim())) return all;
  const found = all.filter(({ zone, city }) => searchable(`${zone} ${city}`).includes(wanted));
  const cityFirst = (choice: TimeZoneChoice) => (searchable(choice.city).startsWith(wanted) ? 0 : 1);
  return found.sort((a, b) => cityFirst(a) - cityFirst(b));
}

/**
 * The zone a text left in the field stands for, taken when the field is left: a zone typed out (any case, or
 * another name of it), or the one zone whose city it names. Null when it names none, or several.
 */
function zoneTyped(text: string): string | null {
  const named = canonicalTimeZone(text);
  if (named) return named;
  const wanted = searchable(text);
  const cities = timeZoneChoices().filter(({ city }) => searchable(city) === wanted);
  return cities.length === 1 ? cities[0]!.zone : null;
}

/**
 * An editable combobox (WAI-ARIA 1.2, list autocomplete) over `timeZoneChoices()`: typing filters the list
 * by zone and city, ↑/↓ move, Enter or Tab chooses, Escape closes; the list is the one the server accepts.
 */
function TimeZoneCombobox({
  name,
  value,
  inputRef,
  onChange,
  onBlur,
  placeholder,
}: Pick<ControllerRenderProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  inputRef: ControllerRenderProps['ref'];
  placeholder: string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const text = typeof value === 'string' ? value : '';
  const matches = useMemo(() => (open ? matchTimeZones(text) : []), [open, text]);

  const choose = (choice: TimeZoneChoice) => {
    onChange(choice.zone);
    setOpen(false);
  };
  const navigation = useListNavigation({
    items: matches,
    open,
    onChoose: choose,
    onClose: () => setOpen(false),
  });
  /** Opens the list on the zone chosen, if any. */
  const openList = () => {
    const current = timeZoneChoices().findIndex(({ zone }) => zone === text.trim());
    navigation.setActiveIndex(Math.max(current, 0));
    setOpen(true);
  };
  const activeId = open && navigation.activeIndex >= 0 ? `${listId}-${navigation.activeIndex}` : undefined;

  return (
    <div className="relative sm:max-w-96">
      <FormControl>
        <Input
          ref={inputRef}
          name={name}
          value={text}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={placeholder}
          className="pr-8"
          onChange={(event) => {
            onChange(event.target.value);
            navigation.setActiveIndex(0);
            setOpen(true);
          }}
          onClick={() => {
            if (!open) openList();
          }}
          onKeyDown={(event) => {
            if (!open && event.key === 'ArrowDown') {
              event.preventDefault();
              openList();
              return;
            }
            navigation.onKeyDown(event);
          }}
          onBlur={(event) => {
            setOpen(false);
            const zone = zoneTyped(event.target.value);
            if (zone && zone !== event.target.value) onChange(zone);
            onBlur();
          }}
        />
      </FormControl>
      <ChevronsUpDownIcon
        className="text-muted-foreground pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2"
        aria-hidden="true"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Time zones"
        hidden={!open}
        className="bg-popover text-popover-foreground absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border p-1 shadow-md"
      >
        {matches.map((choice, index) => (
          <li
            key={choice.zone}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === navigation.activeIndex}
            ref={(element) => {
              if (element && index === navigation.activeIndex) element.scrollIntoView?.({ block: 'nearest' });
            }}
            className="aria-selected:bg-accent aria-selected:text-accent-foreground cursor-pointer rounded-sm px-2 py-1.5 text-sm"
            // mousedown, not click: the input keeps focus, so its blur does not close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(choice);
            }}
            onMouseMove={() => navigation.setActiveIndex(index)}
          >
            {timeZoneLabel(choice)}
          </li>
        ))}
        {open && matches.length === 0 && (
          <li role="presentation" className="text-muted-foreground px-2 py-1.5 text-sm">
            No time zone matches “{text.trim()}”. Try the nearest large city.
          </li>
        )}
      </ul>
    </div>
  );
}

/**
 * A company's IANA time zone, searched by city or name and chosen from the list the server accepts (one list,
 * `timeZoneChoices()`). Left empty on a new company, the server's DEFAULT_TIME_ZONE applies.
 */
export function TimeZoneField({ isNew }: { isNew: boolean }) {
  return (
    <FieldBlock
      name="timeZone"
      label="Time zone"
      description="Its days start and its times print in this zone: the claim PDF, reports and their emails. Type a city, e.g. Chicago, and choose its zone."
    >
      {({ ref, name, value, onChange, onBlur }) => (
        <TimeZoneCombobox
          inputRef={ref}
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          placeholder={isNew ? 'The server’s time zone' : 'Search by city'}
        />
      )}
    </FieldBlock>
  );
}
