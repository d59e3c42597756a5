// @vitest-environment jsdom
// The article dialog's screen logic (decision 018: component tests instead of browser tests where the
// browser is not the point): the linked HT / TTC fields, the French validation messages, the
// form reset after a creation and a refused creation keeping the dialog open. The real creation
// against the server stays in tests/e2e/articles-customers.test.ts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanScreen, installJsdomGaps, renderScreen } from '../../../tests/support/screen';

const createArticle = vi.fn();
vi.mock('./api/article-mutations', () => ({
  createArticle: (...args: unknown[]) => createArticle(...args),
  updateArticle: vi.fn(),
}));
// The invoice environment as the device keeps it (VAT rates offered by the dialog).
vi.mock('../../data/sync/use-server-rows', () => ({
  useServerEnvironment: () => ({
    environment: { invoice: { vatRates: [0, 5.5, 10, 20], accountsSale: [], unitsMeasurement: [] } },
    fetchedAt: 0,
  }),
}));

const { ArticleFormModal } = await import('./components/article-form-modal');

beforeAll(installJsdomGaps);
// Nothing outlives a test: the rendered tree, the toasts' global store, the mocks' answers.
afterEach(() => {
  cleanScreen();
  createArticle.mockReset();
});

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label, { exact: false, selector: 'input, textarea' }) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

function openNew(onClose = vi.fn()) {
  renderScreen(<ArticleFormModal opened row={null} companyId={1} onClose={onClose} />);
  return screen.getByRole('dialog', { name: 'Nouvel article', hidden: true });
}

// Role queries skip the visibility check (`hidden: true`): computing styles up the tree is what makes
// them slow in jsdom. Rendering Mantine there can still take seconds on a busy 2-core machine.
describe('the article dialog', { timeout: 60_000 }, () => {
  it('computes the HT price from the TTC price at the chosen rate, and the TTC from the HT', async () => {
    const dialog = openNew();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Taux de TVA', hidden: true }));
    fireEvent.click(await screen.findByRole('option', { name: /^20\s%$/, hidden: true }));
    type(field(dialog, 'Prix TTC'), '120');
    await waitFor(() => expect(field(dialog, 'Prix unitaire HT').value).toBe('100,00'));
    type(field(dialog, 'Prix unitaire HT'), '50');
    await waitFor(() => expect(field(dialog, 'Prix TTC').value).toBe('60,00'));
  });

  it('an empty form is not sent: the French messages are listed', async () => {
    const dialog = openNew();
    // Pressed as a person does, once the dialog has placed its first focus: the focus on the button.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const create = within(dialog).getByRole('button', { name: 'Créer l’article', hidden: true });
    create.focus();
    fireEvent.click(create);
    const alert = await within(dialog).findByRole('alert', { hidden: true });
    expect(alert.textContent).toContain('L’article contient des erreurs.');
    expect(createArticle).not.toHaveBeenCalled();
    // The focus leaves the button at the bottom for the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, 'Code')));
  });

  it('after a creation the form is empty again and closes; a refused code keeps it open with the server’s words', async () => {
    const onClose = vi.fn();
    const dialog = openNew(onClose);
    createArticle.mockResolvedValueOnce({ status: 'done', response: { id: 7 } });
    type(field(dialog, 'Code'), 'E2E-TTC');
    type(field(dialog, 'Libellé'), 'Gâteau');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer l’article', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(createArticle.mock.calls[0][1]).toMatchObject({ code: 'E2E-TTC', label: 'Gâteau' });
    expect(field(dialog, 'Code').value).toBe('');

    createArticle.mockResolvedValueOnce({
      status: 'failed',
      httpStatus: 409,
      message: 'Un article avec ce code existe déjà !',
      errors: [],
    });
    type(field(dialog, 'Code'), 'E2E-TTC');
    type(field(dialog, 'Libellé'), 'Doublon');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer l’article', hidden: true }));
    await screen.findByText('Un article avec ce code existe déjà !');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
