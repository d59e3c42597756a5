import type { Context } from 'hono';
import { documentFileName } from '../../../../src/pdf/format';
import { conflict, unprocessable } from '../../http/errors';
import { recordIdempotentResponse, releaseIdempotencyKey, reserveIdempotencyKey } from '../../http/idempotency';
import type { Route, RouteInput } from '../../http/route';
import { api } from '../../../../src/contract/index';
import type { AppEnv, Deps } from '../../http/types';
import { idParam } from '../../http/validate';
import { customerById, loadCompany } from './context';
import { cleanPdfFileName, invoiceRight } from './http-helpers';
import { recordEvent } from './history';
import { invoicePdf } from './invoice-pdf';
import { loadInvoice, markSent } from './invoice-store';
import { formatDate, formatMoney } from '../../../../src/domain/format';

export const ONLY_VALIDATED_SEND = 'Seule une facture validée peut être envoyée.';
export const NO_CUSTOMER_EMAIL = 'Votre client n’a pas d’adresse e-mail.';

/**
 * Mails the validated PDF to the customer. The attachment is always the PDF stored at validation,
 * never the bytes the client sends in `file`: the customer must receive exactly the document the
 * company issued and keeps (10 years, french-rules.md), not a copy a browser could have altered.
 */
export function sendRoute(deps: Deps, route: Route) {
  const handler = async (c: Context<AppEnv>, body: RouteInput<typeof api.invoices.sendInvoice>['body']) => {
    const companyId = c.get('company').id;
    const id = idParam(c);
    const row = await loadInvoice(deps.db, companyId, id);
    const inv = row.invoice;
    if (!inv.validated || !inv.number) throw conflict(ONLY_VALIDATED_SEND);
    const customer = await customerById(deps.db, inv.customerId);
    // The customer's current address (it may have changed since validation); the frozen one only if the record is gone.
    const to = ((customer ? customer.email : inv.customerSnapshot?.email) ?? '').trim();
    if (!to) throw unprocessable(NO_CUSTOMER_EMAIL, [NO_CUSTOMER_EMAIL]);
    const pdf = await invoicePdf(deps.db, row);
    const kind = inv.type === 'Avoir' ? 'Avoir' : 'Facture';
    const socialReason = inv.customerSnapshot?.socialReason ?? customer?.socialReason ?? '';
    const fileName = cleanPdfFileName(body.fileName, documentFileName(body.type ?? kind, socialReason, inv.number));
    const company = await loadCompany(deps.db, companyId);
    const word = kind === 'Avoir' ? 'l’avoir' : 'la facture';
    const lines = [
      'Bonjour,',
      '',
      `Veuillez trouver ci-joint ${word} n° ${inv.number} du ${formatDate(inv.createdAt)}, d’un montant de ${formatMoney(inv.ttc)} TTC.`,
      ...(kind === 'Facture' && inv.dueDate ? [`Date d’échéance : ${formatDate(inv.dueDate)}.`] : []),
      '',
      'Cordialement,',
      company.label,
    ];
    // A mail cannot be taken back: the key is kept "in progress" while it leaves (decision 007), so
    // a crash now makes the replay answer « interrompue » instead of mailing the customer twice.
    await reserveIdempotencyKey(deps, c);
    try {
      await deps.mailer.send({
        to,
        // From the company's name, and "Répondre" reaches the shop, not the no-reply sender (decision 012).
        fromName: company.label,
        replyTo: company.email?.trim() || undefined,
        subject: `${kind} n° ${inv.number} – ${company.label}`,
        text: lines.join('\n'),
        attachments: [{ filename: fileName, content: pdf.bytes, contentType: 'application/pdf' }],
      });
    } catch (error) {
      await releaseIdempotencyKey(deps.db, c); // not sent: the same key may try again
      throw error;
    }
    deps.faults?.('mail:after-send');
    const answer = { message: kind === 'Avoir' ? 'Avoir envoyé' : 'Facture envoyée', to, fileName };
    await deps.db.transaction(async () => {
      await markSent(deps.db, companyId, id, deps.now());
      // The history says to whom it went (decision 011).
      await recordEvent(deps.db, {
        companyId,
        invoiceId: id,
        kind: 'sent',
        userId: c.get('user').id,
        at: deps.now(),
        detail: { to },
      });
      await recordIdempotentResponse(deps.db, c, 200, answer);
    });
    return c.json(answer);
  };
  route(
    api.invoices.sendInvoice,
    {
      // No transaction held while the mail leaves (SMTP can take seconds): see reserveIdempotencyKey.
      right: invoiceRight('edit'),
      transaction: 'own',
      // The spec saw the call written with a double slash before the id: both paths are served.
      aliases: ['/business-files//:id/send'],
    },
    (c, { body }) => handler(c, body),
  );
}
