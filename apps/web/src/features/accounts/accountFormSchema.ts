import {
  type Account,
  accountAddressInputSchema,
  accountContactInputSchema,
  accountCreateSchema,
  accountTypeSchema,
} from '@colophon/contract';
import { softwareType } from '@colophon/domain';
import { z } from 'zod';

/** A text box gives '' for nothing; the contract says null. */
function blankAsNull<Out>(schema: z.ZodType<Out, string | null | undefined>): z.ZodType<Out, string> {
  return z
    .string()
    .transform((value) => (value.trim() === '' ? null : value))
    .pipe(schema as z.ZodType<Out, string | null>);
}

export const addressFormSchema = accountAddressInputSchema.extend({
  line2: blankAsNull(accountAddressInputSchema.shape.line2),
  region: blankAsNull(accountAddressInputSchema.shape.region),
  postalCode: blankAsNull(accountAddressInputSchema.shape.postalCode),
});
export const contactFormSchema = accountContactInputSchema.extend({
  title: blankAsNull(accountContactInputSchema.shape.title),
  email: blankAsNull(accountContactInputSchema.shape.email),
  phone: blankAsNull(accountContactInputSchema.shape.phone),
});
export type AddressValues = z.input<typeof addressFormSchema>;
export type ContactValues = z.input<typeof contactFormSchema>;

/**
 * The account form: the contract's create body, with the type and (for anyone but a super
 * administrator) the parent required in words, and blank optional texts sent as null.
 */
export function accountFormSchema({ parentRequired }: { parentRequired: boolean }) {
  return accountCreateSchema.extend({
    type: z.number().positive('Choose a type').pipe(accountTypeSchema),
    typeSoftware: accountCreateSchema.shape.typeSoftware.unwrap(),
    typeWhereCreated: accountCreateSchema.shape.typeWhereCreated.unwrap(),
    country: accountCreateSchema.shape.country.unwrap(),
    parentAccountId: accountCreateSchema.shape.parentAccountId.refine((id) => id !== null || !parentRequired, {
      message: 'Choose the studio or branch office this account belongs to',
    }),
    mfaRequired: z.boolean(),
    bMustPayBeforeProduction: z.boolean(),
    isActive: z.boolean(),
    addresses: z.array(addressFormSchema).max(10),
    contacts: z.array(contactFormSchema).max(20),
  });
}
export type AccountFormValues = z.input<ReturnType<typeof accountFormSchema>>;

export const emptyAddress = (country: string): AddressValues => ({
  kind: 'mailing',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country,
});
export const emptyContact = (): ContactValues => ({ name: '', title: '', email: '', phone: '', isPrimary: false });

/** The form's values for a new account or for a stored one (nulls shown as empty boxes). */
export function accountFormValues(account: Account | null, defaults: { typeWhereCreated: number }): AccountFormValues {
  if (!account) {
    return {
      name: '',
      type: 0,
      typeSoftware: softwareType.NonePDFSubmission,
      typeWhereCreated: defaults.typeWhereCreated,
      country: 'US',
      parentAccountId: null,
      mfaRequired: false,
      bMustPayBeforeProduction: false,
      isActive: true,
      addresses: [],
      contacts: [],
    };
  }
  return {
    name: account.name,
    type: account.type,
    typeSoftware: account.typeSoftware,
    typeWhereCreated: account.typeWhereCreated,
    country: account.country,
    parentAccountId: account.parentAccountId,
    mfaRequired: account.mfaRequired,
    bMustPayBeforeProduction: account.bMustPayBeforeProduction,
    isActive: account.isActive,
    addresses: (account.addresses ?? []).map((address) => ({
      kind: address.kind,
      line1: address.line1,
      line2: address.line2 ?? '',
      city: address.city,
      region: address.region ?? '',
      postalCode: address.postalCode ?? '',
      country: address.country,
    })),
    contacts: (account.contacts ?? []).map((contact) => ({
      name: contact.name,
      title: contact.title ?? '',
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      isPrimary: contact.isPrimary,
    })),
  };
}
