import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { isInFrance } from '../../../domain/customers';
import { effectiveElectronicAddress } from '../../../domain/electronic-address';
import { accountNumberText, addressLines, paymentDelayLabel, type CustomerRow } from '../customer-model';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <dl
        style={{
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(120px, max-content) 1fr',
          columnGap: 16,
          rowGap: 8,
        }}
      >
        {children}
      </dl>
    </Card>
  );
}

/** One term and its value; an empty value reads "Non renseigné" rather than leaving a hole. */
function Item({ term, children }: { term: string; children: ReactNode }) {
  const empty =
    children === null ||
    children === undefined ||
    children === '' ||
    (Array.isArray(children) && children.length === 0);
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {empty ? (
          <Text span size="sm" c="dimmed" fs="italic">
            Non renseigné
          </Text>
        ) : (
          children
        )}
      </Text>
    </>
  );
}

const lines = (list: string[]) => list.join('\n');

/**
 * « Mme Durand », « M. Petit »; the civility « Société » names the customer, not its contact: the
 * hotel's contact is « Lemoine », not « Société Lemoine ».
 */
const contactOf = (c: Pick<CustomerRow, 'civility' | 'name'>) =>
  [c.civility === 'Société' ? null : c.civility, c.name].filter(Boolean).join(' ');

/** Decision 085: the pair set on the sheet, else the one its e-invoices use by default, said so. */
function electronicAddressText(c: CustomerRow): string {
  if (c.electronicAddressScheme && c.electronicAddress) return `${c.electronicAddress} (${c.electronicAddressScheme})`;
  const fallback = effectiveElectronicAddress({
    siren: c.siren,
    email: c.email,
    inFrenchDirectory: c.isBusiness !== false && isInFrance(c.country),
  });
  return fallback ? `${fallback.value} (${fallback.scheme}, par défaut)` : '';
}

/** The customer sheet's identity, contact, addresses and payment terms. */
export function CustomerSheetCards({ customer: c }: { customer: CustomerRow }) {
  const business = c.isBusiness !== false;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Section title="Identité">
        <Item term="Type">{business ? 'Professionnel' : 'Particulier'}</Item>
        <Item term={business ? 'Raison sociale' : 'Nom'}>{c.socialReason}</Item>
        <Item term="Contact">{contactOf(c)}</Item>
        <Item term="N° de compte">{accountNumberText(c.accountNumber)}</Item>
        {business && <Item term="SIREN">{c.siren}</Item>}
        {business && <Item term="N° de TVA">{c.vatNumber}</Item>}
        <Item term="Adresse de facturation électronique">{electronicAddressText(c)}</Item>
      </Section>
      <Section title="Coordonnées">
        <Item term="E-mail">
          {c.email && (
            <Anchor href={`mailto:${c.email}`} size="sm">
              {c.email}
            </Anchor>
          )}
        </Item>
        <Item term="Téléphone">
          {c.phone && (
            <Anchor href={`tel:${c.phone.replace(/\s/g, '')}`} size="sm">
              {c.phone}
            </Anchor>
          )}
        </Item>
      </Section>
      <Section title="Adresses">
        <Item term="Adresse">{lines(addressLines(c))}</Item>
        {(c.billingAddresses ?? []).map((a, i) => (
          <Item key={i} term={`Facturation n° ${i + 1}`}>
            {a}
          </Item>
        ))}
        <Item term="Livraison">{c.deliveryAddress}</Item>
      </Section>
      <Section title="Conditions de paiement">
        <Item term="Mode de paiement">{c.paymentMode}</Item>
        <Item term="Délai de paiement">{paymentDelayLabel(c.paymentDelay)}</Item>
      </Section>
    </SimpleGrid>
  );
}
