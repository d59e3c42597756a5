// @vitest-environment jsdom
// The documents list's selection (decision 018: no browser needed), beside tests/e2e/documents.test.ts
// which keeps the real preview and the real zip download: the count in words, the zip button
// enabled only with a selection and sent the selected ids, the page's checkbox, "Tout
// désélectionner", and a failed zip said in French.
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAll } from '../../data/sync/engine';
import { documentsSearch } from '../../lib/list-search';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import type { DocumentItem } from './api/documents-api';

const downloadDocumentsZip = vi.fn<(ids: number[]) => Promise<void>>();
vi.mock('./api/documents-api', () => ({
  fetchDocuments: () => Promise.resolve({ items: DOCUMENTS, total: DOCUMENTS.length, page: 1, pageSize: 25 }),
  fetchCategoryTree: () => Promise.resolve({ categories: [], last: null }),
  fetchRecentDocuments: () => Promise.resolve([]),
  fetchDocumentBlob: vi.fn(),
  downloadDocument: vi.fn(),
  rememberCategory: vi.fn(),
  downloadDocumentsZip: (ids: number[]) => downloadDocumentsZip(ids),
}));

const { DocumentsPage } = await import('./components/documents-page');

const doc = (id: number, name: string): DocumentItem => ({
  id,
  name,
  categoryId: 3,
  category: 'Déclaration de TVA',
  categoryPath: 'Comptabilité › Déclaration de TVA',
  mimeType: 'application/pdf',
  size: 120_000,
  createdAt: '2026-11-02T09:00:00.000Z',
  readAt: '2026-11-03T09:00:00.000Z',
});
const DOCUMENTS = [
  doc(1, 'Déclaration de TVA - Octobre 2026.pdf'),
  doc(2, 'Déclaration de TVA - Septembre 2026.pdf'),
  doc(3, 'Déclaration de TVA - Août 2026.pdf'),
];

beforeAll(installJsdomGaps);
beforeEach(() => downloadDocumentsZip.mockResolvedValue(undefined));
afterEach(() => {
  cleanScreen();
  forgetAll(); // the sync layer keeps answers in memory: none outlives a test
  signInAs(null);
  downloadDocumentsZip.mockReset();
});

/** The screen on its real route id (it reads its search through getRouteApi('/app/mes-documents')). */
async function openDocuments() {
  signInAs(demoProfile());
  renderInRouter(null, {
    path: '/mes-documents',
    routes: (root: AnyRoute) => {
      const app = createRoute({ getParentRoute: () => root, id: 'app' });
      return [
        app.addChildren([
          createRoute({
            getParentRoute: () => app,
            path: '/mes-documents',
            validateSearch: documentsSearch,
            component: DocumentsPage,
          }),
        ]),
      ];
    },
  });
  await screen.findByRole('button', { name: DOCUMENTS[0].name, hidden: true });
}

const check = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name, hidden: true }));
const zipButton = () =>
  screen.getByRole('button', { name: 'Télécharger la sélection (zip)', hidden: true }) as HTMLButtonElement;

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
describe('the documents list selection', { timeout: 60_000 }, () => {
  it('counts the selection in words, zips the selected documents, the page checkbox, "Tout désélectionner", a failed zip', async () => {
    await openDocuments();
    screen.getByText('Aucun document sélectionné');
    expect(zipButton().disabled).toBe(true);
    check('Sélectionner Déclaration de TVA - Octobre 2026.pdf');
    screen.getByText('1 document sélectionné');
    check('Sélectionner Déclaration de TVA - Septembre 2026.pdf');
    screen.getByText('2 documents sélectionnés');
    fireEvent.click(zipButton());
    await waitFor(() => expect(downloadDocumentsZip).toHaveBeenCalledTimes(1));
    expect([...downloadDocumentsZip.mock.calls[0][0]].sort()).toEqual([1, 2]);

    // The page's checkbox adds every row shown, then takes them all out.
    check('Sélectionner les documents de la page');
    screen.getByText('3 documents sélectionnés');
    check('Sélectionner les documents de la page');
    screen.getByText('Aucun document sélectionné');
    check('Sélectionner Déclaration de TVA - Août 2026.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Tout désélectionner', hidden: true }));
    screen.getByText('Aucun document sélectionné');
    expect(zipButton().disabled).toBe(true);

    // A zip that could not be made is said in French (one render for the file: Mantine is slow in jsdom).
    downloadDocumentsZip.mockRejectedValueOnce(new Error('réseau'));
    check('Sélectionner Déclaration de TVA - Octobre 2026.pdf');
    fireEvent.click(zipButton());
    await screen.findByText('Le téléchargement a échoué');
    screen.getByText('L’archive zip de vos documents n’a pas pu être créée. Réessayez dans un instant.');
  });
});
