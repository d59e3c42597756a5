import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page/page-header';
import { getBranding } from '../../lib/branding';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /mentions-legales, built from the branding configuration (LCEN art. 6). */
export function LegalNoticePage() {
  const b = getBranding();
  return (
    <Paper withBorder p="xl" maw={860}>
      <PageHeader title="Mentions légales" />
      <Stack gap="lg">
        <Section title="Éditeur">
          <Text>
            {b.productName} est édité par {b.legal.name}, société au capital de {b.legal.capital}, immatriculée sous le
            numéro SIREN {b.legal.siren}, dont le siège social est situé {b.legal.address}.
          </Text>
          <Text>Directeur ou directrice de la publication : {b.legal.director}.</Text>
          <Text>
            Contact : {b.supportEmail} — {b.supportPhone}.
          </Text>
        </Section>
        <Section title="Hébergement">
          <Text>Le service est {b.legal.host}.</Text>
        </Section>
        <Section title="Données personnelles">
          <Text>
            Les données que vous déposez (documents, factures, clients) sont traitées pour le compte de votre entreprise
            et de son cabinet comptable, responsables de traitement, dans le seul but de fournir le service. Elles ne
            sont ni vendues ni cédées.
          </Text>
          <Text>
            Conformément au RGPD, vous disposez d’un droit d’accès, de rectification, d’effacement et de portabilité de
            vos données ; écrivez à {b.supportEmail}. Vous pouvez aussi saisir la CNIL.
          </Text>
          <Text>Les factures et avoirs sont conservés dix ans, comme l’exige le Code de commerce.</Text>
        </Section>
        <Section title="Propriété intellectuelle">
          <Text>
            La marque {b.productName}, l’interface et les contenus du service sont protégés. Toute reproduction sans
            autorisation est interdite.
          </Text>
        </Section>
      </Stack>
    </Paper>
  );
}

/** /politique-cookies: the app sets no advertising or tracking cookie. */
export function CookiePolicyPage() {
  const b = getBranding();
  return (
    <Paper withBorder p="xl" maw={860}>
      <PageHeader title="Politique de cookies" />
      <Stack gap="lg">
        <Text>
          {b.productName} n’utilise aucun cookie publicitaire ni de mesure d’audience. Aucun consentement n’est donc
          demandé.
        </Text>
        <Section title="Ce que l’application enregistre sur votre appareil">
          <List spacing="xs">
            <List.Item>
              Votre session de connexion, pour rester connecté entre deux visites ; elle est effacée à la déconnexion.
              Une déconnexion faite sans réseau garde seulement son jeton, le temps de le faire annuler par le serveur à
              la prochaine connexion.
            </List.Item>
            <List.Item>
              Vos choix d’affichage : fermeture du bandeau de facturation électronique et de l’annonce du module de
              facturation.
            </List.Item>
            <List.Item>
              Une copie de travail de vos données (clients, articles, devis, factures, brouillons et modifications en
              attente d’envoi), pour travailler sans connexion ; elle est effacée à la déconnexion, sauf vos brouillons
              et vos modifications pas encore envoyées : la déconnexion vous le signale, vous propose de les supprimer,
              et sinon ils vous attendent, visibles de vous seul, à votre prochaine connexion sur cet appareil.
            </List.Item>
            <List.Item>Les fichiers de l’application, pour qu’elle s’ouvre même hors ligne.</List.Item>
          </List>
        </Section>
        <Section title="Comment les effacer">
          <Text>
            Déconnectez-vous : les données de votre session sont supprimées de l’appareil (vos brouillons et vos
            modifications pas encore envoyées aussi, si vous le choisissez). Vous pouvez aussi effacer les données du
            site dans les réglages de votre navigateur.
          </Text>
        </Section>
      </Stack>
    </Paper>
  );
}

/** /page-assistance: how to reach support. */
export function AssistancePage() {
  const b = getBranding();
  return (
    <Paper withBorder p="xl" maw={860}>
      <PageHeader title="Assistance" />
      <Stack gap="lg">
        <Section title="Nous contacter">
          <Text>
            Par téléphone : <Anchor href={`tel:${b.supportPhone.replace(/\s/g, '')}`}>{b.supportPhone}</Anchor>, du
            lundi au vendredi de 9 h à 18 h.
          </Text>
          <Text>
            Par e-mail : <Anchor href={`mailto:${b.supportEmail}`}>{b.supportEmail}</Anchor>. Nous répondons sous un
            jour ouvré.
          </Text>
        </Section>
        <Section title="Questions fréquentes">
          <List spacing="xs">
            <List.Item>
              Mot de passe oublié : utilisez le lien « Mot de passe oublié ? » de la page de connexion.
            </List.Item>
            <List.Item>Changer de société : cliquez sur le nom de la société en haut de l’écran.</List.Item>
            <List.Item>
              Activer le module de facturation : il est gratuit, appelez le support au {b.supportPhone}.
            </List.Item>
            <List.Item>
              Travailler sans connexion : après une première visite, l’application s’ouvre hors ligne ; vos
              modifications sont envoyées dès le retour du réseau.
            </List.Item>
          </List>
        </Section>
      </Stack>
    </Paper>
  );
}
