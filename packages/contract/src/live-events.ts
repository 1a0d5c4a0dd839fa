import { z } from 'zod';
import { problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';

/**
 * The live event stream (issue 15): `text/event-stream`, one message per change the caller may see
 * (`id:` the event's id, `data:` a `LiveEvent` of the domain as JSON), a comment every 15 s. Resume
 * after a drop with the `Last-Event-ID` header (EventSource sends it) or `?lastEventId=`: the events
 * after it (a day's worth are kept) come first.
 */
export const streamEvents = defineOperation({
  method: 'GET',
  path: '/api/events',
  query: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }),
  responses: { 200: z.string().meta({ description: 'text/event-stream' }), ...problemResponses(400, 403, 429) },
  summary: 'The live event stream: changes the caller may see, as server-sent events (resumable by last event id)',
  tags: ['events'],
});

export const processorThroughputSchema = z.object({
  /** The first minute of the hour shown (UTC, whole minute). */
  from: timestampSchema,
  /** Completed jobs per queue table and minute; minutes without any are left out. */
  data: z.array(z.object({ queue: z.string(), minute: timestampSchema, completed: z.number().int().nonnegative() })),
});
export type ProcessorThroughput = z.infer<typeof processorThroughputSchema>;

export const getProcessorThroughput = defineOperation({
  method: 'GET',
  path: '/api/processor_statuses/throughput',
  responses: { 200: processorThroughputSchema },
  permission: 'super.queues',
  summary: 'Jobs completed per queue and minute over the last hour',
  tags: ['processor_statuses'],
});
