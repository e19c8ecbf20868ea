import { desc, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vatRates } from '../../db/schema/index.ts';

/** The VAT rate in force on a date, in basis points (the dated table `vat_rates`). */
export async function vatRateOn(db: Db, isoDate: string): Promise<number> {
  const [row] = await db
    .select({ rate: vatRates.rateBasisPoints })
    .from(vatRates)
    .where(lte(vatRates.effectiveFrom, isoDate))
    .orderBy(desc(vatRates.effectiveFrom))
    .limit(1);
  if (!row) throw new Error(`no VAT rate in force on ${isoDate}`);
  return row.rate;
}
