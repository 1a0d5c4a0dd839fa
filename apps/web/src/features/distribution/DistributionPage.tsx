import type { DistributionBuyer, DistributionCounts, DistributionItem } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Badge, Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { QueryState } from '../../components/feedback/QueryState';
import { useSession } from '../../lib/session';
import { type StoreKey, useDistributionCounts, useDistributionSearch, useNotCollected } from './api';
import classes from './distribution.module.css';
import { pendingDelta, pendingStates, type QueuedMark } from './markQueue';
import type { DistributionSearch } from './search';
import { type SyncState, useMarkSync } from './useMarkSync';

const route = getRouteApi('/admin/online-sales/distribution');

/** The school year a store sells for: from August, next June's. */
function currentSchoolYear(now = new Date()): number {
  return now.getMonth() >= 7 ? now.getFullYear() + 1 : now.getFullYear();
}

const studentName = (buyer: DistributionBuyer) =>
  [buyer.studentFirstName, buyer.studentLastName].filter(Boolean).join(' ') || buyer.parentName;

/**
 * /admin/online-sales/distribution: on a phone at the school, find a student, hand out each thing
 * bought, see how many are left; a moment offline keeps the marks on the phone until the network is
 * back. The end-of-day list (printable) names who has not collected.
 */
export function DistributionPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<DistributionSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  const year = search.year ?? currentSchoolYear();
  const store: StoreKey | null = search.accountId ? { accountId: search.accountId, year } : null;
  const [typed, setTyped] = useState(search.search ?? '');
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const [view, setView] = useState<'find' | 'not-collected'>('find');
  const sync = useMarkSync();
  const pending = pendingStates(sync.queue);

  const years = [year - 1, year, year + 1].map((value) => ({ value: String(value), label: `${value - 1}–${value}` }));

  return (
    <Stack gap="sm" maw={720}>
      <Group grow className={classes.noPrint} align="flex-end">
        <AccountPicker
          label="School"
          value={search.accountId ?? null}
          onChange={(accountId) => setSearch({ accountId: accountId ?? undefined })}
        />
        <Select
          label="Year"
          data={years}
          value={String(year)}
          allowDeselect={false}
          onChange={(value) => value && setSearch({ year: Number(value) })}
          maw={140}
        />
      </Group>
      <SyncStatus state={sync.state} online={sync.online} waiting={sync.queue.length} problem={sync.problem} />
      {store && (
        <>
          <CountsLine store={store} queue={sync.queue} />
          <SegmentedControl
            className={classes.noPrint}
            value={view}
            onChange={(value) => setView(value === 'not-collected' ? 'not-collected' : 'find')}
            data={[
              { value: 'find', label: 'Find a student' },
              { value: 'not-collected', label: 'Not collected' },
            ]}
          />
          {view === 'find' ? (
            <>
              <TextInput
                className={classes.noPrint}
                label="Student, homeroom or order number"
                placeholder="Type a name"
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                size="md"
                autoComplete="off"
              />
              {debounced && <BuyerResults store={store} search={debounced} pending={pending} onMark={sync.mark} />}
            </>
          ) : (
            <NotCollected store={store} />
          )}
        </>
      )}
    </Stack>
  );
}

function SyncStatus({
  state,
  online,
  waiting,
  problem,
}: {
  state: SyncState;
  online: boolean;
  waiting: number;
  problem: string | null;
}) {
  const marks = `${waiting} mark${waiting === 1 ? '' : 's'} waiting`;
  let text: string;
  let color: string;
  if (waiting > 0) {
    text = online ? `Syncing — ${marks}` : `Offline — ${marks}`;
    color = online ? 'blue' : 'orange';
  } else if (state === 'refused') {
    text = `Not saved: ${problem ?? 'the server refused the marks'}`;
    color = 'red';
  } else if (!online) {
    text = 'Offline';
    color = 'orange';
  } else {
    text = state === 'synced' ? 'Synced' : 'Online';
    color = 'green';
  }
  return (
    <Badge className={classes.noPrint} color={color} variant="light" size="lg" role="status" aria-live="polite">
      {text}
    </Badge>
  );
}

function CountsLine({ store, queue }: { store: StoreKey; queue: QueuedMark[] }) {
  const counts = useDistributionCounts(store);
  const shown = (data: DistributionCounts) => {
    const delta = pendingDelta(queue);
    return { handedOut: data.handedOut + delta, toHandOut: data.toHandOut - delta };
  };
  return (
    <QueryState query={counts} notFound={{ title: 'No store', message: 'This school has no store that year.' }}>
      {(data) => {
        const { handedOut, toHandOut } = shown(data);
        return (
          <Group gap="lg" aria-label="Distribution counts">
            <Text size="xl" fw={700} data-testid="handed-out">
              {handedOut} handed out
            </Text>
            <Text size="xl" c="dimmed" data-testid="to-hand-out">
              {toHandOut} still to hand out
            </Text>
          </Group>
        );
      }}
    </QueryState>
  );
}

