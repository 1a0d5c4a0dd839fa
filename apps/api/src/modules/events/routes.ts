import { streamEvents } from '@colophon/contract';
import { can, isLiveEventTopic, type LiveEvent, liveEventTopics } from '@colophon/domain';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../context';
import { implement } from '../../engine/implement';
import { AppError, forbidden } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import { readCaller, rememberedCaller } from '../auth/sessions';

/** A comment line every 15 s keeps proxies from closing an idle stream and tells the client it lives. */
export const HEARTBEAT_MS = 15_000;
/**
 * A stream ends after this long (the client resumes at once from its last id), so no connection lives
 * for ever; the session and permissions are checked all along (see `registerEventRoutes`).
 */
export const STREAM_MAX_MS = 10 * 60 * 1000;
/**
 * Bytes a slow client may leave unread before its stream is closed (it resumes from its last id when
 * it catches up): memory per stream stays bounded whatever the rate of changes.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** The client waits this long before reconnecting (EventSource's `retry:`). */
const RETRY_MS = 2_000;

/**
 * Streams one user may hold open on one API process (a stream per tab): past it a 429, so a signed-in
 * caller cannot hold sockets and listeners without end.
 */
export const MAX_STREAMS_PER_USER = 16;

/** Whether the caller may hear any topic at all: a stream that could carry nothing is not opened (403). */
export function mayHearAnything(user: Parameters<typeof can>[0]): boolean {
  return Object.values(liveEventTopics).some((topic) => can(user, topic.permission));
}

/** Whether the caller may hear this event: the topic's permission (unknown topics: nobody). */
export function mayHear(user: Parameters<typeof can>[0], event: LiveEvent): boolean {
  if (!isLiveEventTopic(event.topic)) return false;
  return can(user, liveEventTopics[event.topic].permission);
}

