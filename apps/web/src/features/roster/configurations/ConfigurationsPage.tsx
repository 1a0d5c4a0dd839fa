import { rosterGrade, rosterSignatureMethod } from '@colophon/domain';
import type {
  configurationSchema,
  District,
  inheritedConfigSchema,
  schoolSchema,
  settingsSchema,
} from '@colophon/roster/contract';
import {
  authKinds,
  configurationCreateSchema,
  configurationUpdateSchema,
  NO_CONFIGURATION,
  oneRosterVersions,
  syncSchedules,
} from '@colophon/roster/contract';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { z } from 'zod';
import { QueryState } from '../../../components/feedback/QueryState';
import { FormActions } from '../../../components/form/FormActions';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { RosterError } from '../../../lib/roster';
import { rosterCall, rosterKeys, useRosterList, useRosterMutation, useRosterRecord, type Wire } from '../api';
import type { ConfigurationsSearch } from '../routes';

const route = getRouteApi('/admin/roster/configurations');
const ALL = { perPage: 200, sort: 'name' };

type Configuration = Wire<z.infer<typeof configurationSchema>>;
type Inherited = Wire<z.infer<typeof inheritedConfigSchema>>;
type Settings = z.infer<typeof settingsSchema>;
type Owner = { schoolId: number } | { districtId: number };

/** How each choice reads: the contract holds the codes, these are their words on screen. */
const versionOptions = oneRosterVersions.map((version) => ({ value: version, label: `OneRoster ${version}` }));
const authOptions = authKinds.map((kind) => ({
  value: kind,
  label: kind === 'oauth2' ? 'OAuth 2 (client credentials)' : 'OAuth 1.0a (signed requests)',
}));
const scheduleOptions = syncSchedules.map((schedule) => ({
  value: schedule,
  label: schedule === 'off' ? 'Off (sync on demand)' : schedule === 'daily' ? 'Every day' : 'Every week',
}));

/**
 * /admin/roster/configurations: a school's or a district's OneRoster endpoint (version, base URL,
 * authentication, client id, and a write-only secret), what a school inherits from its district, and
 * the roster settings (sync schedule, grades).
 */
export function ConfigurationsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<ConfigurationsSearch>) => void navigate({ search: patch });
  const schools = useRosterList<z.infer<typeof schoolSchema>>('/schools', ALL);
  const districts = useRosterList<District>('/districts', ALL);
  const [kind, setKind] = useState<'school' | 'district'>(search.districtId ? 'district' : 'school');
  const owner: Owner | null = search.schoolId
    ? { schoolId: search.schoolId }
    : search.districtId
      ? { districtId: search.districtId }
      : null;

  return (
    <Stack gap="lg">
      <Group align="flex-end">
        <SegmentedControl
          aria-label="Configure a school or a district"
          value={kind}
          onChange={(next) => {
            setKind(next === 'district' ? 'district' : 'school');
            setSearch({});
          }}
          data={[
            { value: 'school', label: 'School' },
            { value: 'district', label: 'District' },
          ]}
        />
        {kind === 'school' ? (
          <Select
            label="School"
            placeholder="Choose a school"
            searchable
            data={(schools.data?.data ?? []).map((school) => ({ value: String(school.id), label: school.name }))}
            value={search.schoolId ? String(search.schoolId) : null}
            onChange={(next) => setSearch(next ? { schoolId: Number(next) } : {})}
            w={320}
          />
        ) : (
          <Select
            label="District"
            placeholder="Choose a district"
            searchable
            data={(districts.data?.data ?? []).map((district) => ({
              value: String(district.id),
              label: district.name,
            }))}
            value={search.districtId ? String(search.districtId) : null}
            onChange={(next) => setSearch(next ? { districtId: Number(next) } : {})}
            w={320}
          />
        )}
      </Group>
      {owner === null ? (
        <Text c="dimmed">Choose a school or a district to see its OneRoster configuration and settings.</Text>
      ) : 'schoolId' in owner ? (
        <SchoolConfiguration key={`s${owner.schoolId}`} schoolId={owner.schoolId} />
      ) : (
        <DistrictConfiguration key={`d${owner.districtId}`} districtId={owner.districtId} />
      )}
      {owner ? <SettingsForm key={JSON.stringify(owner)} owner={owner} /> : null}
    </Stack>
  );
}

/**
 * The owner's own configuration (GET /configurations?schoolId= or ?districtId=), null when it has
 * none: the roster's 404 "No configuration". Any other failure (an owner the caller does not see)
 * stays an error.
 */
