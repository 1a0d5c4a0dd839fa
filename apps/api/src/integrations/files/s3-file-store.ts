import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config';
import { attachmentDisposition } from './content-disposition';
import {
  FileTooLargeError,
  MAX_LIST_ENTRIES,
  MissingPartsError,
  type S3FileStore,
  type StoredEntry,
  type StoredPart,
} from './file-store';
import { encodeKeyPath, presignGetUrl, type SigningCredentials } from './sigv4-presign';

/** Parts of `putStream`: the smallest S3 takes is 5 MiB (all but the last). */
const STREAM_PART_BYTES = 8 * 1024 * 1024;
/** Credentials that expire (roles, SSO) are fetched again this long before they do. */
const CREDENTIAL_REFRESH_MS = 5 * 60_000;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

const isInvalidPart = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'InvalidPart' || error.name === 'NoSuchUpload');

/**
 * Files in an S3 bucket (or an S3-compatible service at `endpoint`). Browsers upload straight to
 * the bucket through presigned PUT and UploadPart URLs that bind the exact content length, and read
 * through presigned GET URLs. Checksums are computed only when an operation requires them: the
 * SDK's default would put a checksum of an empty body into presigned PUT URLs, which the browser's
 * real body then fails, and S3-compatible services do not all take the aws-chunked encoding.
 */
