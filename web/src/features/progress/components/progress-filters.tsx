import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';

/** A floor filter value: 'all', 'none' (units without a floor) or the floor's number. */
export type FloorFilter = string;

export function ProgressFilters({
  floors,
  floor,
  prefix,
  words,
  onFloor,
  onPrefix,
  onClear,
  onPrint,
}: {
  floors: (number | null)[];
  floor: FloorFilter;
  prefix: string;
  words: {
    floor: string;
    allFloors: string;
    floorName: (floor: number | null) => string;
    prefix: string;
    prefixHint: string;
    clear: string;
    print: string;
  };
  onFloor: (floor: FloorFilter) => void;
  onPrefix: (prefix: string) => void;
  onClear: () => void;
  onPrint: () => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_2fr_auto_auto] sm:items-end print:hidden">
      <SelectField label={words.floor} value={floor} onChange={(e) => onFloor(e.target.value)}>
        <option value="all">{words.allFloors}</option>
        {floors.map((f) => (
          <option key={f ?? 'none'} value={f === null ? 'none' : String(f)}>
            {words.floorName(f)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={words.prefix}
        hint={words.prefixHint}
        type="search"
        value={prefix}
        autoComplete="off"
        onChange={(e) => onPrefix(e.target.value)}
      />
      <Button variant="secondary" onClick={onClear} disabled={floor === 'all' && prefix === ''}>
        {words.clear}
      </Button>
      <Button variant="secondary" onClick={onPrint}>
        <span aria-hidden>⎙</span>
        {words.print}
      </Button>
    </div>
  );
}
