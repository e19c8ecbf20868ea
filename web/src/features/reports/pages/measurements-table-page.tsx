import { ReportsScreen } from '../components/reports-screen.tsx';

/** /measurements-table (spec "Measurements table"): the shortages screen plus dimensions in mm. */
export default function MeasurementsTablePage() {
  return <ReportsScreen kind="measurements" />;
}