function useOwnConfiguration(owner: Owner) {
  return useQuery<Configuration | null>({
    queryKey: rosterKeys.record('/configurations', JSON.stringify(owner), owner),
    queryFn: async ({ signal }) => {
      try {
        return await rosterCall<Configuration>('get', '/configurations', { query: owner, signal });
      } catch (error) {
        if (error instanceof RosterError && error.statusCode === 404 && error.message === NO_CONFIGURATION) return null;
        throw error;
      }
    },
  });
}

/** A school's own configuration, or the district's it inherits (shown, not editable here), or none. */
function SchoolConfiguration({ schoolId }: { schoolId: number }) {
  const own = useOwnConfiguration({ schoolId });
  return (
    <EndpointPaper>
      <QueryState query={own} loadingLabel="Loading the configuration…">
        {(configuration) =>
          configuration ? (
            <ConfigurationForm owner={{ schoolId }} configuration={configuration} />
          ) : (
            <InheritedOrNew schoolId={schoolId} />
          )
        }
      </QueryState>
    </EndpointPaper>
  );
}

/** A school without its own configuration: its district's, which it inherits, else a new one. */
function InheritedOrNew({ schoolId }: { schoolId: number }) {
  const inherited = useRosterRecord<Inherited>('/one-roster/inherited-config', schoolId);
  const [own, setOwn] = useState(false);
  return (
    <QueryState query={inherited} loadingLabel="Loading the configuration…">
      {(answer) =>
        answer.source === 'district' && answer.configuration && !own ? (
          <Stack gap="sm">
            <Alert color="blue" variant="light" title="Inherited from the district">
              This school uses its district's configuration: {answer.configuration.baseUrl} (OneRoster{' '}
              {answer.configuration.version}, client {answer.configuration.clientId}).
            </Alert>
            <Button variant="light" w="fit-content" onClick={() => setOwn(true)}>
              Give the school its own configuration
            </Button>
          </Stack>
        ) : (
          <ConfigurationForm owner={{ schoolId }} configuration={null} />
        )
      }
    </QueryState>
  );
}

/** A district's own configuration, looked up by the district itself (none yet: a new one). */
function DistrictConfiguration({ districtId }: { districtId: number }) {
  const own = useOwnConfiguration({ districtId });
  return (
    <EndpointPaper>
      <QueryState query={own} loadingLabel="Loading the configuration…">
        {(configuration) => (
          // Keyed: once created, the form starts again from the saved configuration (PUT from then on).
          <ConfigurationForm key={configuration?.id ?? 'new'} owner={{ districtId }} configuration={configuration} />
        )}
      </QueryState>
    </EndpointPaper>
  );
}