export async function createS3FileStore(settings: S3Settings): Promise<S3FileStore> {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  // `signedUrl` is synchronous, so the credentials are held here and renewed ahead of their expiry.
  const resolveCredentials = async () => {
    const resolved = await client.config.credentials();
    return { credentials: resolved as SigningCredentials, expiration: resolved.expiration, fetchedAt: new Date() };
  };
  let current = await resolveCredentials();
  let refreshing: Promise<void> | null = null;
  const credentialsNow = () => {
    const expiresSoon = current.expiration && current.expiration.getTime() - Date.now() < CREDENTIAL_REFRESH_MS;
    if (expiresSoon && !refreshing) {
      refreshing = resolveCredentials()
        .then((fresh) => {
          current = fresh;
        })
        .catch(() => {})
        .finally(() => {
          refreshing = null;
        });
    }
    return current;
  };

  // Where objects live, as the SDK resolves it (virtual-hosted or path style, custom endpoints).
  const probe = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: 'probe' }), { expiresIn: 60 }));
  const objectBase = `${probe.origin}${probe.pathname.slice(0, -'probe'.length)}`;
  const objectUrl = (key: string) => new URL(`${objectBase}${encodeKeyPath(key)}`);

  const expiry = (seconds: number) => new Date(Date.now() + seconds * 1000);

  const uploadPart = async (Key: string, UploadId: string, PartNumber: number, Body: Buffer) => {
    const answer = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }));
    return { PartNumber, ETag: answer.ETag ?? '' };
  };

  const listParts = async (Key: string, UploadId: string): Promise<StoredPart[]> => {
    const parts: StoredPart[] = [];
    let PartNumberMarker: string | undefined;
    for (;;) {
      const page = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker }));
      for (const part of page.Parts ?? []) {
        if (part.PartNumber && part.ETag)
          parts.push({ partNumber: part.PartNumber, size: part.Size ?? 0, etag: part.ETag });
      }
      if (!page.IsTruncated || !page.NextPartNumberMarker) return parts;
      PartNumberMarker = page.NextPartNumberMarker;
    }
  };

  const requireUploadId = (uploadId: string | null) => {
    if (!uploadId) throw new Error('An S3 multipart upload needs its UploadId.');
    return uploadId;
  };

  return {
    kind: 's3',
    bucket: Bucket,
    uploadOrigin: probe.origin,
    async put(Key, Body, ContentType) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType }));
    },
    async get(Key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    signedUrl(key, expiresInSeconds = 3600, options = {}) {
      // Signed at the start of the hour (or when the credentials came, if later) so the same file
      // keeps the same URL for a while and the browser's cache works, as on disk.
      const { credentials, fetchedAt } = credentialsNow();
      const now = Date.now();
      const hourStart = Math.floor(now / 3_600_000) * 3_600_000;
      const signedAt = Math.max(hourStart, Math.floor(fetchedAt.getTime() / 1000) * 1000);
      const expiresIn = Math.ceil((now + expiresInSeconds * 1000 - signedAt) / 3_600_000) * 3600;
      return presignGetUrl({
        objectUrl: objectUrl(key),
        region: settings.region,
        credentials,
        signingDate: new Date(signedAt),
        expiresInSeconds: expiresIn,
        ...(options.downloadName === undefined
          ? {}
          : { contentDisposition: attachmentDisposition(options.downloadName) }),
      });
    },
    // Reads go to the bucket through presigned URLs; the API's own signed route serves the disk only.
    verify: () => false,
    async putStream(Key, body, ContentType, options = {}) {
      const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
      let pending: Buffer[] = [];
      let pendingSize = 0;
      let total = 0;
      let uploadId: string | undefined;
      const parts: { PartNumber: number; ETag: string }[] = [];
      const flush = async (piece: Buffer) => {
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }))).UploadId;
        if (!uploadId) throw new Error('S3 gave no UploadId.');
        parts.push(await uploadPart(Key, uploadId, parts.length + 1, piece));
      };
      try {
        for await (const chunk of body) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          total += bytes.length;
          if (total > limit) throw new FileTooLargeError(limit);
          pending.push(bytes);
          pendingSize += bytes.length;
          if (pendingSize >= STREAM_PART_BYTES) {
            const joined = Buffer.concat(pending);
            await flush(joined.subarray(0, STREAM_PART_BYTES));
            const rest = joined.subarray(STREAM_PART_BYTES);
            pending = rest.length > 0 ? [rest] : [];
            pendingSize = rest.length;
          }
        }
        if (!uploadId) {
          await client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.concat(pending), ContentType }));
          return { size: total };
        }
        if (pendingSize > 0) await flush(Buffer.concat(pending));
        await client.send(
          new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
        );
        return { size: total };
      } catch (error) {
        body.destroy();
        if (uploadId) {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => {});
        }
        throw error;
      }
    },
    async getStream(Key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!answer.Body) return null;
        if (answer.Body instanceof Readable) return answer.Body;
        return Readable.from(Buffer.from(await answer.Body.transformToByteArray()));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(Key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async list(Prefix) {
      if (!Prefix.endsWith('/')) throw new Error(`Invalid folder key ${Prefix}`);
      // With a delimiter S3 answers one level: the objects here and the "folders" (common prefixes).
      const entries: StoredEntry[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, Delimiter: '/', ContinuationToken }));
        for (const folder of page.CommonPrefixes ?? []) {
          const name = folder.Prefix?.slice(Prefix.length, -1);
          if (name) entries.push({ name, kind: 'folder', size: null, modifiedAt: null });
        }
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(Prefix.length);
          if (name)
            entries.push({ name, kind: 'file', size: object.Size ?? 0, modifiedAt: object.LastModified ?? null });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken && entries.length < MAX_LIST_ENTRIES);
      return entries.slice(0, MAX_LIST_ENTRIES).sort((a, b) => a.name.localeCompare(b.name));
    },
    async presignPut(Key, { contentType, maxBytes, expiresInSeconds }) {
      // The length is signed: S3 refuses a body of any other size, as the disk refuses a larger one.
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key, ContentType: contentType, ContentLength: maxBytes }),
        { expiresIn: expiresInSeconds },
      );
      return { url, headers: { 'content-type': contentType }, expiresAt: expiry(expiresInSeconds) };
    },
    multipart: {
      async create(Key, ContentType) {
        const answer = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
        if (!answer.UploadId) throw new Error('S3 gave no UploadId.');
        return answer.UploadId;
      },
      async presignPart(Key, uploadId, PartNumber, { size, expiresInSeconds }) {
        const url = await getSignedUrl(
          client,
          new UploadPartCommand({ Bucket, Key, UploadId: requireUploadId(uploadId), PartNumber, ContentLength: size }),
          { expiresIn: expiresInSeconds },
        );
        return { url, headers: {}, expiresAt: expiry(expiresInSeconds) };
      },
      listParts: (key, uploadId) => listParts(key, requireUploadId(uploadId)),
      async complete(Key, uploadId, parts) {
        try {
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key,
              UploadId: requireUploadId(uploadId),
              MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
            }),
          );
        } catch (error) {
          if (isInvalidPart(error)) throw new MissingPartsError(parts.map((part) => part.partNumber));
          throw error;
        }
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: answer.ContentLength ?? 0 };
      },
      async abort(Key, uploadId) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: requireUploadId(uploadId) }));
      },
    },
  };
}
