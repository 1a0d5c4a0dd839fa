import type { SchoolSignup } from '@colophon/contract';
import {
  accountType,
  agreementYears,
  bookType,
  countryOptions,
  isParentAccountType,
  isSuperAdmin,
  PARENT_ACCOUNT_TYPES,
  softwareType,
  timeZone,
  userRole,
} from '@colophon/domain';
import {
  Alert,
  Button,
  Group,
  List,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertTriangle, IconCircleCheck, IconMailCheck, IconSchool } from '@tabler/icons-react';
import { type JSX, useState } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { ErrorState, LoadingState } from '../../components/feedback/QueryState';
import { FormActions } from '../../components/form/FormActions';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { Section } from '../../components/layout/Section';
import { useSession } from '../../lib/session';
import { AccountLink, useCanSeeBrazil } from '../accounts';
import { ProjectLink, useProjectOptions } from '../projects';
import { useSchoolSignup } from './api';
import { emptySignup, projectYearOf, signupFormSchema } from './signupFormSchema';

const schoolTypes = accountType.options(accountType.codes.filter((code) => !isParentAccountType(code)));
const agreementYearOptions = agreementYears.map((year) => ({ value: year, label: year }));

/** /admin/ypa: sign a school up in one step (account, adviser, project and agreement year), then say what was made. */
export function SchoolSignupPage(): JSX.Element {
  const [result, setResult] = useState<SchoolSignup | null>(null);
  const [round, setRound] = useState(0);
  if (result) {
    return (
      <SignupResult
        result={result}
        onAnother={() => {
          setResult(null);
          setRound((previous) => previous + 1);
        }}
      />
    );
  }
  return <SignupForm key={round} onDone={setResult} />;
}

function SignupForm({ onDone }: { onDone: (result: SchoolSignup) => void }) {
  const session = useSession();
  const isSuper = isSuperAdmin(session?.user);
  const first = session?.immediateAccounts[0];
  const defaultParent = first && isParentAccountType(first.type) && first.depth < 2 ? first.id : null;
  const brazil = useCanSeeBrazil();
  const options = useProjectOptions();
  const signup = useSchoolSignup();
  const schemaForm = useSchemaForm({
    schema: signupFormSchema({ parentRequired: !isSuper }),
    initialValues: emptySignup(defaultParent),
    submit: (body) => signup.mutateAsync(body),
    successMessage: null,
    onSuccess: onDone,
  });
  const { form, onSubmit } = schemaForm;
  const values = form.getValues();
  const schoolName = values.account.name.trim() || 'School';

  if (options.isPending) return <LoadingState label="Loading the sign-up form…" />;
  if (options.isError) return <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  const bookTypes = options.data.bookTypes;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="School sign-up">
      <Stack gap="lg" maw={880}>
        <Section title="School" description="The school’s account, placed under a studio or branch office of yours.">
          <TextInput label="School name" required {...form.getInputProps('account.name')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Type"
              required
              data={schoolTypes}
              value={values.account.type ? String(values.account.type) : null}
              onChange={(next) => form.setFieldValue('account.type', next ? Number(next) : 0)}
              onBlur={() => form.validateField('account.type')}
              error={form.errors['account.type']}
            />
            <Select
              label="Software"
              data={softwareType.options()}
              allowDeselect={false}
              value={String(values.account.typeSoftware)}
              onChange={(next) => form.setFieldValue('account.typeSoftware', Number(next ?? 0))}
              error={form.errors['account.typeSoftware']}
            />
            <Select
              label="Country"
              data={countryOptions(brazil)}
              allowDeselect={false}
              {...form.getInputProps('account.country')}
            />
          </SimpleGrid>
          <AccountPicker
            label="Studio or branch office"
            required={!isSuper}
            value={values.account.parentAccountId}
            onChange={(id) => form.setFieldValue('account.parentAccountId', id)}
            filters={{ type: [...PARENT_ACCOUNT_TYPES], depth: [0, 1] }}
            clearable={isSuper}
            description={isSuper ? 'Leave empty for a school that deals with the plant directly.' : undefined}
            error={form.errors['account.parentAccountId']}
          />
        </Section>

        <Section
          title="Adviser"
          description={`The school’s ${userRole.label(5)}. They get a welcome e-mail with a link to set a password.`}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required {...form.getInputProps('adviser.firstName')} />
            <TextInput label="Last name" required {...form.getInputProps('adviser.lastName')} />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="off"
              {...form.getInputProps('adviser.email')}
            />
            <Select
              label="Time zone"
              data={timeZone.options()}
              allowDeselect={false}
              {...form.getInputProps('adviser.timezone')}
            />
          </SimpleGrid>
        </Section>

        <Section
          title="Yearbook"
          description="The first project. Fields left open take the studio’s defaults for new projects."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Agreement year"
              required
              data={agreementYearOptions}
              allowDeselect={false}
              description={`The project is the ${projectYearOf(values.agreementYear)} book.`}
              {...form.getInputProps('agreementYear')}
            />
            <TextInput
              label="Project name"
              placeholder={`${schoolName} Yearbook ${values.agreementYear}`}
              description="Leave empty for the name shown."
              {...form.getInputProps('project.name')}
            />
            <Select
              label="Book type"
              required
              data={bookTypes}
              description={
                bookTypes.length < bookType.codes.length
                  ? 'The book types offered to sales representatives.'
                  : undefined
              }
              value={values.project.typeBook ? String(values.project.typeBook) : null}
              onChange={(next) => form.setFieldValue('project.typeBook', next ? Number(next) : 0)}
              onBlur={() => form.validateField('project.typeBook')}
              error={form.errors['project.typeBook']}
            />
            <NumberInput
              label="Copies"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={values.project.copies ?? ''}
              onChange={(next) => form.setFieldValue('project.copies', typeof next === 'number' ? next : null)}
              error={form.errors['project.copies']}
            />
            <DateInput
              label="Submission deadline"
              valueFormat="MM/DD/YYYY"
              placeholder="MM/DD/YYYY"
              clearable
              value={values.project.submissionDeadline}
              onChange={(next) => form.setFieldValue('project.submissionDeadline', next || null)}
              error={form.errors['project.submissionDeadline']}
            />
          </SimpleGrid>
        </Section>

        <FormActions
          schemaForm={schemaForm}
          submitLabel="Sign up school"
          size="md"
          submitIcon={<IconSchool size={18} />}
        />
      </Stack>
    </form>
  );
}

