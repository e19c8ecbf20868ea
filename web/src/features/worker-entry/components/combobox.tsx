import { useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

/** Big controls for gloved fingers on a small phone (targets ≥ 48 px, 18 px text). */
export const bigInput =
  'block w-full min-h-12 rounded-lg border-2 border-slate-500 bg-white px-3 py-2 text-lg text-slate-900 placeholder:text-slate-600 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-300 disabled:bg-slate-100';

interface ComboboxProps<T> extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'children'> {
  label: ReactNode;
  /** Icon beside the label, for workers who read little (decorative). */
  icon?: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly T[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onChoose: (option: T) => void;
  /** Accessible name of the suggestion list. */
  listLabel: string;
  /** Whether the list may show at all (e.g. hidden once the one match is chosen). */
  showList?: boolean;
  /** Text under the input, announced politely (matches found, selection, hints). */
  status?: ReactNode;
  hint?: ReactNode;
}

/**
 * An input with a suggestion list (the ARIA 1.2 combobox pattern): the list shows while the input
 * has focus, arrows move through it, Enter or a tap chooses, Escape closes. Options are tall rows
 * so a gloved finger hits the right one.
 */
export function Combobox<T>({
  label,
  icon,
  value,
  onValueChange,
  options,
  optionKey,
  renderOption,
  onChoose,
  listLabel,
  showList = true,
  status,
  hint,
  ...inputProps
}: ComboboxProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && showList && options.length > 0;

  const choose = (option: T) => {
    onChoose(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative space-y-1">
      <label htmlFor={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon && (
          <span aria-hidden className="text-2xl leading-none">
            {icon}
          </span>
        )}
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={[status ? statusId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
        autoComplete="off"
        className={bigInput}
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-base text-slate-700">
          {hint}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        className="max-h-80 overflow-y-auto rounded-lg border-2 border-slate-400 bg-white shadow-lg"
      >
        {expanded &&
          options.map((option, i) => (
            <li
              key={optionKey(option)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keep focus in the input so the tap is not lost to its blur.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              className={`flex min-h-12 cursor-pointer items-center gap-3 border-b border-slate-200 px-3 py-2 text-lg last:border-b-0 ${i === active ? 'bg-blue-100' : 'hover:bg-slate-100'}`}
            >
              {renderOption(option)}
            </li>
          ))}
      </ul>
      <div id={statusId} aria-live="polite" className="min-h-6 text-base">
        {status}
      </div>
    </div>
  );
}
