/**
 * Layout software (the vendors' book-building tools, software codes 1 to 8 and 10) behind one small
 * interface: give a person a login to one book. The vendor names are withheld by the spec, so the
 * product ships the offline default; a vendor adapter implements the same interface and is chosen
 * per software code in `layoutSoftwareAdapters`.
 */
export interface LayoutSoftwareUserRequest {
  software: number;
  projectId: number;
  accountId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'adviser' | 'staff';
  addedByUserId: number | null;
}

/** The person as the software added them (or had them already). */
export interface LayoutSoftwareUserResult extends Omit<LayoutSoftwareUserRequest, 'addedByUserId'> {
  id: number;
  externalUserId: string;
  status: 'added' | 'already_added';
  createdAt: Date;
}

export interface LayoutSoftwareAdapter {
  /** Shown to the caller ('offline' for the embedded default). */
  readonly name: string;
  /** Adds the person to the book; adding someone already there changes nothing and says so. */
  addUser(request: LayoutSoftwareUserRequest): Promise<LayoutSoftwareUserResult>;
  /** The people added to one book in one software, oldest first. */
  listUsers(software: number, projectId: number): Promise<LayoutSoftwareUserResult[]>;
}
