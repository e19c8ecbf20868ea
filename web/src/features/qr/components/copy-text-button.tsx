import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.ts';
import { COPY_FEEDBACK_MS } from '../lib/qr-print.ts';

/** Copies a text to the clipboard; the button reads "Copied!" for 2 s afterwards (docs/product.md "QR print"). */
export function CopyTextButton({ text, disabled }: { text: string; disabled?: boolean }) {
  const { t } = useTranslation('qr');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({ title: t('print.copyFailed'), variant: 'destructive' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  return (
    <>
      <Button variant="secondary" onClick={() => void copy()} disabled={disabled} className="shrink-0 print:hidden">
        <span aria-hidden>{copied ? '✓' : '⧉'}</span>
        {copied ? t('print.copied') : t('print.copy')}
      </Button>
      <span role="status" className="sr-only">
        {copied ? t('print.copied') : ''}
      </span>
    </>
  );
}
