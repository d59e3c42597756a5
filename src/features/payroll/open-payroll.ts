import type { SsoData } from '../../contract/payroll';
import { fetchPayrollSso } from './payroll-api';

// Payroll single sign-on (PAY-1, decision 045). The tab is opened in the click itself: a browser
// lets a click open a window, but not a promise that settles later (pop-up blockers). The tab waits
// on about:blank while the signed fields are fetched, then a hidden form is posted into it.

let opened = 0;

/** Posts the four fields (not `action`, the form's address) to the payroll host, into the named tab. */
export function postPayrollForm(data: SsoData, target: string, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = data.action;
  form.target = target;
  form.hidden = true;
  for (const [name, value] of Object.entries({
    user: data.user,
    scope: data.scope,
    time: data.time,
    token: data.token,
  })) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  form.remove();
}

/**
 * To call synchronously from the click handler. Failures are silent for the user (ERR-13): the
 * empty tab closes and the reason goes to the console.
 */
export function openPayroll(fetchData: () => Promise<SsoData> = fetchPayrollSso): Promise<void> {
  const tab = window.open('', '_blank');
  // Blocked all the same (a strict blocker): nothing to show, nothing to post.
  if (!tab) {
    console.warn('Service de paie : le nouvel onglet a été bloqué par le navigateur.');
    return Promise.resolve();
  }
  // The form finds the tab by its name (same origin while it shows about:blank); the payroll host
  // must not reach back into the portal's page, hence no opener.
  const name = `workplace-paie-${Date.now()}-${++opened}`;
  tab.name = name;
  tab.opener = null;
  return fetchData().then(
    (data) => postPayrollForm(data, name),
    (error: unknown) => {
      tab.close();
      console.warn('Service de paie : authentification unique impossible.', error);
    },
  );
}
