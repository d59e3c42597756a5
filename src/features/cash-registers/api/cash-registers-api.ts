// One function per endpoint of the cash registers' contract (src/contract/cash-registers.ts).
// Reads go through the datasets (cash-registers-data.ts); the two changes of a day (movements,
// closing) go through the outbox, so a tablet without network keeps them until it is back.
import { api } from '../../../contract/index';
import type { Journal, MovementType, Register, VerifyReport } from '../../../contract/cash-registers';
import { call, callRaw, queued } from '../../../data/api-call';
import { submitMutation } from '../../../data/outbox';
import { formatDate } from '../../../domain/format';
import { CLOSE_KIND, MOVEMENTS_KIND, type CountDetail, type QueuedMovement } from '../cash-model';

export type { Journal, MovementEntry, MovementType, Register, VerifyReport } from '../../../contract/cash-registers';

export const fetchRegisters = (companyId: number, signal?: AbortSignal): Promise<Register[]> =>
  call(api.cashRegisters.list, { companyId, options: { signal } });

export const fetchMovementTypes = (companyId: number, id: number, signal?: AbortSignal): Promise<MovementType[]> =>
  call(api.cashRegisters.typeOfMovement, { params: { id }, companyId, options: { signal } });

export const fetchHistory = (
  companyId: number,
  uuid: string,
  dateStart: string,
  dateEnd: string,
  signal?: AbortSignal,
): Promise<{ register: Omit<Register, 'today'>; days: Journal[] }> =>
  call(api.cashRegisters.history, { params: { uuid }, query: { dateStart, dateEnd }, companyId, options: { signal } });

export const fetchReceipt = (companyId: number, uuid: string, sha256: string, signal?: AbortSignal) =>
  call(api.cashRegisters.receipt, { params: { uuid, sha256 }, companyId, options: { signal } }) as Promise<Blob>;

export const fetchVerifyReport = (companyId: number, uuid: string): Promise<VerifyReport> =>
  call(api.cashRegisters.verify, { params: { uuid }, query: {}, companyId });

export const fetchChain = (companyId: number, uuid: string) =>
  call(api.cashRegisters.chain, { params: { uuid }, query: {}, companyId });

export const fetchArchive = (companyId: number, uuid: string, dateStart: string, dateEnd: string) =>
  callRaw(api.cashRegisters.archive, { params: { uuid }, query: { dateStart, dateEnd }, companyId });

const docKey = (uuid: string) => `cashRegister:${uuid}`;

/** Movements added to an open day (PUT the day's update link), through the outbox. */
export const submitMovements = (
  companyId: number,
  register: { uuid: string; label: string },
  day: string,
  movements: QueuedMovement[],
) =>
  submitMutation<Journal>({
    ...queued(api.cashRegisters.updateDay, { params: { uuid: register.uuid, day }, body: { movements } }),
    companyId,
    docKey: docKey(register.uuid),
    label: `${register.label} : ${movements.length > 1 ? `${movements.length} mouvements` : '1 mouvement'} du ${formatDate(day)}`,
    kind: MOVEMENTS_KIND,
  });

/** The closing of a day with the drawer counted (PUT the day's close link), through the outbox. */
export const submitClosing = (
  companyId: number,
  register: { uuid: string; label: string },
  day: string,
  counted: { total: number; detail: CountDetail | null },
) =>
  submitMutation<Journal>({
    ...queued(api.cashRegisters.closeDay, {
      params: { uuid: register.uuid, day },
      body: { closed: true, counted },
    }),
    companyId,
    docKey: docKey(register.uuid),
    label: `${register.label} : clôture de la journée du ${formatDate(day)}`,
    kind: CLOSE_KIND,
  });
