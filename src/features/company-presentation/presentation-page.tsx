import { Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconPhone } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { PageHeader } from '../../components/page/page-header';
import { can } from '../../domain/rights';
import { getBranding } from '../../lib/branding';
import { currentCompanyAtom, profileAtom } from '../../lib/session';
import { BankDetailsCard } from './bank-details-card';

const INVOICE_LIST = '/mes-factures/liste-des-factures';

const FEATURES = [
  'Devis, factures et avoirs conformes aux mentions légales françaises',
  'Numérotation continue et sans trou, attribuée à la validation',
  'Catalogue d’articles et fiches clients',
  'Envoi de la facture par e-mail à votre client, en PDF',
  'Brouillons hors connexion, envoyés dès le retour du réseau',
  'Prêt pour la facturation électronique (réforme 2026-2027)',
];

/** /mes-factures/presentation: the invoicing module, free, activated by calling support. */
export function PresentationPage() {
  const phone = getBranding().supportPhone;
  const profile = useAtomValue(profileAtom);
  const company = useAtomValue(currentCompanyAtom);
  const active = can(profile, 'view', { menu: 'mesFactures' });
  // The link appears with the invoice list screen, never as a way into a 404.
  const hasList = INVOICE_LIST in useRouter().routesByPath;
  return (
    <Stack maw={960}>
      <PageHeader title="Mes factures" description="Le module de facturation, gratuit pour tous nos clients." />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Ce que vous pouvez faire
          </Title>
          <List
            spacing="sm"
            icon={
              <ThemeIcon color="green" size={22} radius="xl">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {FEATURES.map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {active ? 'Le module est activé' : 'Activer le module'}
          </Title>
          {active ? (
            <Stack>
              <Text>Votre société a déjà accès au module de facturation.</Text>
              {hasList && (
                <Button component={Link} to={INVOICE_LIST}>
                  Voir mes factures
                </Button>
              )}
            </Stack>
          ) : (
            <Stack>
              <Text>
                Le module est <strong>gratuit</strong>. Pour l’activer, contactez le support : nous l’ouvrons pour votre
                société le jour même.
              </Text>
              <Button
                component="a"
                href={`tel:${phone.replace(/\s/g, '')}`}
                leftSection={<IconPhone size={18} />}
                size="md"
              >
                Appeler le {phone}
              </Button>
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      {active && company && (
        <BankDetailsCard companyId={company.id} canEdit={can(profile, 'edit', { menu: 'mesFactures' })} />
      )}
    </Stack>
  );
}