/** One event's SSE message, written once however many streams send it (the hub hands each the same object). */
const messages = new WeakMap<LiveEvent, string>();
function messageOf(event: LiveEvent): string {
  let text = messages.get(event);
  if (text === undefined) {
    text = `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
    messages.set(event, text);
  }
  return text;
}

interface OpenStream {
  sessionId: string;
  userIds: readonly number[];
  write(text: string): void;
  /** Checks the session and the caller's permissions again; ends the stream if they no longer hold. */
  recheck(): void;
  end(): void;
}

/**
 * Whether a stream may go on for this caller (the session as remembered now): the session holds, the
 * role may still hear some topic, and nothing a request would be stopped for (an MFA step, a password
 * to change) has come up.
 */
export function streamMayContinue(caller: AuthContext | null): caller is AuthContext {
  if (!caller || !mayHearAnything(caller.user)) return false;
  if (caller.mfaRequired && !caller.mfaValidated) return false;
  return !(caller.user.mustChangePassword && !caller.originalUser);
}

/**
 * GET /api/events: the live event stream (issue 15). Authenticated like every call (no session: 401
 * before anything opens); each event goes only to callers whose permissions let them see its topic.
 * Fed by this process's EventHub (one LISTEN connection whatever the number of streams).
 *
 * A stream lasts no longer than its right to it: a change to its session or user (sign-out, a revoked
 * session, a role or password change; in this process or, through the database's notice, in another)
 * checks it again at once, every event is checked against the session cache before it is written,
 * and the heartbeat checks every stream, so a lost notice costs at most one heartbeat.
 */
export function registerEventRoutes(app: FastifyInstance) {
  const { events, sessionCache } = app.services;
  const open = new Set<OpenStream>();
  const streamsOf = new Map<number, number>();
  const heartbeat = setInterval(() => {
    for (const stream of open) {
      stream.write(': heartbeat\n\n');
      stream.recheck();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const stopHearingChanges = sessionCache.onForget((change) => {
    const sessionIds = new Set(change.sessionIds ?? []);
    const userIds = new Set(change.userIds ?? []);
    for (const stream of open) {
      if (sessionIds.has(stream.sessionId) || stream.userIds.some((id) => userIds.has(id))) stream.recheck();
    }
  });
  // On shutdown every stream ends cleanly (before the server waits for its connections).
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    stopHearingChanges();
    for (const stream of open) stream.end();
  });

  implement(app, streamEvents, async function openEventStream(request, reply) {
    const caller = callerOf(request);
    const { user } = caller;
    if (!mayHearAnything(user)) throw forbidden('No live events are shown to your role.');
    if ((streamsOf.get(user.id) ?? 0) >= MAX_STREAMS_PER_USER) {
      throw new AppError('too_many_requests', `At most ${MAX_STREAMS_PER_USER} live event streams at once.`);
    }
    const header = request.headers['last-event-id'];
    const lastHeader = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header) : undefined;
    const lastEventId = lastHeader ?? request.query.lastEventId;

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and the like: pass each message on at once.
      'x-accel-buffering': 'no',
    });
    raw.socket?.setNoDelay(true);

    let ended = false;
    /** The caller as last checked: a role changed but still allowed some topic filters by the new one. */
    let current = caller.user;
    /** Events waiting while the session is read (the cache had forgotten it); null when not reading. */
    let held: LiveEvent[] | null = null;
    const sentDuringReplay = new Set<number>();
    let replaying = lastEventId !== undefined;
    const deliver = (event: LiveEvent) => {
      if (!mayHear(current, event)) return;
      if (replaying) {
        if (sentDuringReplay.has(event.id)) return;
        sentDuringReplay.add(event.id);
      }
      stream.write(messageOf(event));
    };
    /** Reads the session (one query), then writes what waited, or ends the stream. */
    const readAgain = (waiting: LiveEvent[]) => {
      held = waiting;
      readCaller(app.services, caller.sessionId, user.id)
        .then((now) => {
          const waiting = held ?? [];
          held = null;
          if (!streamMayContinue(now)) return stream.end();
          current = now.user;
          for (const event of waiting) deliver(event);
        })
        .catch((err: unknown) => {
          request.log.warn({ err }, 'event stream: the session could not be checked');
          stream.end();
        });
    };
    const stream: OpenStream = {
      sessionId: caller.sessionId,
      userIds: caller.originalUser ? [user.id, caller.originalUser.id] : [user.id],
      write(text) {
        if (ended) return;
        // A client that reads slower than changes come is dropped, not buffered without end.
        if (raw.writableLength > MAX_BUFFERED_BYTES) {
          stream.end();
          return;
        }
        raw.write(text);
      },
      recheck: () => void holdsNow(),
      end() {
        if (ended) return;
        ended = true;
        held = null;
        open.delete(stream);
        const left = (streamsOf.get(user.id) ?? 1) - 1;
        if (left > 0) streamsOf.set(user.id, left);
        else streamsOf.delete(user.id);
        unsubscribe();
        clearTimeout(lifetime);
        raw.end();
      },
    };
    /**
     * Whether the stream may write now, by the session as the cache remembers it (no query). Not
     * remembered: false, the session is read and `event` (if any) waits for the answer.
     */
    function holdsNow(event?: LiveEvent): boolean {
      if (ended) return false;
      if (held) {
        if (event) held.push(event);
        return false;
      }
      const now = rememberedCaller(app.services, caller.sessionId, user.id);
      if (now === undefined) {
        readAgain(event ? [event] : []);
        return false;
      }
      if (!streamMayContinue(now)) {
        stream.end();
        return false;
      }
      current = now.user;
      return true;
    }
    const send = (event: LiveEvent) => {
      if (holdsNow(event)) deliver(event);
    };
    // Listen first, then replay: an event committed meanwhile comes twice at most, never not at all.
    const unsubscribe = events.subscribe(send);
    const lifetime = setTimeout(() => stream.end(), STREAM_MAX_MS);
    lifetime.unref();
    open.add(stream);
    streamsOf.set(user.id, (streamsOf.get(user.id) ?? 0) + 1);
    raw.on('close', () => stream.end());
    stream.write(`retry: ${RETRY_MS}\n: open\n\n`);

    if (lastEventId !== undefined) {
      try {
        const { events: missed, complete } = await events.replay(lastEventId);
        for (const event of missed) send(event);
        // Too far behind to replay: the client refreshes everything it shows.
        if (!complete) stream.write(`event: reset\ndata: {}\n\n`);
      } catch (err) {
        request.log.warn({ err }, 'event stream: replay failed');
        stream.write(`event: reset\ndata: {}\n\n`);
      }
      replaying = false;
      sentDuringReplay.clear();
    }
    return reply;
  });
}