function SignupResult({ result, onAnother }: { result: SchoolSignup; onAnother: () => void }) {
  const { account, adviser, project } = result;
  const adviserName = `${adviser.firstName} ${adviser.lastName}`.trim();
  return (
    <Stack gap="lg" maw={880}>
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        title={`${account.name} is signed up`}
        role="status"
      >
        The school, its adviser and its first project were created together.
      </Alert>
      <Section title="What was created">
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light">
              <IconCircleCheck size={14} />
            </ThemeIcon>
          }
        >
          <List.Item>
            <Text size="sm">
              Account <AccountLink id={account.id} name={account.name} /> ({account.code}),{' '}
              {accountType.label(account.type)}
            </Text>
          </List.Item>
          <List.Item>
            <Text size="sm">
              Adviser {adviserName} ({adviser.email})
            </Text>
          </List.Item>
          <List.Item>
            <Text size="sm">
              Project <ProjectLink id={project.id}>{project.name}</ProjectLink> for {project.year}, agreement year{' '}
              {result.agreementYear}, {bookType.label(project.typeBook)}
              {project.copies ? `, ${project.copies.toLocaleString('en-US')} copies` : ''}
            </Text>
          </List.Item>
        </List>
      </Section>
      {result.welcomeEmail === 'sent' ? (
        <Alert color="blue" variant="light" icon={<IconMailCheck size={20} />} title="Welcome e-mail sent">
          {`${adviserName} was e-mailed at ${adviser.email} with a link to set a password (valid for 7 days).`}
        </Alert>
      ) : (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title="Welcome e-mail not sent">
          {`The e-mail to ${adviser.email} could not be sent. The sign-up stands: ${adviserName} can choose a password with “Forgot password” on the sign-in page.`}
        </Alert>
      )}
      <Group>
        <Button onClick={onAnother}>Sign up another school</Button>
      </Group>
    </Stack>
  );
}
