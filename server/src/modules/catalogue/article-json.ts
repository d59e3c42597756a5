import { sql } from 'drizzle-orm';

/**
 * The whole catalogue of a company as one JSON text built by Postgres, in the order of ART-8: for
 * the environment, where mapping 10 000 rows in JavaScript (then serialising them twice) cost
 * more than the query. Same shape as toApiArticle; tests/api/environment.test.ts holds both to
 * equality with GET /api/items. json_agg keeps the order of its sorted subquery (Postgres never
 * aggregates JSON in parallel), so the sort key stays out of the JSON.
 */
export function catalogueJsonQuery(companyId: number) {
  return sql<{ json: string }>`select coalesce(json_agg(t), '[]')::text as "json" from (
    select i.id, i.code, i.type, i.designation, i.label, i.label64,
      coalesce(i.sales_account, '') as "salesAccount",
      case when i.unit_measurement is null then null else json_build_object('label', i.unit_measurement) end as "unitMeasurement",
      i.unit_price_ht::float8 as "unitPriceHT", i.vat_rate::float8 as "vatRate", i.ttc::float8 as "ttc",
      i.unit_price_ht::float8 as "ht", i.type_purchase_sale as "typePurchaseSale"
    from items i where i.company_id = ${companyId}
    order by i.sort_key collate "C", i.id) t`;
}
