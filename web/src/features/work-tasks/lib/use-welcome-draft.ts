import { useEffect, useState } from 'react';
import { keepDraft, recallDraft, welcomeDraftKey } from '#web/lib/worker-memory.ts';

/**
 * The name typed on a unit's welcome step survives a reload (docs/product.md "Working without
 * signal", "It remembers the worker"); before anything is typed, `initial` (the remembered name).
 */
export function useWelcomeDraft(roomId: string, initial: () => string) {
  const [name, setName] = useState(() => {
    const draft = recallDraft<{ name: string }>(welcomeDraftKey(roomId));
    return typeof draft?.name === 'string' ? draft.name : initial();
  });
  useEffect(() => keepDraft(welcomeDraftKey(roomId), { name }), [roomId, name]);
  /** Once work started, the name is in the address and in the phone's memory: the draft goes. */
  const forget = () => keepDraft(welcomeDraftKey(roomId), null);
  return [name, setName, forget] as const;
}
