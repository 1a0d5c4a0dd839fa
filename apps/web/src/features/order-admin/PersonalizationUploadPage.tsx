import {
  MAX_PERSONALIZATION_CSV_BYTES,
  type PersonalizationUpload,
  uploadPersonalizationNames,
} from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Alert, Button, Code, FileInput, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { PlainTable } from '../../components/data-table/PlainTable';
import { ApiError, errorMessage } from '../../lib/api-client';
import { call } from '../../lib/call';
import { listQuery } from '../../lib/list-search';
import { useInvalidatingMutation } from '../../lib/resource';
import { useSession } from '../../lib/session';
import { personalizationUploadsResource } from './api';
import { type CsvPreview, csvPreview } from './csvPreview';
import type { PersonalizationSearch } from './search';

const route = getRouteApi('/admin/super/personalization-upload');

type Chosen = { filename: string; data: string; preview: CsvPreview };
type UploadBody = { filename: string; data: string };

/**
 * /admin/super/personalization-upload: a CSV of the names for an order's personalized covers. The
 * file is read in the browser and previewed; the API checks every row (a bad one is named by its
 * line and nothing is saved) and sends the names to the order's plant.
 */
export function PersonalizationUploadPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const zone = useSession()?.user.timezone;
  const uploads = personalizationUploadsResource.useList({ ...listQuery(search), include: ['order'] });
  const setSearch = (patch: Partial<PersonalizationSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });

  const columns: DataTableColumn<PersonalizationUpload>[] = [
    { accessor: 'filename', title: 'File', sortable: true },
    {
      accessor: 'order',
      title: 'Order',
      render: (upload) => upload.order?.externalId ?? `Order ${upload.orderId}`,
    },
    { accessor: 'school', title: 'School', render: (upload) => upload.order?.accountName ?? '—' },
    { accessor: 'rowCount', title: 'Rows', sortable: true, textAlign: 'right' },
    {
      accessor: 'createdAt',
      title: 'Uploaded',
      sortable: true,
      render: (upload) => formatDateTime(upload.createdAt, zone),
    },
    {
      accessor: 'sentAt',
      title: 'Sent to the plant',
      render: (upload) => (upload.sentAt ? formatDateTime(upload.sentAt, zone) : 'Not yet'),
    },
  ];

  return (
    <Stack gap="xl">
      <UploadForm />
      <Stack gap="sm">
        <Title order={2} size="h3">
          Past uploads
        </Title>
        <DataTable<PersonalizationUpload>
          label="Personalization uploads"
          columns={columns}
          query={uploads}
          search={search}
          onSearchChange={setSearch}
          emptyText="No personalization files uploaded yet"
          filters={[{ key: 'search', kind: 'search', placeholder: 'File name' }]}
        />
      </Stack>
    </Stack>
  );
}

/** The file's text (FileReader: `File.text()` is missing from older browsers and from jsdom). */
function readAsText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** Every message of a refusal: the API names each bad row by its line ("Line 7: …"). */
function refusalMessages(error: unknown): string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors.map((problem) => problem.message);
  return [errorMessage(error)];
}

function UploadForm() {
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const [uploaded, setUploaded] = useState<PersonalizationUpload | null>(null);
  const upload = useInvalidatingMutation<PersonalizationUpload, UploadBody>(
    [personalizationUploadsResource.keys.all, ['orders']],
    { mutationFn: (body) => call(uploadPersonalizationNames, { body }) },
  );

  const choose = async (next: File | null) => {
    setFile(next);
    setChosen(null);
    setFileError(null);
    setRefusal(null);
    setUploaded(null);
    if (!next) return;
    if (!/\.csv$/i.test(next.name)) return setFileError('Choose a .csv file');
    if (next.size > MAX_PERSONALIZATION_CSV_BYTES) return setFileError('The file is larger than 5 MB');
    const data = await readAsText(next).catch(() => null);
    if (data === null) return setFileError('The file could not be read');
    if (data.trim() === '') return setFileError('The file is empty');
    setChosen({ filename: next.name, data, preview: csvPreview(data) });
  };

  const send = async () => {
    if (!chosen) return;
    setRefusal(null);
    try {
      const result = await upload.mutateAsync({ filename: chosen.filename, data: chosen.data });
      setUploaded(result);
      setFile(null);
      setChosen(null);
    } catch (error) {
      setRefusal(refusalMessages(error));
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Text size="sm">
          A CSV of the names printed on an order's personalized covers. Its first line names the columns:{' '}
          <Code>first_name</Code> and <Code>last_name</Code> (or one <Code>name</Code>), and optionally{' '}
          <Code>grade</Code>, <Code>cover_name</Code> and <Code>icons</Code>. The file's name starts with the order
          number, e.g. <Code>ORD-26-00012.csv</Code>. At most 5 MB.
        </Text>
        <FileInput
          label="Names file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          clearable
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={(next) => void choose(next)}
          error={fileError}
        />
        {chosen ? <Preview preview={chosen.preview} /> : null}
        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Not uploaded" role="alert">
            <Stack gap="xs">
              <Text size="sm">Nothing was saved. Correct the file and upload it again:</Text>
              <List size="sm" spacing={2} aria-label="Problems in the file">
                {refusal.map((message, index) => (
                  // The same message may repeat on two lines of the file.
                  // biome-ignore lint/suspicious/noArrayIndexKey: messages are shown in the API's order, never reordered
                  <List.Item key={index}>{message}</List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        ) : null}
        {uploaded ? <UploadedNotice uploaded={uploaded} /> : null}
        <Group justify="flex-end">
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!chosen}
            loading={upload.isPending}
            onClick={() => void send()}
          >
            Upload names
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The saved upload, read again with its order (the upload's answer names the order by id only). */
function UploadedNotice({ uploaded }: { uploaded: PersonalizationUpload }) {
  const zone = useSession()?.user.timezone;
  const withOrder = personalizationUploadsResource.useDetail(uploaded.id, { include: ['order'] });
  const upload = withOrder.data ?? uploaded;
  return (
    <Alert color="green" variant="light" title="Uploaded" role="status">
      {upload.filename}: {upload.rowCount} {upload.rowCount === 1 ? 'name' : 'names'} for order{' '}
      {upload.order?.externalId ?? upload.orderId}
      {upload.order ? ` (${upload.order.accountName})` : ''}, uploaded {formatDateTime(upload.createdAt, zone)}
      {upload.sentAt ? `, sent to the plant ${formatDateTime(upload.sentAt, zone)}` : ''}.
    </Alert>
  );
}

function Preview({ preview }: { preview: CsvPreview }) {
  if (!preview.ok) {
    return (
      <Alert color="orange" variant="light" title="The file cannot be previewed">
        {preview.message}
      </Alert>
    );
  }
  const { header, rows, total } = preview;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {total} {total === 1 ? 'row' : 'rows'} after the header
        {total > rows.length ? `; the first ${rows.length} shown` : ''}.
      </Text>
      <PlainTable label="Preview of the file" columns={header} minWidth={480}>
        {rows.map((row, rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows are the file's, in its order
          <Table.Tr key={rowIndex}>
            {header.map((column, columnIndex) => (
              <Table.Td key={column}>{row[columnIndex] ?? ''}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </PlainTable>
    </Stack>
  );
}
