import { ReportsScreen } from '../components/reports-screen.tsx';

/** /shortages-table (spec "Shortages table"). */
export default function ShortagesTablePage() {
  return <ReportsScreen kind="shortages" />;
}
