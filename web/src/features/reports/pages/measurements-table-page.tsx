import { ExportButtons } from '#web/components/export-buttons.tsx';
import { ReportsScreen } from '../components/reports-screen.tsx';

/**
 * /measurements-table (docs/product.md "Shortages and measurements"): the shortages screen plus
 * dimensions in mm, with its export ("Exports").
 */
export default function MeasurementsTablePage() {
  return (
    <ReportsScreen
      kind="measurements"
      actions={(f) => <ExportButtons path="/api/measurements/export" filters={{ search: f.search, status: f.status }} />}
    />
  );
}
