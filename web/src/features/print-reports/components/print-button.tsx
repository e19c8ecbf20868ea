import { Button } from '#web/components/ui/button.tsx';

/** "Print / save as PDF": the browser's print dialog, where "Save as PDF" is one of the printers. Not printed itself. */
export function PrintButton({ label, disabled }: { label: string; disabled?: boolean }) {
  return (
    <Button className="print:hidden" onClick={() => window.print()} disabled={disabled} data-testid="print-button">
      {label}
    </Button>
  );
}
