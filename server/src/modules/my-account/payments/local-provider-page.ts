import { html, raw } from 'hono/html';

// The local test provider's hosted pages, in French. Plain server-rendered HTML with no script: the
// page has its own strict CSP, and the card fields are posted to the provider only.

export const TEST_CARDS = {
  accepted: '4242424242424242',
  refused: '4000000000000002',
  secure3d: '4000000000003220',
} as const;

export const DELIVERIES = ['immediate', 'late', 'twice', 'never'] as const;
export type Delivery = (typeof DELIVERIES)[number];

const DELIVERY_LABELS: Record<Delivery, string> = {
  immediate: 'tout de suite (normal)',
  late: 'en retard (lecture de l’état par le portail)',
  twice: 'deux fois',
  never: 'jamais (lecture de l’état par le portail)',
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:2rem 1rem;color:#1a1b1e}
main{max-width:26rem;margin:auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 4px #0002}
.test{background:#fff3bf;border:1px solid #f59f00;padding:.5rem .75rem;border-radius:4px;font-size:.9rem}
label{display:block;margin-top:.9rem;font-weight:600}input,select{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;margin-top:.25rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}button{margin-top:1.25rem;width:100%;padding:.7rem;font-size:1rem;background:#1c7ed6;color:#fff;border:0;border-radius:4px;cursor:pointer}
.error{color:#c92a2a;font-weight:600}.amount{font-size:1.6rem;font-weight:700;margin:.25rem 0}small{color:#555}`;

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

function layout(title: string, body: unknown) {
  return html`<!doctype html>
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>
          <p class="test">
            Prestataire de paiement <strong>de test</strong> : aucune carte réelle n’est débitée. Cartes : 4242 4242
            4242 4242 acceptée, 4000 0000 0000 0002 refusée, 4000 0000 0000 3220 avec validation 3-D Secure.
          </p>
          ${body}
        </main>
      </body>
    </html>`;
}

export interface PageCheckout {
  id: string;
  amountCents: number;
  reference: string;
}

export function cardPage(c: PageCheckout, errors: string[] = [], delivery: Delivery = 'immediate') {
  return layout(
    'Paiement par carte',
    html`<h1>Paiement par carte</h1>
      <p class="amount">${euros(c.amountCents)}</p>
      <p>Référence : ${c.reference}</p>
      ${errors.map((e) => html`<p class="error" role="alert">${e}</p>`)}
      <form method="post" action="/pay/${c.id}" autocomplete="off">
        <label for="number">Numéro de carte</label>
        <input id="number" name="number" inputmode="numeric" placeholder="4242 4242 4242 4242" required />
        <div class="row">
          <div>
            <label for="expiry">Date d’expiration</label>
            <input id="expiry" name="expiry" placeholder="MM/AA" required />
          </div>
          <div>
            <label for="cvc">Cryptogramme (CVC)</label>
            <input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required />
          </div>
        </div>
        <label for="delivery">Notification au portail <small>(test)</small></label>
        <select id="delivery" name="delivery">
          ${DELIVERIES.map(
            (d) => html`<option value="${d}" ${d === delivery ? 'selected' : ''}>${DELIVERY_LABELS[d]}</option>`,
          )}
        </select>
        <button type="submit">Payer ${euros(c.amountCents)}</button>
      </form>`,
  );
}

export function secure3dPage(c: PageCheckout, delivery: Delivery) {
  return layout(
    'Authentification 3-D Secure',
    html`<h1>Authentification 3-D Secure</h1>
      <p>Votre banque demande de confirmer le paiement de ${euros(c.amountCents)} (référence ${c.reference}).</p>
      <form method="post" action="/pay/${c.id}/3ds">
        <input type="hidden" name="delivery" value="${delivery}" />
        <button type="submit">Valider</button>
      </form>`,
  );
}

export function messagePage(title: string, text: string) {
  return layout(
    title,
    html`<h1>${title}</h1>
      <p>${text}</p>`,
  );
}

/** The card fields' problems, in French; the outcome when they are fine. */
export function judgeCard(form: {
  number: string;
  expiry: string;
  cvc: string;
}): { errors: string[] } | { outcome: 'succeeded' | 'failed' | '3ds' } {
  const errors: string[] = [];
  const number = form.number.replace(/[\s-]/g, '');
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  if (!/^\d{16}$/.test(number)) errors.push('Le numéro de carte doit comporter 16 chiffres.');
  if (!expiry) errors.push('La date d’expiration doit être au format MM/AA.');
  if (!/^\d{3}$/.test(form.cvc.trim())) errors.push('Le cryptogramme doit comporter 3 chiffres.');
  if (errors.length) return { errors };
  if (number === TEST_CARDS.accepted) return { outcome: 'succeeded' };
  if (number === TEST_CARDS.refused) return { outcome: 'failed' };
  if (number === TEST_CARDS.secure3d) return { outcome: '3ds' };
  return { errors: ['Carte inconnue du prestataire de test : utilisez une des cartes de test indiquées.'] };
}
