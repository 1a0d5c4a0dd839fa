import {
  type Cart,
  type CheckoutBody,
  type CheckoutResult,
  checkout,
  getStorefront,
  operationPath,
  type Quote,
  quoteCart,
  type Storefront,
  uploadStorefrontImage,
} from '@colophon/contract';
import { ApiError, buildUrl } from '../../lib/api-client';
import { call } from '../../lib/call';

/** The public storefront's calls: no session needed (a signed-in visitor's token changes nothing). */
export const storefrontApi = {
  store: (slug: string, signal?: AbortSignal): Promise<Storefront> => call(getStorefront, { params: { slug } }, signal),
  /** Lines, coupon, shipping, the ZIP's sales tax, the online fee and the total, as the server prices them. */
  quote: (slug: string, body: Cart): Promise<Quote> => call(quoteCart, { params: { slug }, body }),
  /** Pays and places the order; the same checkoutKey sent twice makes one order and one charge. */
  checkout: (slug: string, body: CheckoutBody): Promise<CheckoutResult> => call(checkout, { params: { slug }, body }),
  /**
   * An ad image or a cover photo, sent as the raw file (the contract takes the body as is, not JSON,
   * so this is the one call that does not go through `call`); answers the stored key the cart names.
   */
  upload: async (slug: string, file: File): Promise<{ key: string }> => {
    const response = await fetch(buildUrl(operationPath(uploadStorefrontImage.path, { slug })), {
      method: 'POST',
      headers: { 'Content-Type': file.type, Accept: 'application/json' },
      body: file,
    });
    const body = (await response.json().catch(() => null)) as {
      key?: string;
      title?: string;
      detail?: string;
      status?: number;
    } | null;
    if (response.ok && typeof body?.key === 'string') return { key: body.key };
    throw new ApiError({
      type: 'about:blank',
      title: body?.title ?? 'The image could not be uploaded',
      status: response.status,
      ...(body?.detail ? { detail: body.detail } : {}),
    });
  },
};
