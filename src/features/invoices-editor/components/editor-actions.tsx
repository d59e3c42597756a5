import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  IconCheck,
  IconDeviceFloppy,
  IconDownload,
  IconEye,
  IconFileInvoice,
  IconFileMinus,
  IconFileTypePdf,
  IconSend,
} from '@tabler/icons-react';
import { usePhone } from '../../../components/use-phone';
import { canTransition } from '../../../domain/quote-states';
import type { EditorState } from '../types';
import { QuoteStateControl } from './quote-state-control';
import { ValidatedPhoneActions, type ValidatedActionsProps } from './validated-phone-actions';
import { SAVE_SHORTCUT_LABEL, useSaveShortcut } from '../hooks/use-save-shortcut';
import type { QuoteStateLabel } from '../../../domain/types';

export interface EditorCan {
  save: boolean;
  validate: boolean;
  send: boolean;
  transform: boolean;
  createInvoice: boolean;
  edit: boolean;
}

interface Props {
  state: EditorState;
  can: EditorCan;
  busy: string | null;
  online: boolean;
  /** A validation of this invoice waits in the outbox. */
  validationPending: boolean;
  onPreview: () => void;
  onSave: () => void;
  onValidate: () => void;
  onOpenPdf: () => void;
  /** Decision 046: the validated invoice's e-invoice files (online only). */
  onDownload: (format: 'facturx' | 'ubl') => void;
  onSend: () => void;
  onCreditNote: () => void;
  onState: (s: QuoteStateLabel) => void;
  onConvert: () => void;
}

/** What a document in this state offers: saving, a saved quote's state and its conversion. */
function offered(state: EditorState, can: EditorCan) {
  const quote = state.kind === 'quote';
  const frozenQuote = quote && state.state !== null && state.state !== 'En cours' && state.state !== 'Accepté';
  const quoteState = quote && state.number !== null && state.docId !== null ? state.state : null;
  return {
    quote,
    saveOffered: !(state.kind === 'invoice' && state.validated) && !frozenQuote && can.save,
    quoteState,
    convertible: !!quoteState && canTransition(quoteState, 'Facturé') && can.transform,
  };
}

/**
 * The screen's actions, by document and state (INV-29, QUO-16). Touch targets ≥ 44 px. On a phone, words
 * without icons, closer together: « Aperçu », « Enregistrer », « Valider » on one line.
 */
export function EditorActions(p: Props) {
  const { state, can, busy } = p;
  const phone = usePhone();
  const icon = (node: ReactNode) => (phone ? undefined : node);
  const gap = phone ? 'xs' : 'sm';
  // Tighter buttons on a phone: a quote's state, « Aperçu » and « Enregistrer » share one line.
  const pad = phone ? 12 : undefined;
  const { quote, saveOffered, quoteState, convertible } = offered(state, can);
  useSaveShortcut(saveOffered && busy === null ? p.onSave : null);
  if (state.kind === 'invoice' && state.validated) {
    const validated: ValidatedActionsProps = {
      online: p.online,
      busy,
      canSend: can.send,
      canCreditNote: state.form.type === 'Facture' && can.createInvoice,
      onOpenPdf: p.onOpenPdf,
      onDownload: p.onDownload,
      onSend: p.onSend,
      onCreditNote: p.onCreditNote,
    };
    return phone ? <ValidatedPhoneActions {...validated} /> : <ValidatedActions {...validated} />;
  }
  return (
    <Group gap={gap} align="flex-end">
      {quoteState && (
        <QuoteStateControl state={quoteState} disabled={!can.edit || busy !== null} onChange={p.onState} />
      )}
      <Button
        variant="default"
        mih={44}
        px={pad}
        leftSection={icon(<IconEye size={18} />)}
        onClick={p.onPreview}
        disabled={busy !== null}
      >
        Aperçu
      </Button>
      {saveOffered && (
        <Button
          title={`Enregistrer (${SAVE_SHORTCUT_LABEL})`}
          aria-keyshortcuts="Control+S Meta+S"
          variant={quote ? 'filled' : 'outline'}
          mih={44}
          px={pad}
          leftSection={icon(<IconDeviceFloppy size={18} />)}
          loading={busy === 'save'}
          disabled={busy !== null && busy !== 'save'}
          onClick={p.onSave}
        >
          Enregistrer
        </Button>
      )}
      {!quote && can.validate && (
        <Button
          mih={44}
          px={pad}
          leftSection={icon(<IconCheck size={18} />)}
          loading={busy === 'validate'}
          disabled={(busy !== null && busy !== 'validate') || p.validationPending}
          onClick={p.onValidate}
        >
          Valider
        </Button>
      )}
      {convertible && (
        <Button
          mih={44}
          px={pad}
          variant="light"
          leftSection={icon(<IconFileInvoice size={18} />)}
          loading={busy === 'convert'}
          disabled={busy !== null && busy !== 'convert'}
          onClick={p.onConvert}
        >
          Convertir en facture
        </Button>
      )}
    </Group>
  );
}

/** A validated invoice's actions beside the form: its PDF, its e-invoice files, « Envoyer », « Établir un avoir ». */
function ValidatedActions(p: ValidatedActionsProps) {
  return (
    <Group gap="sm">
      <Button
        variant="default"
        mih={44}
        leftSection={<IconFileTypePdf size={18} />}
        onClick={p.onOpenPdf}
        disabled={!p.online}
      >
        Voir le PDF
      </Button>
      <Button
        variant="default"
        mih={44}
        leftSection={<IconDownload size={18} />}
        onClick={() => p.onDownload('facturx')}
        disabled={!p.online}
      >
        Télécharger la Factur-X (PDF)
      </Button>
      <Button
        variant="default"
        mih={44}
        leftSection={<IconDownload size={18} />}
        onClick={() => p.onDownload('ubl')}
        disabled={!p.online}
      >
        Télécharger en UBL (XML)
      </Button>
      {p.canSend && (
        <Button
          variant="light"
          mih={44}
          leftSection={<IconSend size={18} />}
          loading={p.busy === 'send'}
          onClick={p.onSend}
        >
          Envoyer au client
        </Button>
      )}
      {p.canCreditNote && (
        <Button mih={44} leftSection={<IconFileMinus size={18} />} onClick={p.onCreditNote}>
          Établir un avoir
        </Button>
      )}
    </Group>
  );
}
