import { listOrderDirectory, type OrderDirectory } from '@colophon/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { invalidField } from '../../errors';
import { orderFolder } from '../../integrations/plants';
import { callerOf } from '../../plugins/authentication';
import { visibleOrder } from './visible';

/** How long a file's link in a listing opens it. */
const FILE_URL_TTL_SECONDS = 3600;
/** A folder or file name as the store writes them (file keys are lower case). */
const SEGMENT = /^[a-z0-9][a-z0-9_.-]{0,120}$/;

/**
 * `12/tickets` → the order id and the folder under `orders/12/`, or a 400 naming `path`. The path
 * arrives decoded once; whatever is still encoded, and anything that could climb out of the order's
 * folder or be read two ways (`..`, `.`, empty segments, backslashes, control characters, a leading
 * slash), is refused rather than cleaned up.
 */
export function orderDirectoryPath(path: string): { orderId: number; segments: string[] } {
  const refuse = (why: string) => invalidField('path', why);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(path)) throw refuse('Control characters are not allowed.');
  if (path.includes('\\')) throw refuse('Backslashes are not allowed.');
  if (path.includes('%')) throw refuse('Send the path encoded once.');
  const [first = '', ...rest] = path.split('/');
  if (!/^[1-9]\d{0,9}$/.test(first) || Number(first) > 2_147_483_647) {
    throw refuse("A path starts with the order's id (12, 12/tickets).");
  }
  for (const segment of rest) {
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('..') || !SEGMENT.test(segment)) {
      throw refuse(`"${segment.slice(0, 40)}" is not a folder of the order.`);
    }
  }
  return { orderId: Number(first), segments: rest };
}

export async function registerOrderDirectoryRoutes(app: FastifyInstance) {
  const { db, files } = app.services;

  implement(app, listOrderDirectory, async function orderDirectory(request): Promise<OrderDirectory> {
    const { orderId, segments } = orderDirectoryPath(request.params.path);
    const order = await visibleOrder(db, callerOf(request), orderId);
    const folder = `${orderFolder(order.id)}${segments.map((segment) => `${segment}/`).join('')}`;
    const shownPath = [String(order.id), ...segments].join('/');
    const entries = await files.list(folder);
    return {
      orderId: order.id,
      path: shownPath,
      entries: entries.map((entry) => ({
        name: entry.name,
        path: `${shownPath}/${entry.name}`,
        kind: entry.kind,
        size: entry.size,
        modifiedAt: entry.modifiedAt?.toISOString() ?? null,
        url:
          entry.kind === 'file'
            ? files.signedUrl(`${folder}${entry.name}`, FILE_URL_TTL_SECONDS, { downloadName: entry.name })
            : null,
      })),
    };
  });
}
