import { useRef } from 'react';
import type { TemporaryPassword } from '#contract/account.ts';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { toast } from './ui/toast.ts';

/** Selects the element's text, so the reader can copy it by hand when the page may not. */
function selectText(el: HTMLElement) {
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * Puts the text on the clipboard: the Clipboard API where the page may use it (a secure context),
 * else the older copy command on the selected text.
 */
async function copyText(text: string, el: HTMLElement): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): try the copy command below.
  }
  selectText(el);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * The temporary password an administrator just set, shown once (docs/product.md "Your own
 * account"): the username and the password to pass on, and what happens to the member now.
 */
export function TemporaryPasswordDialog({
  result,
  name,
  onClose,
}: {
  result: TemporaryPassword | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const passwordRef = useRef<HTMLElement>(null);
  const copy = async () => {
    if (!result || !passwordRef.current) return;
    const copied = await copyText(result.temporaryPassword, passwordRef.current);
    toast(
      copied
        ? { title: t('temporaryPassword.copied'), variant: 'success' }
        : { title: t('temporaryPassword.copyFailed'), variant: 'destructive' },
    );
  };
  return (
    <Dialog
      open={result !== null}
      onOpenChange={(o) => !o && onClose()}
      // Shown once: Escape or a stray click must not lose it (docs/product.md "Your own account").
      dismissible={false}
      title={t('temporaryPassword.title')}
      description={
        <>
          {t('temporaryPassword.for')} <bdi>{name}</bdi>
        </>
      }
    >
      {result && (
        <div className="space-y-4">
          <dl className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
            <div>
              <dt className="text-sm text-slate-700">{t('temporaryPassword.username')}</dt>
              <dd className="font-mono text-base break-all select-all" dir="ltr" data-testid="temporary-username">
                {result.username}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t('temporaryPassword.password')}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <code
                  ref={passwordRef}
                  className="font-mono text-lg font-semibold break-all select-all"
                  dir="ltr"
                  data-testid="temporary-password"
                >
                  {result.temporaryPassword}
                </code>
                <Button variant="secondary" onClick={() => void copy()}>
                  {t('temporaryPassword.copy')}
                </Button>
              </dd>
            </div>
          </dl>
          <p className="text-sm text-slate-800">{t('temporaryPassword.mustChange')}</p>
          <p className="text-sm text-slate-700">{t('temporaryPassword.once')}</p>
          <div className="flex justify-end">
            <Button onClick={onClose}>{t('temporaryPassword.done')}</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
