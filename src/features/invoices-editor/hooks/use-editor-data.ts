// What the editors read from this device's copy (works offline): the invoice environment, the
// customers, the articles and the invoice list (Starter count, rule 15, credit note targets).
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { articlesData, customersData, environmentData, invoicesData } from '../../../data/datasets';
import type { PlumeEnvironment } from '../../../data/db';
import { useServerEnvironment, useServerRows, useTablesAge } from '../../../data/sync/use-server-rows';
import { useTablesOnOpen } from '../../../data/sync/use-tables-on-open';
import type { Article, Customer, Exercise } from '../../../domain/types';
import { currentCompanyAtom } from '../../../lib/session';
import type { CompanyFacts } from '../check-context';
import type { EnvCompany, InvoiceListRow } from '../types';

const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const DATASETS = [environmentData, customersData, articlesData, invoicesData];

export interface EditorData {
  companyId: number;
  environment: PlumeEnvironment | null | undefined;
  customers: Customer[];
  articles: Article[];
  invoices: InvoiceListRow[];
  exercises: Exercise[];
  company: EnvCompany | null;
  facts: CompanyFacts | null;
  meansOfPayment: string[];
  vatRates: number[];
  vatClauses: string[];
  units: string[];
  /** The sales journal a validation is booked in (environment.general.ledgers). */
  ledgerId: number | null;
  logo: string | null;
  fetchedAt: number | null | undefined;
  loading: boolean;
}

export function useEditorData(): EditorData {
  const current = useAtomValue(currentCompanyAtom);
  const { environment } = useServerEnvironment();
  const { rows: cachedCustomers } = useServerRows<Customer>(customersData);
  const { rows: cachedArticles } = useServerRows<Article>(articlesData);
  const { rows: invoices } = useServerRows<InvoiceListRow>(invoicesData);
  const fetchedAt = useTablesAge(DATASETS);
  useTablesOnOpen(DATASETS);
  return useMemo(() => {
    const inv = (environment?.invoice ?? {}) as Record<string, unknown>;
    // The environment carries customers and articles too: a device that only has it still works.
    const customers = cachedCustomers?.length ? cachedCustomers : arrayOf<Customer>(inv.customers);
    const articles = cachedArticles?.length ? cachedArticles : arrayOf<Article>(inv.items);
    const company = (environment?.company ?? null) as EnvCompany | null;
    // The sales journal ('VE', as the server defaults to), else the first one listed.
    const ledgers = arrayOf<{ id?: number; code?: string }>(environment?.general?.ledgers);
    const ledger = ledgers.find((l) => l?.code === 'VE') ?? ledgers[0];
    return {
      companyId: current?.id ?? 0,
      environment,
      customers,
      articles: articles.filter((a) => a && a.code),
      invoices: invoices ?? [],
      exercises: arrayOf<Exercise>(environment?.accounting?.exercises),
      company,
      facts:
        company ??
        (current
          ? {
              subscriptionInvoice: current.subscriptionInvoice,
              numberInvoiceValidateMonth: current.numberInvoiceValidateMonth,
            }
          : null),
      meansOfPayment: arrayOf<string>(inv.meansOfPayment).filter((m) => typeof m === 'string'),
      vatRates: arrayOf<number>(inv.vatRates).filter((r) => typeof r === 'number'),
      vatClauses: arrayOf<string>(inv.VAT_clauses).filter((c) => typeof c === 'string'),
      units: arrayOf<{ label?: string }>(inv.unitsMeasurement)
        .map((u) => u?.label ?? '')
        .filter(Boolean),
      ledgerId: typeof ledger?.id === 'number' ? ledger.id : null,
      logo: typeof inv.logo === 'string' ? inv.logo : null,
      fetchedAt,
      loading: environment === undefined || cachedCustomers === undefined || cachedArticles === undefined,
    };
  }, [current, environment, cachedCustomers, cachedArticles, invoices, fetchedAt]);
}
