import type { PricingAdjustment, PricingImportKind } from '@colophon/contract';
import {
  activePricingDesignations,
  formatCurrency,
  formatCurrencyInput,
  pricingAdjustmentType,
  pricingDesignation,
} from '@colophon/domain';
import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconUpload } from '@tabler/icons-react';
import { type JSX, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useCopyPricingYear, useImportPricing } from './api';

/** The years the price-list screens offer: 2024 to two years ahead of today. */
export function pricingYears(today = new Date()): number[] {
  const last = today.getFullYear() + 2;
  return Array.from({ length: last - 2024 + 1 }, (_, index) => 2024 + index);
}

/** The value of an adjustment as people read it: '$0.50 a book', '5.00 %', '5 free books'. */
export function adjustmentValue(
  adjustment: Pick<PricingAdjustment, 'typeAdjustment' | 'amountCents' | 'basisPoints' | 'freeBooks'>,
) {
  switch (adjustment.typeAdjustment) {
    case pricingAdjustmentType.PerBook:
      return `${formatCurrency(adjustment.amountCents ?? 0)} a book`;
    case pricingAdjustmentType.TotalDollar:
      return formatCurrency(adjustment.amountCents ?? 0);
    case pricingAdjustmentType.PercentageOfInvoice:
      return `${formatCurrencyInput(adjustment.basisPoints ?? 0)} %`;
    case pricingAdjustmentType.FreeBooks:
      return `${adjustment.freeBooks ?? 0} free books`;
    default:
      return '—';
  }
}

/** The years as a select's options, the latest first. */
export const yearOptions = () =>
  pricingYears()
    .reverse()
    .map((year) => ({ value: String(year), label: String(year) }));

export const designationOptions = activePricingDesignations.map((code) => ({
  value: code,
  label: `${code} — ${pricingDesignation.label(code)}`,
}));

/** An enumeration's entries as a select's options. */
export const codeOptions = (enumeration: { entries: readonly { code: number; label: string }[] }) =>
  enumeration.entries.map((entry) => ({ value: String(entry.code), label: entry.label }));

/** A filter of one value kept in the URL's list (`year[]=2026`). */
export function singleSelect(label: string, options: { value: string; label: string }[], numeric: boolean) {
  return (value: unknown, onChange: (next: unknown) => void) => (
    <Select
      aria-label={label}
      placeholder={`Any ${label.toLowerCase()}`}
      clearable
      w={170}
      data={options}
      value={Array.isArray(value) && value[0] !== undefined ? String(value[0]) : null}
      onChange={(next) => onChange(next ? [numeric ? Number(next) : next] : undefined)}
    />
  );
}

/** "Copy year forward": a year's lists to another; a filled target year is replaced only when asked. */
export function CopyYearButton({
  what,
  fromYear,
}: {
  what: 'price_lists' | 'adjustments';
  fromYear: number;
}): JSX.Element {
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState<number>(fromYear);
  const [to, setTo] = useState<number>(fromYear + 1);
  const [replace, setReplace] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const copy = useCopyPricingYear();
  const open = () => {
    setFrom(fromYear);
    setTo(fromYear + 1);
    setReplace(false);
    setConflict(null);
    setOpened(true);
  };
  const submit = async () => {
    try {
      const result = await copy.mutateAsync({ from, to, what, replace });
      const rows = Object.values(result.copied).reduce((sum, n) => sum + n, 0);
      notifications.show({ color: 'green', title: 'Copied', message: `${rows} rows copied from ${from} to ${to}.` });
      setOpened(false);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(errorMessage(error));
      else notifications.show({ color: 'red', title: 'Not copied', message: errorMessage(error) });
    }
  };
  return (
    <>
      <Button variant="default" leftSection={<IconCopy size={16} />} onClick={open}>
        Copy year forward
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Copy year forward">
        <Stack gap="sm">
          <Group grow>
            <NumberInput
              label="From year"
              min={2000}
              max={2100}
              value={from}
              onChange={(value) => setFrom(Number(value))}
            />
            <NumberInput label="To year" min={2000} max={2100} value={to} onChange={(value) => setTo(Number(value))} />
          </Group>
          {conflict ? (
            <Alert color="orange" title="That year has rows">
              {conflict}
            </Alert>
          ) : null}
          <Checkbox
            label={`Replace what ${to} already has`}
            checked={replace}
            onChange={(event) => setReplace(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button loading={copy.isPending} onClick={() => void submit()}>
              Copy
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** A file's text (FileReader: every browser, and the tests' DOM, which has no Blob.text()). */
function readAsText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** "Import CSV": the list's own export, edited; every bad row is listed by line and nothing is written. */
export function ImportCsvButton({ kind, label }: { kind: PricingImportKind; label: string }): JSX.Element {
  const importCsv = useImportPricing();
  const [problems, setProblems] = useState<{ path: string; message: string }[] | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const send = async (file: File | null) => {
    if (!file) return;
    setProblems(null);
    setSummary(null);
    try {
      const result = await importCsv.mutateAsync({ kind, csv: await readAsText(file) });
      notifications.show({
        color: 'green',
        title: 'Imported',
        message: `${file.name}: ${result.created} new, ${result.updated} updated.`,
      });
    } catch (error) {
      setSummary(errorMessage(error));
      setProblems(isApiError(error) ? error.errors : []);
    }
  };
  return (
    <>
      <FileButton onChange={(file) => void send(file)} accept=".csv,text/csv">
        {(props) => (
          <Button variant="default" leftSection={<IconUpload size={16} />} loading={importCsv.isPending} {...props}>
            Import {label} CSV
          </Button>
        )}
      </FileButton>
      <Modal opened={summary !== null} onClose={() => setSummary(null)} title="Nothing was imported" size="lg">
        <Stack gap="xs">
          <Text size="sm">{summary}</Text>
          {problems?.length ? (
            <List size="sm" aria-label="Problems in the file">
              {problems.map((problem) => (
                <List.Item key={problem.path}>{problem.message}</List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
