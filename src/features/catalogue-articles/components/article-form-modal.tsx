import { Alert, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useReducer, useState, type FocusEvent, type FormEvent } from 'react';
import { useServerEnvironment } from '../../../data/sync/use-server-rows';
import { newArticle } from '../../../domain/articles';
import { createArticle, updateArticle } from '../api/article-mutations';
import { articleFeedback } from '../article-feedback';
import {
  articleFieldErrors,
  articleFormErrors,
  articleFormReducer,
  initialArticleForm,
  type ArticleFormAction,
  type ArticleFormState,
} from '../article-form-state';
import { articleFromRow, type ArticleRow } from '../article-model';
import { accountOptions, unitOptions, vatOptions } from '../environment-options';
import { showFeedback } from './show-feedback';
import { focusFirstInvalidSoon } from '../../../lib/focus-first-invalid';
import { useOnChange } from '../../../lib/use-on-change';

interface Props {
  opened: boolean;
  /** null: a new article. */
  row: ArticleRow | null;
  companyId: number;
  onClose: () => void;
}

const selectAll = (e: FocusEvent<HTMLInputElement>) => e.currentTarget.select();

/** Create or edit an article: type switch, linked HT / VAT / TTC (ART-5, ART-6), selects from the invoice environment. */
export function ArticleFormModal({ opened, row, companyId, onClose }: Props) {
  const [state, dispatch] = useReducer(articleFormReducer, undefined, () => initialArticleForm());
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const { environment } = useServerEnvironment();

  // Each opening (or another row while open) starts from the row, or a new article.
  useOnChange([opened, row], () => {
    if (!opened) return;
    dispatch({ type: 'reset', article: row ? articleFromRow(row) : newArticle() });
    setShowErrors(false);
  });

  const { article } = state;
  const standard = article.type === 'Standard';
  const errors = articleFormErrors(state);
  const fieldErrors = showErrors ? articleFieldErrors(errors) : {};

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (errors.length) {
      setShowErrors(true);
      focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
      return;
    }
    setSaving(true);
    try {
      const outcome = row ? await updateArticle(companyId, row.id, article) : await createArticle(companyId, article);
      const feedback = articleFeedback(row ? 'update' : 'create', outcome);
      showFeedback(feedback);
      if (feedback.settled) {
        // ART-9: on creation the form is reset and the modal closes.
        dispatch({ type: 'reset' });
        onClose();
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={row ? `Modifier l’article ${row.code}` : 'Nouvel article'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group
            label="Type"
            value={article.type}
            onChange={(v) => dispatch({ type: 'kind', value: v === 'Commentaire' ? 'Commentaire' : 'Standard' })}
          >
            <Group mt={6} gap="xl">
              <Radio value="Standard" label="Standard" />
              <Radio value="Commentaire" label="Commentaire" />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Code"
              required
              value={article.code}
              error={fieldErrors.code}
              maxLength={50}
              onChange={(e) => dispatch({ type: 'text', field: 'code', value: e.currentTarget.value })}
              data-autofocus
            />
            <TextInput
              label="Désignation"
              value={article.designation}
              maxLength={500}
              onChange={(e) => dispatch({ type: 'text', field: 'designation', value: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Textarea
            label="Libellé"
            description="Texte repris sur les lignes de devis et de factures."
            required
            autosize
            minRows={2}
            maxRows={6}
            value={article.label}
            error={fieldErrors.label}
            onChange={(e) => dispatch({ type: 'text', field: 'label', value: e.currentTarget.value })}
          />
          {standard && (
            <StandardFields state={state} dispatch={dispatch} environment={environment} fieldErrors={fieldErrors} />
          )}
          {showErrors && errors.length > 0 && (
            <Alert color="red" title="L’article contient des erreurs." role="alert">
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {errors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={44}>
              Annuler
            </Button>
            <Button type="submit" loading={saving} mih={44}>
              {row ? 'Enregistrer' : 'Créer l’article'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A standard article's sales account, unit, and its linked prices: HT, VAT rate, TTC (ART-5, ART-6). */
function StandardFields({
  state,
  dispatch,
  environment,
  fieldErrors,
}: {
  state: ArticleFormState;
  dispatch: (action: ArticleFormAction) => void;
  environment: ReturnType<typeof useServerEnvironment>['environment'];
  fieldErrors: Partial<ReturnType<typeof articleFieldErrors>>;
}) {
  const { article } = state;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Compte de vente"
          placeholder="Choisir un compte"
          data={accountOptions(environment, article.salesAccount)}
          value={article.salesAccount || null}
          onChange={(v) => dispatch({ type: 'account', value: v })}
          searchable
          clearable
          nothingFoundMessage="Aucun compte"
        />
        <Select
          label="Unité"
          placeholder="Choisir une unité"
          data={unitOptions(environment, article.unitMeasurement?.label ?? '')}
          value={article.unitMeasurement?.label ?? null}
          onChange={(v) => dispatch({ type: 'unit', value: v })}
          searchable
          clearable
          nothingFoundMessage="Aucune unité"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Prix unitaire HT"
          inputMode="decimal"
          rightSection="€"
          value={state.ht}
          error={fieldErrors.ht}
          onFocus={selectAll}
          onChange={(e) => dispatch({ type: 'ht', value: e.currentTarget.value })}
        />
        <Select
          label="Taux de TVA"
          placeholder="0 %"
          data={vatOptions(environment, article.vatRate)}
          value={String(article.vatRate)}
          error={fieldErrors.vat}
          onChange={(v) => dispatch({ type: 'vat', value: v })}
          clearable
        />
        <TextInput
          label="Prix TTC"
          inputMode="decimal"
          rightSection="€"
          value={state.ttc}
          error={fieldErrors.ttc}
          onFocus={selectAll}
          onChange={(e) => dispatch({ type: 'ttc', value: e.currentTarget.value })}
        />
      </SimpleGrid>
    </>
  );
}
