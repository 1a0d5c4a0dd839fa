/*
 * The super administrator's record editor (issue 15): every change made through it says why, and a
 * delete that would leave records without their owner is refused, naming what holds it.
 */

/** The request header carrying the reason of a change; the audit row keeps it. */
export const CHANGE_REASON_HEADER = 'x-change-reason';
export const CHANGE_REASON_MAX_LENGTH = 500;

export type ChangeReasonCheck = { ok: true; reason: string | null } | { ok: false; message: string };

/**
 * Reads the header's value: absent is fine unless `required`; present, it must say something (1 to
 * 500 characters once trimmed). Headers are ASCII, so the web sends it URI-encoded (`encodeChangeReason`).
 */
export function checkChangeReason(raw: string | string[] | undefined, required: boolean): ChangeReasonCheck {
  if (Array.isArray(raw)) return { ok: false, message: 'Give one reason for the change.' };
  if (raw === undefined)
    return required ? { ok: false, message: 'Say why you make this change.' } : { ok: true, reason: null };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, message: 'The reason is not readable text.' };
  }
  const reason = decoded.trim();
  if (!reason) return { ok: false, message: 'Say why you make this change.' };
  if (reason.length > CHANGE_REASON_MAX_LENGTH) {
    return { ok: false, message: `The reason can be at most ${CHANGE_REASON_MAX_LENGTH} characters.` };
  }
  return { ok: true, reason };
}

/** The header's value for a reason typed in any language. */
export function encodeChangeReason(reason: string): string {
  return encodeURIComponent(reason.trim());
}

export interface RecordHolder {
  /** The held records' noun, singular and plural ("order", "orders"). */
  one: string;
  many: string;
  count: number;
}

/**
 * "Project 123 has 4 orders and 1 proof." for the holders with a count; null when nothing holds the
 * record (the delete may go on).
 */
export function heldRecordMessage(noun: string, id: number, holders: readonly RecordHolder[]): string | null {
  const held = holders
    .filter((holder) => holder.count > 0)
    .map((holder) => `${holder.count} ${holder.count === 1 ? holder.one : holder.many}`);
  if (held.length === 0) return null;
  const list = held.length === 1 ? held[0] : `${held.slice(0, -1).join(', ')} and ${held.at(-1)}`;
  return `${noun} ${id} has ${list}.`;
}
