// The spec's misspelled field names (payementMode, payementDelay, billingAdress, adress) are part
// of the wire: real clients send and read them. Everywhere else (domain types, screens, Dexie,
// columns) the English spelling is used (docs/glossary.md). These two functions are the only
// crossing, called where JSON enters or leaves: the API's request parsers and response mappers,
// and the app's fetches and outbox bodies. Top-level keys only: no wire object nests one of them.

export const WIRE_NAMES = {
  address: 'adress',
  paymentMode: 'payementMode',
  paymentDelay: 'payementDelay',
  billingAddress: 'billingAdress',
} as const;

type Names = typeof WIRE_NAMES;
type DomainName = keyof Names;
type WireName = Names[DomainName];
type DomainOf<W> = { [D in DomainName]: Names[D] extends W ? D : never }[DomainName];

/** A domain object's shape on the wire. */
export type ToWire<T> = { [K in keyof T as K extends DomainName ? Names[K] : K]: T[K] };
/** A wire object's shape in the domain. */
export type FromWire<T> = { [K in keyof T as K extends WireName ? DomainOf<K> : K]: T[K] };

const TO_WIRE = new Map<string, string>(Object.entries(WIRE_NAMES));
const FROM_WIRE = new Map<string, string>(Object.entries(WIRE_NAMES).map(([d, w]) => [w, d]));

function renamed(o: object, names: Map<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[names.get(k) ?? k] = v;
  return out;
}

/** The object as the wire spells it (spec names); other keys are kept as they are. */
export function toWire<T extends object>(o: T): ToWire<T> {
  return renamed(o, TO_WIRE) as ToWire<T>;
}

/** The object as the domain spells it; other keys are kept as they are. */
export function fromWire<T extends object>(o: T): FromWire<T> {
  return renamed(o, FROM_WIRE) as FromWire<T>;
}

function renamedDeep(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => renamedDeep(v, names));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[names.get(k) ?? k] = renamedDeep(v, names);
  return out;
}

/**
 * Any JSON answer in the domain's names, at every depth (the app's transports call it on every
 * answer): the four wire names are misspellings that mean nothing else, so renaming is always safe.
 */
export function fromWireDeep<T = unknown>(json: unknown): T {
  return renamedDeep(json, FROM_WIRE) as T;
}

/** The spec's endpoints whose bodies carry the misspelled names (customers, invoices, quotes). */
const SPEC_BODY_PATH = /^\/?(api\/)?(customers|invoices|estimates)(\/|\?|$)/;

/**
 * A request body as the wire spells it. Only for the spec's endpoints named above: elsewhere
 * "address" or "paymentMode" may be a field of its own and is sent as it is.
 */
export function bodyToWire(path: string, body: unknown): unknown {
  return SPEC_BODY_PATH.test(path) ? renamedDeep(body, TO_WIRE) : body;
}
