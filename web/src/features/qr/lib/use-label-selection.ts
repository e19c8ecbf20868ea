import { useMemo, useState } from 'react';
import type { Room } from '#contract/rooms.ts';
import { floorPrefixes, labelsPerPage, selectUnits, type LabelLayout, type LabelSelection } from './label-layout.ts';

export type LabelMode = LabelSelection['mode'];

/**
 * Which units get a label (all, a floor prefix, or picked one by one from a searchable list) and
 * on which sheet layout; what that selects, and how many pages it prints.
 */
export function useLabelSelection(units: Room[]) {
  const [mode, setMode] = useState<LabelMode>('all');
  const [prefix, setPrefix] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [search, setSearch] = useState('');
  const [layout, setLayout] = useState<LabelLayout>('avery');

  const selected = useMemo(() => {
    const selection: LabelSelection = mode === 'prefix' ? { mode, prefix } : mode === 'picked' ? { mode, ids: picked } : { mode };
    return selectUnits(units, selection);
  }, [units, mode, prefix, picked]);
  const prefixes = useMemo(() => floorPrefixes(units), [units]);
  const listed = useMemo(() => {
    const q = search.trim().toLocaleLowerCase();
    return selectUnits(units, { mode: 'all' }).filter((u) => !q || u.number.toLocaleLowerCase().includes(q));
  }, [units, search]);

  const togglePicked = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pickShown = () => setPicked((prev) => new Set([...prev, ...listed.map((u) => u.id)]));
  const clearPicked = () => setPicked(new Set());

  return {
    total: units.length,
    mode,
    setMode,
    prefix,
    setPrefix,
    prefixes,
    picked,
    togglePicked,
    pickShown,
    clearPicked,
    search,
    setSearch,
    listed,
    layout,
    setLayout,
    selected,
    pages: Math.ceil(selected.length / labelsPerPage(layout)),
  };
}
export type LabelSelectionState = ReturnType<typeof useLabelSelection>;
