/**
 * The toast store: `toast()` from anywhere, one toast at a time. The Radix component that shows it
 * is in toaster.tsx, so pages that load it later (the worker pages) can call `toast()` at once.
 */

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  duration?: number;
}
interface ToastItem extends ToastInput {
  id: number;
}

// One toast at a time (docs/product.md "Defaults and other constants"): a new toast replaces the visible one.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput) {
  current = { ...input, id: nextId++ };
  emit();
}
export function dismissToast() {
  current = null;
  emit();
}
export const subscribeToast = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const currentToast = () => current;
