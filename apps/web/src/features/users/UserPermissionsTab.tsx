import { type User, userPermissionsBodySchema } from '@colophon/contract';
import { isSuperAdmin, mayAssignRole, permissionsOf, userRole } from '@colophon/domain';
import { Badge, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../components/feedback/QueryState';
import { FormActions } from '../../components/form/FormActions';
import { numberSelectProps } from '../../components/form/selectProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { accessSubjectOf } from '../../lib/access';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { type UserPermissions, userPermissionsOptions, useSaveUserPermissions } from './api';

export function UserPermissionsTab({ user, canManage }: { user: User; canManage: boolean }) {
  const query = useQuery(userPermissionsOptions(user.id));
  // No permissions row yet (404): the form starts from the user and creates it.
  const missing = query.isError && isApiError(query.error) && query.error.status === 404;
  if (query.isPending) return <LoadingState label="Loading permissions…" />;
  if (query.isError && !missing) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const current: UserPermissions = query.data ?? {
    userId: user.id,
    role: user.role,
    bSuperAdmin: user.bSuperAdmin,
    mfaRequired: user.mfaRequired,
    permissions: [],
  };
  return <PermissionsForm key={JSON.stringify(current)} current={current} exists={!missing} canManage={canManage} />;
}

function PermissionsForm({
  current,
  exists,
  canManage,
}: {
  current: UserPermissions;
  exists: boolean;
  canManage: boolean;
}) {
  const viewer = useSession()?.user;
  const viewerIsSuper = isSuperAdmin(viewer);
  const giver = accessSubjectOf(viewer);
  // Only the roles the viewer may give (the domain's rule: below their own rank), and the current one.
  const roleOptions = userRole.options().map((option) => ({
    ...option,
    disabled: Number(option.value) !== current.role && !(giver && mayAssignRole(giver, Number(option.value))),
  }));
  const save = useSaveUserPermissions(current.userId, exists);
  const schemaForm = useSchemaForm({
    schema: userPermissionsBodySchema,
    // Stored permissions are replaced (PUT); a user's first are created (POST).
    method: exists ? 'PUT' : 'POST',
    initialValues: { role: current.role, bSuperAdmin: current.bSuperAdmin, mfaRequired: current.mfaRequired },
    submit: (body) => save.mutateAsync(body),
    successMessage: 'Permissions are saved. The user signs in again to use them.',
  });
  const { form, onSubmit } = schemaForm;
  const values = form.getValues();
  const preview = userRole.has(values.role)
    ? permissionsOf({ role: values.role, bSuperAdmin: Boolean(values.bSuperAdmin) })
    : [];

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Select
          label="Role"
          data={roleOptions}
          allowDeselect={false}
          readOnly={!canManage}
          {...numberSelectProps(form, 'role')}
        />
        <Switch
          label="Super administrator"
          description={
            viewerIsSuper ? 'May do everything, on every account.' : 'Only a super administrator changes this.'
          }
          disabled={!canManage || !viewerIsSuper}
          {...form.getInputProps('bSuperAdmin', { type: 'checkbox' })}
        />
        <Switch
          label="Require two-step verification"
          disabled={!canManage}
          {...form.getInputProps('mfaRequired', { type: 'checkbox' })}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            What this gives
          </Text>
          <Group gap={6} aria-label="Permissions">
            {preview.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing
              </Text>
            ) : (
              preview.map((permission) => (
                <Badge key={permission} variant="light" color="gray" tt="none">
                  {permission}
                </Badge>
              ))
            )}
          </Group>
        </div>
      </Stack>
      {canManage ? <FormActions schemaForm={schemaForm} submitLabel="Save permissions" /> : null}
    </form>
  );
}
