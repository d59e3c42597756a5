import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { Readable } from 'node:stream';
import { api } from '../../../../src/contract/index';
import { depositCategoryIds } from '../../../../src/domain/document-categories';
import { EInvoiceReadError } from '../../../../src/einvoice/parse';
import { recordIdempotentResponse, matchUploadKey } from '../../http/idempotency';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { assertRight, subjectOf } from '../../http/auth-middleware';
import { createModule } from '../../http/route';
import type { AppEnv, Deps } from '../../http/types';
import { can } from '../../../../src/domain/rights';
import type { DbOrTx } from '../../db/client';
import { idParam } from '../../http/validate';
import { contentDisposition, documentAccess, holdBlobs, storageFor } from '../documents/service';
import { depositFile, depositNames, insertDeposit, PURCHASES_CATEGORY_ID, removeDepositBytes } from '../inbox/service';
import {
  detailOf,
  duplicateMessage,
  findDuplicate,
  findReceived,
  insertReceivedInvoice,
  isDuplicateViolation,
  listReceived,
  NOT_FOUND,
  readErrorAnswer,
  readInvoiceOffThread,
  type ReadInvoice,
} from './service';
import { receiveInvoiceUpload } from './upload';
import { lastReceivedStatuses, lifecycleActionsOf, receivedTrail, setBuyerStatus } from './lifecycle';

const ANSWER_ONLY =
  'Vous ne pouvez pas approuver, refuser ni contester les factures reçues : il faut le droit de modifier dans « Ma bannette ».';

// « Factures reçues » (decision 046). Rights are the inbox's: depositing there deposits here, seeing
// its deposits lists and reads these; the files follow the documents' one rule (access.ts).
const right = (permission: 'view' | 'create') => ({ menu: 'maBannette', permission }) as const;

