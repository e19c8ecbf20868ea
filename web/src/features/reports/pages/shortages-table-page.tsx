import { ExportButtons } from '#web/components/export-buttons.tsx';
import { ReportsScreen } from '../components/reports-screen.tsx';

/** /shortages-table (docs/product.md "Shortages and measurements"), with its export ("Exports"). */
export default function ShortagesTablePage() {
  return (
    <ReportsScreen
      kind="shortages"
      actions={(f) => <ExportButtons path="/api/shortages/export" filters={{ search: f.search, status: f.status }} />}
    />
  );
}
