import { ReportsScreen } from '../components/reports-screen.tsx';

/** /measurements-table (docs/product.md "Shortages and measurements"): the shortages screen plus dimensions in mm. */
export default function MeasurementsTablePage() {
  return <ReportsScreen kind="measurements" />;
}