export function receivedInvoicesModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Factures reçues');
  const storage = () => storageFor(deps);

  route(api.receivedInvoices.listReceivedInvoices, { right: right('view') }, async (c, { query }) => {
    const access = await documentAccess(deps, c);
    const page = await listReceived(deps.db, access, query, (ids) => depositNames(deps.db, access.companyId, ids));
    // Decision 089: each row's last lifecycle status.
    const last = await lastReceivedStatuses(
      deps.db,
      access.companyId,
      page.items.map((r) => r.id),
    );
    return c.json({ ...page, items: page.items.map((r) => ({ ...r, lastStatus: last.get(r.id) ?? null })) });
  });

  /** The detail with its lifecycle trail and what this member may set now (decision 089). */
  const detailWithLifecycle = async (c: Context<AppEnv>, db: DbOrTx, row: Awaited<ReturnType<typeof findReceived>>) => {
    const names = await depositNames(db, row.companyId, [row.depositId]);
    const trail = await receivedTrail(db, row.companyId, row.id);
    const mayAnswer = can(subjectOf(c), 'answerReceivedInvoices');
    return {
      ...detailOf(row, names.get(row.depositId) ?? ''),
      lifecycle: trail,
      lifecycleActions: lifecycleActionsOf(row, trail, mayAnswer),
    };
  };

  route(api.receivedInvoices.getReceivedInvoice, { right: right('view') }, async (c) => {
    const access = await documentAccess(deps, c);
    const row = await findReceived(deps.db, access, idParam(c, 'id'));
    return c.json(await detailWithLifecycle(c, deps.db, row));
  });

  // Decision 089 (LC-2, LC-3): the buyer's status, sent to the seller through the platform.
  route(api.receivedInvoices.setReceivedInvoiceStatus, { right: right('view') }, async (c, { body }) => {
    assertRight(can(subjectOf(c), 'answerReceivedInvoices'), ANSWER_ONLY);
    const access = await documentAccess(deps, c);
    const id = idParam(c, 'id');
    const detail = await deps.db.transaction(async (tx) => {
      const row = await findReceived(tx, access, id);
      await setBuyerStatus(tx, row, body, c.get('user').id, deps.now());
      const answer = await detailWithLifecycle(c, tx, row);
      await recordIdempotentResponse(tx, c, 201, answer);
      return answer;
    });
    return c.json(detail, 201);
  });

  route(api.receivedInvoices.receivedInvoiceFile, { right: right('view') }, async (c) => {
    const access = await documentAccess(deps, c);
    const row = await findReceived(deps.db, access, idParam(c, 'id'));
    const file = await depositFile(deps.db, access.companyId, row.depositId);
    if (!file) throw notFound(NOT_FOUND);
    const store = storage();
    const size = await store.size(file.sha256);
    const stream = size === file.size ? await store.open(file.sha256) : null;
    if (!stream) {
      console.error(
        `Stockage endommagé : ${file.sha256} (« ${file.name} ») attendu ${file.size} octets, trouvé ${size ?? 'absent'}`,
      );
      throw new HttpError(
        500,
        `Le fichier « ${file.name} » est illisible sur le serveur (stockage endommagé). Prévenez le cabinet.`,
      );
    }
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'Content-Type': file.mimeType,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition(file.name, 'attachment'),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  });

  route(api.receivedInvoices.depositReceivedInvoice, { right: right('create') }, async (c) => {
    const company = c.get('company');
    const user = c.get('user');
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) throw new Error('Le dépôt de fichiers demande le serveur Node (@hono/node-server).');
    const store = storage();
    const upload = await receiveInvoiceUpload(incoming, store);
    if (!upload) throw badRequest('Aucun fichier reçu : joignez la facture (champ « file »).', 'file');
    let release: () => Promise<void> = async () => {};
    let committed: string | null = null;
    try {
      const replayed = matchUploadKey(c, upload.contentHash);
      if (replayed) {
        await upload.discard();
        return replayed;
      }
      if (!depositCategoryIds(company.categoriesInbox).includes(PURCHASES_CATEGORY_ID))
        throw forbidden('Vous ne pouvez pas déposer de fichiers dans Comptabilité › Achats.');
      let read: ReadInvoice;
      try {
        // In a worker thread (decision 074); the bytes are handed over, not copied.
        read = await readInvoiceOffThread(upload.bytes, upload.name, { transfer: true });
      } catch (error) {
        throw error instanceof EInvoiceReadError ? readErrorAnswer(error) : error;
      }
      const earlier = await findDuplicate(deps.db, company.id, read);
      if (earlier) throw conflict(duplicateMessage(read, earlier.createdAt));
      const { sha256 } = upload.incoming.received();
      release = await holdBlobs(deps.state, [sha256]);
      const placed = await upload.incoming.commit();
      committed = placed.sha256;
      const now = deps.now();
      const detail = await deps.db
        .transaction(async (tx) => {
          const deposit = await insertDeposit(tx, {
            companyId: company.id,
            userId: user.id,
            categoryId: PURCHASES_CATEGORY_ID,
            name: upload.name,
            mimeType: upload.mimeType,
            size: placed.size,
            sha256: placed.sha256,
            createdAt: now,
          });
          const inserted = await insertReceivedInvoice(
            tx,
            {
              companyId: company.id,
              depositId: deposit.id,
              depositedBy: user.id,
              fileName: upload.name,
              createdAt: now,
            },
            read,
          );
          // The same answer as GET …/:id: a new invoice's empty trail and what this member may answer (decision 089).
          const body = {
            ...inserted,
            lifecycle: [],
            lifecycleActions: lifecycleActionsOf(inserted, [], can(subjectOf(c), 'answerReceivedInvoices')),
          };
          // On the embedded database each statement runs on the event loop: a turn between the two
          // large ones (the lines, then the answer kept for the key) lets the server answer others.
          await new Promise((resolve) => setImmediate(resolve));
          await recordIdempotentResponse(tx, c, 201, body);
          return body;
        })
        .catch(async (error: unknown) => {
          if (!isDuplicateViolation(error)) throw error;
          // Another request recorded the same invoice meanwhile.
          const other = await findDuplicate(deps.db, company.id, read);
          throw conflict(duplicateMessage(read, other?.createdAt ?? now));
        });
      return c.json(detail, 201);
    } catch (error) {
      // Nothing kept: no temporary file, and no placed bytes that no row refers to.
      await upload.discard();
      await release();
      if (committed) await removeDepositBytes(deps.db, deps.state, store, committed).catch(() => false);
      throw error;
    } finally {
      await release();
    }
  });

  return app;
}