function EndpointPaper({ children }: { children: JSX.Element }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          OneRoster endpoint
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The form's values: the secret field is empty unless a new one is typed (it is never sent back).
 * Both kinds' vendor fields are kept while the person switches kinds; only the chosen kind's is
 * checked and sent (an empty token URL: the vendor's is `<origin>/token`).
 */
const configurationFormSchema = z
  .object({
    version: z.enum(oneRosterVersions),
    baseUrl: configurationUpdateSchema.shape.baseUrl,
    authKind: z.enum(authKinds),
    tokenUrl: z.string().trim().max(2000),
    signatureMethod: z.enum(rosterSignatureMethod.codes),
    clientId: configurationUpdateSchema.shape.clientId,
    clientSecret: z.string().max(2000),
  })
  .superRefine(({ authKind, tokenUrl }, context) => {
    if (authKind !== 'oauth2' || tokenUrl === '') return;
    const checked = configurationUpdateSchema.shape.tokenUrl.safeParse(tokenUrl);
    if (!checked.success) {
      context.addIssue({ code: 'custom', path: ['tokenUrl'], message: 'Enter an http or https address' });
    }
  });
type ConfigurationFormValues = z.infer<typeof configurationFormSchema>;

/** What is sent: the chosen kind's vendor field only (the roster refuses the other kind's). */
function endpointBody({ clientSecret, tokenUrl, signatureMethod, ...fields }: ConfigurationFormValues) {
  return {
    ...fields,
    ...(fields.authKind === 'oauth2' ? { tokenUrl: tokenUrl === '' ? null : tokenUrl } : { signatureMethod }),
    // An empty secret keeps the stored one (left out of the body); a typed one replaces it.
    ...(clientSecret === '' ? {} : { clientSecret }),
  };
}

function ConfigurationForm({ owner, configuration }: { owner: Owner; configuration: Configuration | null }) {
  const [replacing, setReplacing] = useState(false);
  const save = useRosterMutation<Configuration, Record<string, unknown>>(
    ['/configurations', '/one-roster/inherited-config', '/schools'],
    {
      mutationFn: (body) =>
        configuration
          ? rosterCall('put', `/configurations/${configuration.id}`, { body })
          : rosterCall('post', '/configurations', { body: configurationCreateSchema.parse({ ...owner, ...body }) }),
    },
  );
  const schemaForm = useSchemaForm({
    schema: configurationFormSchema,
    initialValues: {
      version: configuration?.version ?? '1.2',
      baseUrl: configuration?.baseUrl ?? '',
      authKind: configuration?.authKind ?? 'oauth2',
      tokenUrl: configuration?.tokenUrl ?? '',
      signatureMethod: configuration?.signatureMethod ?? rosterSignatureMethod.HmacSha256,
      clientId: configuration?.clientId ?? '',
      clientSecret: '',
    },
    method: configuration ? 'PUT' : 'POST',
    submit: (values) => save.mutateAsync(endpointBody(values)),
    successMessage: 'The OneRoster configuration is saved.',
    onSuccess: () => setReplacing(false),
  });
  const { form, onSubmit } = schemaForm;
  const askSecret = !configuration?.hasSecret || replacing;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Version"
            required
            data={versionOptions}
            allowDeselect={false}
            {...form.getInputProps('version')}
          />
          <Select
            label="Authentication"
            required
            data={authOptions}
            allowDeselect={false}
            {...form.getInputProps('authKind')}
          />
        </SimpleGrid>
        <TextInput
          label="Base URL"
          required
          description="The information system's OneRoster address, e.g. https://sis.example.org/ims/oneroster/rostering/v1p2"
          {...form.getInputProps('baseUrl')}
        />
        {form.values.authKind === 'oauth2' ? (
          <TextInput
            label="Token URL"
            description="Where the system issues OAuth 2 tokens; leave empty when it is /token at the base URL's address"
            {...form.getInputProps('tokenUrl')}
          />
        ) : (
          <Select
            label="Signature method"
            description="How requests are signed; HMAC-SHA1 only where the system asks for it"
            required
            data={rosterSignatureMethod.options()}
            allowDeselect={false}
            {...form.getInputProps('signatureMethod')}
          />
        )}
        <TextInput label="Client id" required autoComplete="off" {...form.getInputProps('clientId')} />
        {askSecret ? (
          <PasswordInput
            label="Client secret"
            description={
              configuration?.hasSecret ? 'Replaces the stored secret' : 'Stored encrypted, never shown again'
            }
            autoComplete="new-password"
            {...form.getInputProps('clientSecret')}
          />
        ) : (
          <Group gap="sm">
            <Text size="sm">A secret is stored.</Text>
            <Button variant="subtle" size="xs" onClick={() => setReplacing(true)}>
              Replace secret
            </Button>
          </Group>
        )}
      </Stack>
      <FormActions
        schemaForm={schemaForm}
        submitLabel={configuration ? 'Save configuration' : 'Create configuration'}
        sticky={false}
      />
    </form>
  );
}

const settingsFormSchema = z.object({
  syncSchedule: z.enum(syncSchedules),
  grades: z.array(z.enum(rosterGrade.codes)).max(20),
});

/** The roster settings of the school or district: its sync schedule and the grades it rosters. */
function SettingsForm({ owner }: { owner: Owner }) {
  const settings = useRosterRecord<Settings>('/settings', JSON.stringify(owner), { url: '/settings', query: owner });
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Settings
        </Title>
        <QueryState query={settings} loadingLabel="Loading the settings…">
          {(current) => <SettingsFields owner={owner} settings={current} />}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function SettingsFields({ owner, settings }: { owner: Owner; settings: Settings }) {
  const save = useRosterMutation<Settings, z.infer<typeof settingsFormSchema>>(['/settings', '/schools'], {
    mutationFn: (body) => rosterCall('put', '/settings', { body: { ...owner, ...body } }),
  });
  const schemaForm = useSchemaForm({
    schema: settingsFormSchema,
    initialValues: {
      syncSchedule: settings.syncSchedule,
      grades: settings.grades.filter((grade) => rosterGrade.has(grade)),
    },
    method: 'PUT',
    submit: (body) => save.mutateAsync(body),
    successMessage: 'The roster settings are saved.',
  });
  const { form, onSubmit } = schemaForm;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Select
          label="Sync schedule"
          data={scheduleOptions}
          allowDeselect={false}
          {...form.getInputProps('syncSchedule')}
        />
        <MultiSelect
          label="Grades"
          description="The grades the roster keeps; none: every grade"
          data={rosterGrade.options()}
          {...form.getInputProps('grades')}
        />
      </Stack>
      <FormActions schemaForm={schemaForm} submitLabel="Save settings" sticky={false} />
    </form>
  );
}
