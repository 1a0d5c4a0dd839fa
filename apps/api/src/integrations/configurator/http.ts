import type { WorkInProgress } from '@colophon/contract';
import { z } from 'zod';
import { IntegrationError } from '../http/signed-http';
import type { ConfiguratorAdapter, ConfiguratorSettings } from './adapter';

const SERVICE = 'The layout configurator';

/** An image the browser may load: an http(s) address, nothing else (no `javascript:` or `data:`). */
const imageUrl = z
  .string()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value));

const dimension = z.number().int().min(1).max(100_000);

/** What the configurator answers; fields we do not use are ignored, unusable ones refused. */
const answerSchema = z.object({
  status: z.string().max(100).nullish(),
  updatedAt: z.string().max(40).nullish(),
  pages: z
    .array(
      z.object({
        page: z.number().int().min(1).max(10_000),
        imageUrl: imageUrl.nullish(),
        thumbUrl: imageUrl.nullish(),
        width: dimension.nullish(),
        height: dimension.nullish(),
      }),
    )
    .max(2_000),
});

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

function detailOf(text: string): string {
  try {
    const json = JSON.parse(text) as Record<string, unknown> | null;
    for (const field of ['message', 'detail', 'error'] as const) {
      const value = json?.[field];
      if (typeof value === 'string' && value.trim()) return excerpt(value.trim());
    }
  } catch {
    // Not JSON: plain text, if it is printable.
  }
  return /^[\x20-\x7e\s]+$/.test(text) && text.trim() ? excerpt(text.trim()) : '';
}

/**
 * The configurator over HTTP: `GET <CONFIGURATOR_URL>/dashboard/wip/<project id>` with
 * `Authorization: Bearer <CONFIGURATOR_ACCESS_TOKEN>`, a deadline (INTEGRATION_TIMEOUT_MS), no
 * redirects. A 404 there is a book not begun in the configurator (no pages), not a failure; any
 * other refusal, a timeout, an unreachable service or an answer we cannot read is an
 * IntegrationError (502) whose message says which, never the URL or the token.
 */
export function createHttpConfigurator(settings: ConfiguratorSettings): ConfiguratorAdapter {
  return {
    name: 'http',
    async workInProgress({ projectId }): Promise<WorkInProgress> {
      let response: Response;
      try {
        response = await fetch(`${settings.url}/dashboard/wip/${encodeURIComponent(String(projectId))}`, {
          method: 'GET',
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${settings.accessToken}`,
            'user-agent': 'Colophon',
          },
          signal: AbortSignal.timeout(settings.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const name = (error as { name?: unknown } | null)?.name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          throw new IntegrationError(
            SERVICE,
            `${SERVICE} did not answer within ${Math.round(settings.timeoutMs / 100) / 10} s. Try again later.`,
          );
        }
        throw new IntegrationError(SERVICE, `${SERVICE} could not be reached. Try again later.`);
      }
      const text = await response.text().catch(() => '');
      if (response.status === 404) {
        return { projectId, source: 'configurator', proofId: null, status: null, updatedAt: null, pages: [] };
      }
      if (!response.ok) {
        const detail = detailOf(text);
        const reason =
          response.status === 401 || response.status === 403
            ? ' (its access token was not accepted)'
            : detail
              ? `: ${detail}`
              : '';
        throw new IntegrationError(SERVICE, `${SERVICE} refused the request (HTTP ${response.status})${reason}.`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new IntegrationError(SERVICE, `${SERVICE} answered with something that is not JSON.`);
      }
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) {
        throw new IntegrationError(SERVICE, `${SERVICE} answered with pages Colophon cannot read.`);
      }
      const answer = parsed.data;
      return {
        projectId,
        source: 'configurator',
        proofId: null,
        status: answer.status ?? null,
        updatedAt: answer.updatedAt ?? null,
        pages: [...answer.pages]
          .sort((a, b) => a.page - b.page)
          .map((page) => ({
            page: page.page,
            imageUrl: page.imageUrl ?? null,
            thumbUrl: page.thumbUrl ?? page.imageUrl ?? null,
            width: page.width ?? null,
            height: page.height ?? null,
          })),
      };
    },
  };
}
