import type { Account, InternalReviewSettings } from '@colophon/contract';
import { accountType, country, formatDateTime, softwareType, walkthroughTargets, whereCreated } from '@colophon/domain';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PlainTable } from '../../components/data-table/PlainTable';
import { EmptyState, QueryState } from '../../components/feedback/QueryState';
import { Fact, FactGrid } from '../../components/layout/Facts';
import { Section } from '../../components/layout/Section';
import { useSession } from '../../lib/session';
import { AccountImages } from './AccountImages';
import { internalReviewOptions } from './api';
import { AccountLink } from './columns';

const levelNames = ['Top level', 'Under a studio', 'Two levels down'];
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function OnOff({ on, onLabel = 'On', offLabel = 'Off' }: { on: boolean; onLabel?: string; offLabel?: string }) {
  return (
    <Badge variant="light" color={on ? 'green' : 'gray'}>
      {on ? onLabel : offLabel}
    </Badge>
  );
}

/**
 * Who decides internal review for the account: itself, its parent or grandparent, or nobody. The API
 * names the deciding account (the same for every viewer) and says whether this viewer may open it.
 */
function DecidedBy({ account, decidedBy }: { account: Account; decidedBy: InternalReviewSettings['decidedBy'] }) {
  if (decidedBy === null) return <>nobody has set it, so it is off</>;
  if (decidedBy.id === account.id) return <>set on this account</>;
  return (
    <>
      decided by <AccountLink id={decidedBy.id} name={decidedBy.name} canOpen={decidedBy.canOpen} />
    </>
  );
}

function InternalReviewSection({ account }: { account: Account }) {
  const query = useQuery(internalReviewOptions(account.id));
  return (
    <Section
      title="Internal review"
      description="Whether proofs pass the plant’s internal review before the school sees them."
    >
      <QueryState query={query} loadingLabel="Loading the review settings…">
        {(settings) => (
          <Stack gap="sm">
            <FactGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Fact label="Internal review">
                <OnOff on={settings.internalReview} />
              </Fact>
              <Fact label="Opted out of internal review">
                <OnOff on={settings.optOutInternalReview} onLabel="Opted out" offLabel="No" />
              </Fact>
              <Fact label="Adviser review notes">
                <OnOff on={settings.optInAdviserReviewNotes} onLabel="Opted in" offLabel="No" />
              </Fact>
            </FactGrid>
            <Text size="sm" aria-live="polite">
              In effect: proofs {settings.effectiveInternalReview ? 'go through' : 'skip'} internal review (
              <DecidedBy account={account} decidedBy={settings.decidedBy} />
              ).
            </Text>
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}

/** An account's profile: what it is, where it sits, its review settings, addresses, contacts, logo and image. */
export function AccountProfileTab({ account, canManage }: { account: Account; canManage: boolean }) {
  const zone = useSession()?.user.timezone;
  return (
    <Stack gap="lg">
      <Section title="Details">
        <FactGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Fact label="Code">{account.code}</Fact>
          <Fact label="Type">{accountType.label(account.type)}</Fact>
          <Fact label="Software" tour={walkthroughTargets.softwareCard}>
            {softwareType.label(account.typeSoftware)}
          </Fact>
          <Fact label="Created at">{whereCreated.label(account.typeWhereCreated)}</Fact>
          <Fact label="Country">{country.label(account.country)}</Fact>
          <Fact label="Parent account">
            {account.parent ? (
              <AccountLink id={account.parent.id} name={account.parent.name} canOpen={account.parent.canOpen} />
            ) : (
              'None (top level)'
            )}
          </Fact>
          <Fact label="Level">{levelNames[account.depth] ?? account.depth}</Fact>
          <Fact label="Two-step sign-in required">{yesNo(account.mfaRequired)}</Fact>
          <Fact label="Must pay before production">{yesNo(account.bMustPayBeforeProduction)}</Fact>
          <Fact label="Status">
            <OnOff on={account.isActive} onLabel="Active" offLabel="Inactive" />
          </Fact>
          <Fact label="Created">{formatDateTime(account.createdAt, zone)}</Fact>
          <Fact label="Last changed">{formatDateTime(account.updatedAt, zone)}</Fact>
        </FactGrid>
      </Section>

      <InternalReviewSection account={account} />

      <Section title="Addresses">
        {(account.addresses ?? []).length === 0 ? (
          <EmptyState>No addresses.</EmptyState>
        ) : (
          <PlainTable label="Addresses" columns={['Kind', 'Address', 'Country']} minWidth={480}>
            {(account.addresses ?? []).map((address) => (
              <Table.Tr key={address.id}>
                <Table.Td tt="capitalize">{address.kind}</Table.Td>
                <Table.Td>
                  {[address.line1, address.line2, address.city, address.region, address.postalCode]
                    .filter(Boolean)
                    .join(', ')}
                </Table.Td>
                <Table.Td>{country.label(address.country)}</Table.Td>
              </Table.Tr>
            ))}
          </PlainTable>
        )}
      </Section>

      <Section title="Contacts">
        {(account.contacts ?? []).length === 0 ? (
          <EmptyState>No contacts.</EmptyState>
        ) : (
          <PlainTable label="Contacts" columns={['Name', 'Title', 'Email', 'Phone']} minWidth={560}>
            {(account.contacts ?? []).map((contact) => (
              <Table.Tr key={contact.id}>
                <Table.Td>
                  <Group gap="xs">
                    {contact.name}
                    {contact.isPrimary ? (
                      <Badge size="xs" variant="light">
                        Primary
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{contact.title ?? '—'}</Table.Td>
                <Table.Td>{contact.email ?? '—'}</Table.Td>
                <Table.Td>{contact.phone ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </PlainTable>
        )}
      </Section>

      <Section title="Logo and image">
        <AccountImages account={account} canManage={canManage} />
      </Section>
    </Stack>
  );
}
