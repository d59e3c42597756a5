// @vitest-environment jsdom
// The bank details form's screen logic (decision 012), moved from tests/e2e/discounts.test.ts
// with its wording: the IBAN key is checked on the device in French before anything is sent, then
// the pair is sent and the IBAN shown in groups of four. The saved pair read back from the real
// server and the page's accessibility stay in e2e.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fake, resetFakes } from '../../../tests/support/module-fakes';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';
import { forgetAll } from '../../data/sync/engine';
import { setSession, store, type UserProfile } from '../../lib/session';

// The unit project shares its module cache between files: the shared fakes of module-fakes.ts.
vi.mock('./api/bank-details', async (actual) =>
  (await import('../../../tests/support/module-fakes')).delegating(
    await actual<typeof import('./api/bank-details')>(),
    ['loadBankDetails', 'saveBankDetails'],
  ),
);

const { BankDetailsCard } = await import('./bank-details-card');

beforeAll(() => {
  installJsdomGaps();
  setSession({ token: 't', profile: { id: 920_001, userCompanies: [], userLastCompany: 1 } as unknown as UserProfile });
});
afterEach(() => {
  cleanScreen();
  forgetAll();
  resetFakes();
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées', hidden: true }));

describe('bank details form', { timeout: 60_000 }, () => {
  it('checks the IBAN key on the device in French, then sends the pair (shown in groups of four)', async () => {
    fake('loadBankDetails').mockResolvedValue({ iban: null, bic: null });
    fake('saveBankDetails').mockResolvedValue({
      status: 'done',
      response: { iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' },
    });
    renderScreen(
      <Provider store={store}>
        <BankDetailsCard companyId={1} canEdit />
      </Provider>,
    );
    await waitFor(() => expect(field('IBAN').disabled).toBe(false));
    type(field('IBAN'), 'FR76 3000 6000 0112 3456 7890 188');
    save();
    await screen.findByText(
      'L’IBAN saisi n’est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.',
    );
    expect(fake('saveBankDetails')).not.toHaveBeenCalled();

    type(field('IBAN'), 'fr7630006000011234567890189');
    type(field('BIC'), 'bnpafrpp');
    save();
    await screen.findByText('Enregistrement effectué');
    expect(fake('saveBankDetails')).toHaveBeenCalledWith(1, { iban: 'fr7630006000011234567890189', bic: 'BNPAFRPP' });
    expect(field('IBAN').value).toBe('FR76 3000 6000 0112 3456 7890 189');
  });
});
