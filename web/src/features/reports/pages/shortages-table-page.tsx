import { ReportsScreen } from '../components/reports-screen.tsx';

/** /shortages-table (docs/product.md "Shortages and measurements"). */
export default function ShortagesTablePage() {
  return <ReportsScreen kind="shortages" />;
}
