import { ActionIcon, Group, NumberInput, SegmentedControl, Select, Text, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import type { FlipbookView } from './types';
import { MAX_PERCENT, MIN_PERCENT, type Zoom, zoomLabel } from './zoom';

const FIXED_ZOOMS: Zoom[] = ['fit-width', 'fit-page', 100, 200];

function zoomValue(zoom: Zoom): string {
  return typeof zoom === 'number' ? String(Math.round(zoom)) : zoom;
}

function parseZoom(value: string | null): Zoom | null {
  if (value === 'fit-width' || value === 'fit-page') return value;
  const percent = Number(value);
  return Number.isFinite(percent) && percent > 0 ? percent : null;
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export interface ToolbarProps {
  view: FlipbookView;
  onViewChange: (view: FlipbookView) => void;
  label: string;
  currentPage: number;
  pageCount: number;
  canGoBack: boolean;
  canGoForward: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onLast: () => void;
  onJump: (page: number) => void;
  zoom: Zoom;
  percent: number;
  onZoom: (zoom: Zoom) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
}

/** Turning pages (in the book's order, left to right), jumping to a page, the layout and the zoom. */
export function Toolbar(props: ToolbarProps) {
  const { view, zoom, percent } = props;
  const unit = view === 'spread' ? 'spread' : 'page';
  const zoomOptions = FIXED_ZOOMS.some((fixed) => fixed === zoom) ? FIXED_ZOOMS : [...FIXED_ZOOMS, zoom];
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap={4} wrap="nowrap" dir="ltr">
        <IconButton label="First page" onClick={props.onFirst} disabled={!props.canGoBack}>
          <IconChevronsLeft size={18} aria-hidden />
        </IconButton>
        <IconButton label={`Previous ${unit}`} onClick={props.onPrevious} disabled={!props.canGoBack}>
          <IconChevronLeft size={18} aria-hidden />
        </IconButton>
        <Text size="sm" px={6} miw={140} ta="center" aria-live="polite" data-testid="page-indicator">
          {props.label}
        </Text>
        <IconButton label={`Next ${unit}`} onClick={props.onNext} disabled={!props.canGoForward}>
          <IconChevronRight size={18} aria-hidden />
        </IconButton>
        <IconButton label="Last page" onClick={props.onLast} disabled={!props.canGoForward}>
          <IconChevronsRight size={18} aria-hidden />
        </IconButton>
      </Group>
      <PageJump
        key={props.currentPage}
        currentPage={props.currentPage}
        pageCount={props.pageCount}
        onJump={props.onJump}
      />
      <SegmentedControl
        size="xs"
        aria-label="Page layout"
        value={view}
        onChange={(value) => props.onViewChange(value === 'single' ? 'single' : 'spread')}
        data={[
          { value: 'spread', label: 'Spreads' },
          { value: 'single', label: 'Single pages' },
        ]}
      />
      <Group gap={4} wrap="nowrap">
        <IconButton label="Zoom out" onClick={props.onZoomOut} disabled={percent <= MIN_PERCENT}>
          <IconZoomOut size={18} aria-hidden />
        </IconButton>
        <Select
          aria-label="Zoom"
          w={120}
          allowDeselect={false}
          value={zoomValue(zoom)}
          data={zoomOptions.map((option) => ({ value: zoomValue(option), label: zoomLabel(option) }))}
          onChange={(value) => {
            const next = parseZoom(value);
            if (next !== null) props.onZoom(next);
          }}
          rightSection={
            typeof zoom === 'number' ? undefined : (
              <Text size="xs" c="dimmed" aria-hidden>
                {percent}%
              </Text>
            )
          }
          rightSectionWidth={typeof zoom === 'number' ? undefined : 44}
        />
        <IconButton label="Zoom in" onClick={props.onZoomIn} disabled={percent >= MAX_PERCENT}>
          <IconZoomIn size={18} aria-hidden />
        </IconButton>
      </Group>
    </Group>
  );
}

/** A page number to open; Enter opens it (a number past the end opens the last page). */
function PageJump({
  currentPage,
  pageCount,
  onJump,
}: {
  currentPage: number;
  pageCount: number;
  onJump: (page: number) => void;
}) {
  const [draft, setDraft] = useState<string | number>(currentPage);
  const id = useId();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" component="label" htmlFor={id}>
        Go to page
      </Text>
      <NumberInput
        id={id}
        size="xs"
        w={72}
        min={1}
        max={pageCount}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        value={draft}
        onChange={setDraft}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const page = Number(draft);
          if (Number.isInteger(page) && page >= 1) onJump(Math.min(page, pageCount));
        }}
      />
    </Group>
  );
}
