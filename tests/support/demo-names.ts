import { demoCalendar, monthName } from '../../server/src/seed/demo-calendar';
import { receivedInvoiceNumbers } from '../../server/src/seed/received-invoices';

/**
 * The names of demo files that tests look for, for a demo seeded today: they follow the day of
 * seeding (server/src/seed/demo-calendar.ts), and a test run stays within one day in Paris
 * (decision 062). The days are those of the documents' and inbox's seeds.
 */
export function demoFileNames(now = new Date()) {
  const calendar = demoCalendar(now);
  const month = (daysAgo: number) => calendar.periods(daysAgo).previousMonth;
  return {
    /** The three VAT returns, newest first. */
    vatReturns: [8, 39, 70].map((daysAgo) => `Déclaration de TVA - ${month(daysAgo)}.pdf`),
    /** « Octobre 2026 »: the month of the latest payslips (Marie Dupont's and Paul Lemoine's). */
    payslipMonth: month(20),
    balanceSheet: `Bilan ${calendar.periods(190).previousYear}.pdf`,
    taxReturn: `Liasse fiscale ${calendar.periods(189).previousYear}.pdf`,
    /** Last month's bank statement, deposited and filed by the firm. */
    filedStatement: `Relevé bancaire - ${month(16)}.pdf`,
    /** The purchases deposited in Garage Dupont & Fils's inbox. */
    garagePurchases: `Factures fournisseurs - ${monthName(calendar.day(5))}.pdf`,
    /** The supplier invoices received: Atelier Lumière's, the mill's and the energy bill's numbers. */
    received: receivedInvoiceNumbers(calendar),
  };
}
