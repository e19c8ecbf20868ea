import type { User } from '#contract/auth.ts';
import type { Facility } from '#contract/facility.ts';
import type { Room, RoomDetails, RoomStats } from '#contract/rooms.ts';
import type { Invoice, InvoiceDocument } from '#contract/billing.ts';
import type { Member } from '#contract/users.ts';

/** Test data shared by the web tests, shaped as the API returns it. */

/** A unit (Room) as the API lists it. */
export function room(over: Partial<Room> = {}): Room {
  return {
    id: over.id ?? crypto.randomUUID(),
    number: '101',
    name: null,
    description: null,
    floor: 1,
    type: 'apartment',
    facilityType: 'construction',
    status: 'needs_cleaning',
    lastCleaned: null,
    lastCleanedBy: null,
    totalTasksToday: 0,
    completedTasksToday: 0,
    ...over,
  };
}

export function statsOf(rooms: Room[]): RoomStats {
  const n = (s: Room['status']) => rooms.filter((r) => r.status === s).length;
  return {
    totalRooms: rooms.length,
    clean: n('clean'),
    inProgress: n('in_progress'),
    needsCleaning: n('needs_cleaning'),
    inactive: n('inactive'),
    total: rooms.length,
  };
}

export function detailsOf(r: Room, tasks: RoomDetails['tasks'] = []): RoomDetails {
  return { room: r, date: '2026-11-23', tasks, totalTasks: tasks.length, completedTasks: tasks.filter((t) => t.isCompleted).length };
}

/** The signed-in user as GET /api/auth/user answers: the owner of a project of `facilityType`. */
export const userWith = (facilityType: string, over: Partial<User> = {}): User => ({
  id: 'u1',
  username: 'demo',
  firstName: 'Dana',
  lastName: null,
  email: null,
  phone: null,
  city: null,
  role: 'admin',
  isOwner: true,
  facilityName: 'Site',
  facilityType,
  profileImageUrl: null,
  projectId: 'p1',
  isActive: true,
  projectStatus: 'active',
  inactiveReason: null,
  timezone: 'Asia/Jerusalem',
  createdAt: '2026-01-01T00:00:00.000Z',
  mustChangePassword: false,
  passwordResetBy: null,
  ...over,
});

/** The signed-in user's project, as GET /api/user/facility answers. */
export const facility: Facility = {
  id: 'p1',
  name: 'Sea Towers',
  facilityType: 'construction',
  uniqueQrId: 'qr_8f3k2m9x',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  publicUrl: 'https://shalav.example.com',
};

/** An invoice as the API answers it: 1,399 ₪ before 18% VAT for December 2026. */
export function invoice(over: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    number: 1042,
    projectId: 'p1',
    issueDate: '2026-12-01',
    periodStart: '2026-12-01',
    periodEnd: '2026-12-31',
    description: 'מנוי חודשי לשלב — Carmel Towers',
    customerName: 'Carmel Towers',
    customerContact: 'Dana Levi',
    customerCity: 'Haifa',
    amountAgorot: 139_900,
    vatBasisPoints: 1800,
    vatAgorot: 25_182,
    totalAgorot: 165_082,
    status: 'paid',
    attempts: 1,
    nextAttemptOn: null,
    paidAt: '2026-12-01T06:00:00.000Z',
    issuedAt: '2026-12-01T06:00:00.000Z',
    ...over,
  };
}

export function invoiceDocument(over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    ...invoice(),
    seller: { name: 'שלב מערכות בע״מ', registrationNumber: '515123456', address: 'רחוב הברזל 3, תל אביב' },
    ...over,
  };
}

/** A project member as `GET /api/users` answers it. */
export const member = (over: Partial<Member> = {}): Member => ({
  id: 'm1',
  username: 'm',
  firstName: 'M',
  lastName: null,
  email: 'm@example.com',
  phone: null,
  role: 'manager',
  isOwner: false,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