type MarkItem = (itemId: number, handedOut: boolean, serverHandedOut: boolean) => void;

function BuyerResults({
  store,
  search,
  pending,
  onMark,
}: {
  store: StoreKey;
  search: string;
  pending: Map<number, QueuedMark>;
  onMark: MarkItem;
}) {
  const query = useDistributionSearch(store, search);
  return (
    <QueryState
      query={query}
      notFound={{ title: 'No store', message: 'This school has no store that year.' }}
      isEmpty={(data) => data.data.length === 0}
      empty="No buyer matches"
      keepStale
    >
      {(data) => (
        <Stack gap="sm">
          {data.data.map((buyer) => (
            <BuyerCard key={buyer.orderId} buyer={buyer} pending={pending} onMark={onMark} />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

function BuyerCard({
  buyer,
  pending,
  onMark,
}: {
  buyer: DistributionBuyer;
  pending: Map<number, QueuedMark>;
  onMark: MarkItem;
}) {
  return (
    <Card withBorder padding="sm" aria-label={studentName(buyer)}>
      <Group justify="space-between" mb="xs">
        <div>
          <Text fw={700}>{studentName(buyer)}</Text>
          <Text size="sm" c="dimmed">
            {[buyer.homeroom, buyer.grade && `Grade ${buyer.grade}`, buyer.orderNumber].filter(Boolean).join(' · ')}
          </Text>
        </div>
      </Group>
      <Stack gap="xs">
        {buyer.items.map((item) => (
          <ItemLine key={item.id} item={item} pending={pending.get(item.id)} onMark={onMark} />
        ))}
      </Stack>
    </Card>
  );
}

function itemDetail(item: DistributionItem): string {
  const details = [
    item.quantity > 1 ? `× ${item.quantity}` : null,
    item.personalizationName ? `Name: ${item.personalizationName}` : null,
    item.dedicationText ? `“${item.dedicationText}”` : null,
    item.customPages ? `${item.customPages} custom pages` : null,
    item.isDonated ? 'Donated book' : null,
  ];
  return details.filter(Boolean).join(' · ');
}

/** Whether an instant falls on today's date here (an undo is for the day's own mistakes). */
function isToday(iso: string): boolean {
  return new Date(iso).toDateString() === new Date().toDateString();
}

function ItemLine({
  item,
  pending,
  onMark,
}: {
  item: DistributionItem;
  pending: QueuedMark | undefined;
  onMark: MarkItem;
}) {
  const zone = useSession()?.user.timezone;
  const serverHandedOut = item.distributedAt !== null;
  const handedOut = pending ? pending.handedOut : serverHandedOut;
  const when = pending?.handedOut ? pending.at : item.distributedAt;
  const mayUndo = handedOut && (pending !== undefined || (item.distributedAt !== null && isToday(item.distributedAt)));
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {item.label}
        </Text>
        {itemDetail(item) && (
          <Text size="xs" c="dimmed">
            {itemDetail(item)}
          </Text>
        )}
        {handedOut && when && (
          <Text size="xs" c="green">
            Handed out {formatDateTime(when, zone)}
            {pending ? ' (waiting to sync)' : ''}
          </Text>
        )}
      </div>
      {handedOut ? (
        mayUndo && (
          <Button
            variant="subtle"
            size="sm"
            onClick={() => onMark(item.id, false, serverHandedOut)}
            aria-label={`Undo ${item.label}`}
          >
            Undo
          </Button>
        )
      ) : (
        <Button
          size="md"
          onClick={() => onMark(item.id, true, serverHandedOut)}
          aria-label={`Handed out: ${item.label}`}
        >
          Handed out
        </Button>
      )}
    </Group>
  );
}

function NotCollected({ store }: { store: StoreKey }) {
  const query = useNotCollected(store, true);
  return (
    <QueryState
      query={query}
      notFound={{ title: 'No store', message: 'This school has no store that year.' }}
      isEmpty={(data) => data.data.length === 0}
      empty="Everyone has collected"
    >
      {(data) => (
        <Stack gap="xs">
          <Group justify="space-between" className={classes.noPrint}>
            <Text size="sm">{data.data.length} students have something to collect</Text>
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </Group>
          <table className={classes.printTable} aria-label="Not collected">
            <thead>
              <tr>
                <th>Homeroom</th>
                <th>Student</th>
                <th>Order</th>
                <th>To collect</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((buyer) => (
                <tr key={buyer.orderId}>
                  <td>{buyer.homeroom ?? '—'}</td>
                  <td>{studentName(buyer)}</td>
                  <td>{buyer.orderNumber}</td>
                  <td>
                    {buyer.items.map((item) => [item.label, itemDetail(item)].filter(Boolean).join(' — ')).join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Stack>
      )}
    </QueryState>
  );
}
