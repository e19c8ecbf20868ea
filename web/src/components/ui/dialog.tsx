import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from '#web/lib/i18n-react.tsx';

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
  dismissible = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /**
   * false: Escape and a click outside do not close it, and it has no × — only its own buttons do
   * (for what is shown once and must not be lost by a stray click).
   */
  dismissible?: boolean;
}) {
  const keepOpen = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  const { t } = useTranslation('common');
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          onEscapeKeyDown={keepOpen}
          onInteractOutside={keepOpen}
          className={`fixed inset-0 z-50 m-auto h-fit max-h-[90vh] w-[calc(100vw-2rem)] overflow-y-auto rounded-xl bg-white p-5 shadow-xl ${wide ? 'max-w-2xl' : 'max-w-md'}`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            {dismissible && (
              <RadixDialog.Close
                aria-label={t('actions.close')}
                className="min-h-11 min-w-11 rounded-md text-2xl leading-none text-slate-500 hover:bg-slate-100"
              >
                ×
              </RadixDialog.Close>
            )}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
