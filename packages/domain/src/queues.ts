import { defineEnumeration } from './enumeration';

/**
 * Queue status (parts 3 and 4) of every processing queue — proof processing, upload, order move,
 * notification and epub, and ours of the accounting sync. Allowed transitions are not given by the spec.
 */
export const queueStatus = defineEnumeration([
  { code: 0, label: 'Waiting' },
  { code: 1, label: 'Processing' },
  { code: 2, label: 'Complete' },
  { code: 3, label: 'Error' },
  { code: 4, label: 'Attention' },
  { code: 5, label: 'Addressed' },
] as const);
export type QueueStatusCode = (typeof queueStatus.codes)[number];

/**
 * Who moves a queue row: the queue's worker (claiming, finishing, failing a job) or a person on the
 * processing pages (retry, mark addressed, cancel).
 */
export type QueueActor = 'worker' | 'person';

/** Every named move of a queue row. */
export type QueueTransitionName =
  | 'claim'
  | 'reclaim'
  | 'complete'
  | 'backoff'
  | 'fail'
  | 'attention'
  | 'expire'
  | 'retry'
  | 'addressed'
  | 'cancel';

export interface QueueTransition {
  readonly name: QueueTransitionName;
  readonly from: readonly QueueStatusCode[];
  readonly to: QueueStatusCode;
  readonly by: QueueActor;
  /** What it means, for the history and the docs. */
  readonly description: string;
}

/**
 * The allowed transitions of a queue row, written once (the spec gives only the statuses). The queue
 * engine (apps/api/src/queue/store.ts) takes its `WHERE status in (…)` from here, the API refuses
 * anything else with 409, and the web offers only these actions.
 *
 * - A person's retry starts the attempts from zero: the person fixed the cause, and a job retried
 *   with its attempts used up would fall back to Error on its first failure without a real try.
 * - Complete is final: a finished job is not retried (enqueue a new one); a Processing row belongs
 *   to its worker's lease and no person moves it.
 * - Cancel (a waiting job a person stops before it runs) ends in 5 Addressed with the result
 *   `{ cancelled: true }`: part 3 has six statuses and no "Cancelled"; Addressed already means
 *   "a person dealt with it and it will not run again", and it can still be retried.
 */
export const queueTransitions: readonly QueueTransition[] = [
  { name: 'claim', from: [0], to: 1, by: 'worker', description: 'A worker claims a due waiting job' },
  { name: 'reclaim', from: [1], to: 1, by: 'worker', description: 'A worker takes over a job whose lease lapsed' },
  { name: 'complete', from: [1], to: 2, by: 'worker', description: 'The job succeeded' },
  {
    name: 'backoff',
    from: [1],
    to: 0,
    by: 'worker',
    description: 'The job failed with attempts left: it waits to run again',
  },
  { name: 'fail', from: [1], to: 3, by: 'worker', description: 'The job failed on its last attempt, or for good' },
  { name: 'attention', from: [1], to: 4, by: 'worker', description: 'The job ran, and a person must look at it' },
  {
    name: 'expire',
    from: [1],
    to: 3,
    by: 'worker',
    description: 'Its worker stopped answering and no attempts were left',
  },
  {
    name: 'retry',
    from: [3, 4, 5],
    to: 0,
    by: 'person',
    description: 'A person runs the job again (attempts from zero)',
  },
  { name: 'addressed', from: [3, 4], to: 5, by: 'person', description: 'A person has dealt with the job' },
  { name: 'cancel', from: [0], to: 5, by: 'person', description: 'A person stops a waiting job before it runs' },
];

/** The actions a person takes on a job, in the order the pages offer them. */
export const queuePersonActions = ['retry', 'addressed', 'cancel'] as const satisfies readonly QueueTransitionName[];
export type QueuePersonAction = (typeof queuePersonActions)[number];

const transitionsByName = new Map(queueTransitions.map((transition) => [transition.name, transition]));

/** The transition of this name (every name has one). */
export function queueTransition(name: QueueTransitionName): QueueTransition {
  const transition = transitionsByName.get(name);
  if (!transition) throw new Error(`Unknown queue transition ${name}`);
  return transition;
}

/** Whether any transition (of `actor`, when given) moves a row from `from` to `to`. */
export function canTransition(from: number, to: number, actor?: QueueActor): boolean {
  return queueTransitions.some(
    (transition) =>
      (transition.from as readonly number[]).includes(from) &&
      transition.to === to &&
      (actor === undefined || transition.by === actor),
  );
}

/** Whether the named transition applies to a row in status `from`. */
export function canApplyQueueTransition(name: QueueTransitionName, from: number): boolean {
  return (queueTransition(name).from as readonly number[]).includes(from);
}

/** The person's action that moves a row from `from` to `to` (an update of `status`), if there is one. */
export function queuePersonActionFor(from: number, to: number): QueuePersonAction | undefined {
  return queuePersonActions.find((name) => {
    const transition = queueTransition(name);
    return transition.to === to && (transition.from as readonly number[]).includes(from);
  });
}

/** A job in these statuses may be deleted: anything but Processing (a worker holds its lease). */
export const canDeleteQueueJob = (status: number): boolean => status !== 1;
