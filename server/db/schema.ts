/**
 * The database schema of every area. Rows below a studio carry `studio_id` (the tenant key) and
 * the school/branch they belong to, so every scope check is one indexed equality.
 * Names and texts people search carry `search_key` (Turkish-folded, trigram-indexed) and
 * `sort_key` (Turkish alphabet order under COLLATE "C"); see common/text.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  real,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CONSENT_PURPOSES, RECORDED_RELATIONS } from '../../common/schemas/consents';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * An editable row's version: a trigger adds one on every update that changes it (see the migrations),
 * and a write names the version it was based on, so a stale edit is refused instead of lost.
 */
const version = () => integer('version').notNull().default(1);
/** When an editable row was made and last changed, and its version. */
const editableStamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt(), version: version() });
/** The keys a searched, alphabetically listed name is found and ordered by (see common/text.ts). */
const nameKeys = () => ({ searchKey: text('search_key').notNull().default(''), sortKey: text('sort_key').notNull().default('') });
const trgm = (column: { name: string }) => sql`${sql.identifier(column.name)} gin_trgm_ops`;
const cSorted = (column: { name: string }) => sql`${sql.identifier(column.name)} COLLATE "C"`;

/** The studio (tenant) and school a row belongs to. */
const studioRef = () =>
  integer('studio_id')
    .notNull()
    .references(() => studios.id);
const schoolRef = () =>
  integer('school_id')
    .notNull()
    .references(() => schools.id);

/** A student the row is about (or from, or to); the row goes when the student does. */
const studentRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => students.id, { onDelete: 'cascade' });

/**
 * What every kind of session keeps: the sha256 of its token (the token itself is never stored),
 * when it ends or was ended, and where the sign-in came from, so a person can tell their sessions
 * apart and end the others.
 */
const sessionColumns = () => ({
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

/** The studio, school and branch a row of a branch belongs to: what every scope check compares. */
const branchPlace = () => ({
  studioId: studioRef(),
  schoolId: schoolRef(),
  branchId: integer('branch_id')
    .notNull()
    .references(() => branches.id),
});

/** A moderated row's state: pending until approved or rejected (with a note), and by whom and when. */
const moderation = () => ({
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  note: text('note').notNull().default(''),
  moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
  moderatedAt: timestamp('moderated_at', { withTimezone: true }),
});

export const cities = pgTable('cities', {
  id: smallint('id').primaryKey(), // plate code 1–81
  name: text('name').notNull(),
  sortKey: text('sort_key').notNull(),
});

export const studios = pgTable('studios', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logoPath: text('logo_path'),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  cityId: smallint('city_id').references(() => cities.id),
  website: text('website').notNull().default(''),
  /** Months after a school's delivery date when its photos and face data are purged. */
  retentionMonths: integer('retention_months').notNull().default(6),
  /** Event photos each student should be tagged in; students below it are highlighted in coverage. */
  coverageGoal: smallint('coverage_goal').notNull().default(3),
  ...editableStamps(),
});

export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    name: text('name').notNull(),
    cityId: smallint('city_id').references(() => cities.id),
    district: text('district').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    logoPath: text('logo_path'),
    academicYear: text('academic_year').notNull().default(''),
    messageDeadline: date('message_deadline', { mode: 'string' }),
    /** When the books reached the school; photos and face data are purged a studio-set period after it. */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** Short code students type (or a login card's QR fills in) to name their school; upper case, unique. */
    code: text('code')
      .notNull()
      .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 6))`),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    ...nameKeys(),
    ...editableStamps(),
  },
  (t) => [
    index('schools_studio_sort_idx').on(t.studioId, cSorted(t.sortKey), t.id),
    index('schools_studio_city_idx').on(t.studioId, t.cityId),
    index('schools_search_trgm_idx').using('gin', trgm(t.searchKey)),
    uniqueIndex('schools_code_uq').on(t.code),
  ],
);

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    schoolId: schoolRef(),
    grade: smallint('grade').notNull(),
    section: text('section').notNull(),
    /** Order key of the section (Turkish letters: I before İ). */
    sectionKey: text('section_key').notNull(),
    programme: text('programme').notNull().default(''),
    ...editableStamps(),
  },
  (t) => [
    uniqueIndex('branches_school_grade_section_uq').on(t.schoolId, t.grade, t.section),
    index('branches_school_order_idx').on(t.schoolId, t.grade, cSorted(t.sectionKey)),
    index('branches_studio_idx').on(t.studioId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    level: text('level', { enum: ['panel', 'school', 'branch'] }).notNull(),
    schoolId: integer('school_id').references(() => schools.id),
    branchId: integer('branch_id').references(() => branches.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...nameKeys(),
    ...editableStamps(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_school_idx').on(t.schoolId, t.level),
    index('users_branch_idx').on(t.branchId),
    index('users_studio_level_idx').on(t.studioId, t.level),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['panel', 'school', 'branch'] }).notNull(),
    ...sessionColumns(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Sessions opened with a student's school number and a code: the student's own (valid only under
 * /api/student) or its parent's (only under /api/veli). `holder` says whose; a token of one holder
 * is never a session of the other, nor of staff.
 */
export const studentSessions = pgTable(
  'student_sessions',
  {
    id: serial('id').primaryKey(),
    studentId: studentRef('student_id'),
    holder: text('holder', { enum: ['student', 'parent'] })
      .notNull()
      .default('student'),
    ...sessionColumns(),
  },
  (t) => [uniqueIndex('student_sessions_token_hash_uq').on(t.tokenHash), index('student_sessions_student_idx').on(t.studentId, t.holder)],
);

/**
 * Sign-in attempts per key ("ip:…", "pair:<account>|<ip>", "account:…") in the current window,
 * for rate limiting (auth/loginLimiter.ts); `blocked_until` holds a key back until then.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    ...branchPlace(),
    schoolNumber: text('school_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['female', 'male', ''] })
      .notNull()
      .default(''),
    quote: text('quote').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    /** The student's own sign-in: an access code (argon2 hash; the code itself is shown once). */
    accessCodeHash: text('access_code_hash'),
    accessCodeCreatedAt: timestamp('access_code_created_at', { withTimezone: true }),
    /** The parent's sign-in, distinct from the student's: same alphabet and hashing, printed only on the consent letter. */
    parentCodeHash: text('parent_code_hash'),
    parentCodeCreatedAt: timestamp('parent_code_created_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** A quote the student wrote, waiting for approval; approving it moves it to `quote`. */
    quoteDraft: text('quote_draft'),
    /**
     * The shoot photo the student picked as their yearbook portrait. No foreign key: photos
     * already reference students, and a cycle would leave backups no order to restore in; a
     * pick whose photo is gone reads as no pick.
     */
    portraitPickPhotoId: integer('portrait_pick_photo_id'),
    status: text('status', { enum: ['active', 'passive'] })
      .notNull()
      .default('active'),
    ...nameKeys(),
    ...editableStamps(),
  },
  (t) => [
    uniqueIndex('students_school_number_uq').on(t.schoolId, t.schoolNumber),
    index('students_branch_sort_idx').on(t.branchId, cSorted(t.sortKey), t.id),
    index('students_school_sort_idx').on(t.schoolId, cSorted(t.sortKey), t.id),
    index('students_studio_idx').on(t.studioId),
    index('students_search_trgm_idx').using('gin', trgm(t.searchKey)),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    ...branchPlace(),
    studentId: studentRef('student_id'),
    isPortrait: boolean('is_portrait').notNull().default(false),
    /** Key in the file store; derived sizes live beside it. */
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  // The "students with a portrait" count reads only these indexes, at each level's scope.
  (t) => [
    index('photos_student_idx').on(t.studentId),
    index('photos_branch_portrait_idx').on(t.branchId, t.isPortrait, t.studentId),
    index('photos_school_portrait_idx').on(t.schoolId, t.isPortrait, t.studentId),
    index('photos_studio_portrait_idx').on(t.studioId, t.isPortrait, t.studentId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    kind: text('kind', { enum: ['school', 'branch', 'student'] }).notNull(),
    schoolId: schoolRef(),
    branchId: integer('branch_id').references(() => branches.id),
    fromStudentId: integer('from_student_id').references(() => students.id, { onDelete: 'cascade' }),
    toStudentId: integer('to_student_id').references(() => students.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull().default(''),
    /** Set when the student wrote it themself (then no staff author). */
    authorStudentId: integer('author_student_id').references(() => students.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The text as first written, kept when a moderator edits it. */
    originalBody: text('original_body'),
    ...moderation(),
    searchKey: text('search_key').notNull().default(''),
    ...editableStamps(),
  },
  (t) => [
    index('messages_school_kind_status_idx').on(t.schoolId, t.kind, t.status, t.createdAt),
    index('messages_branch_kind_status_idx').on(t.branchId, t.kind, t.status, t.createdAt),
    // A school's or branch's messages newest first with no status filter (bench/messages.ts).
    index('messages_school_kind_created_idx').on(t.schoolId, t.kind, t.createdAt),
    index('messages_branch_kind_created_idx').on(t.branchId, t.kind, t.createdAt),
    index('messages_from_idx').on(t.fromStudentId, t.status),
    index('messages_to_idx').on(t.toStudentId, t.status),
    index('messages_studio_created_idx').on(t.studioId, t.createdAt),
    index('messages_studio_kind_status_idx').on(t.studioId, t.kind, t.status),
    index('messages_search_trgm_idx').using('gin', trgm(t.searchKey)),
  ],
);

export const nicknames = pgTable(
  'nicknames',
  {
    id: serial('id').primaryKey(),
    ...branchPlace(),
    fromStudentId: studentRef('from_student_id'),
    toStudentId: studentRef('to_student_id'),
    text: text('text').notNull(),
    /** Set when the student suggested it themself rather than staff entering it. */
    authorStudentId: integer('author_student_id').references(() => students.id, { onDelete: 'set null' }),
    ...moderation(),
    searchKey: text('search_key').notNull().default(''),
    ...editableStamps(),
  },
  (t) => [
    index('nicknames_school_status_idx').on(t.schoolId, t.status, t.createdAt),
    index('nicknames_branch_status_idx').on(t.branchId, t.status, t.createdAt),
    index('nicknames_to_idx').on(t.toStudentId),
    index('nicknames_studio_status_idx').on(t.studioId, t.status),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    targetType: text('target_type', { enum: ['all', 'school', 'branch'] }).notNull(),
    targetId: integer('target_id'),
    /** The school the target lies in (null for the whole studio), for scope checks. */
    schoolId: integer('school_id').references(() => schools.id),
    branchId: integer('branch_id').references(() => branches.id),
    sendDate: date('send_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['draft', 'scheduled', 'sent', 'cancelled'] })
      .notNull()
      .default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Folded title and text (common/text.ts searchKey), for the list's search. */
    searchKey: text('search_key').notNull().default(''),
    ...editableStamps(),
  },
  (t) => [
    index('notifications_studio_idx').on(t.studioId, t.status, t.sendDate),
    index('notifications_search_trgm_idx').using('gin', trgm(t.searchKey)),
    index('notifications_due_idx').on(t.status, t.sendDate),
    index('notifications_school_idx').on(t.schoolId),
  ],
);

export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    studentId: studentRef('student_id'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.studentId] }), index('notification_recipients_student_idx').on(t.studentId)],
);

/** The yearbook design of a studio (school_id null) or a school's override of it. */
export const designs = pgTable(
  'designs',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [unique('designs_studio_school_uq').on(t.studioId, t.schoolId).nullsNotDistinct()],
);

/** Who changed what and when, for every write. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    studioId: studioRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    /** The student who made the change, when a student did. */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    schoolId: integer('school_id'),
    changes: jsonb('changes'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_studio_created_idx').on(t.studioId, t.createdAt), index('audit_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Background work that must survive a restart (yearbook PDFs): a job is claimed with a lease that
 * its runner renews while it works; a job whose lease ran out (its process died) is taken again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    params: jsonb('params').notNull().default({}),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Not claimed before this time: a recurring job's next round waits for its turn. */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One job of a kind at a time for a school.
    uniqueIndex('jobs_one_active_per_school_uq')
      .on(t.kind, t.schoolId)
      .where(sql`status IN ('queued', 'running')`),
    // And for a studio-wide job (no school): one waiting or running round of a recurring kind per studio.
    uniqueIndex('jobs_one_active_per_studio_uq')
      .on(t.kind, t.studioId)
      .where(sql`school_id IS NULL AND status IN ('queued', 'running')`),
    index('jobs_claim_idx').on(t.status, t.runAfter, t.id),
    index('jobs_school_idx').on(t.schoolId, t.createdAt),
  ],
);

/**
 * A branch whose yearbook proof the school approved: who and when, and from which job's proof.
 * While the row exists the branch's students, photos, messages and nicknames are locked (a
 * trigger refuses writes); the studio unlocks by removing it.
 */
export const yearbookApprovals = pgTable(
  'yearbook_approvals',
  {
    branchId: integer('branch_id')
      .primaryKey()
      .references(() => branches.id, { onDelete: 'cascade' }),
    studioId: studioRef(),
    schoolId: schoolRef(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name').notNull().default(''),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('yearbook_approvals_school_idx').on(t.schoolId)],
);

/** A school whose book the studio marked final: its PDFs are printed without the draft watermark. */
export const yearbookFinals = pgTable('yearbook_finals', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  studioId: studioRef(),
  markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The figures of `GET /user` and Home that grow with the data, kept by triggers in the same
 * transaction as every write (see the migrations): one row per branch, the smallest scope, so
 * writers of different branches never wait on one another. A school's or studio's figures sum
 * its rows, which costs as many rows as it has branches, never as many as it has students.
 * 0 as school or branch stands for "none": a notification to the whole studio or to a school.
 */
/** The figures Home shows, as the counting triggers keep them (a branch's row, or a studio's sum). */
const countedFigures = () => ({
  students: integer('students').notNull().default(0),
  /** Students with at least one portrait photo (each counted once). */
  studentsWithPortrait: integer('students_with_portrait').notNull().default(0),
  /** Messages of kind 'student', by status. */
  messagesPending: integer('messages_pending').notNull().default(0),
  messagesApproved: integer('messages_approved').notNull().default(0),
  messagesRejected: integer('messages_rejected').notNull().default(0),
  nicknamesPending: integer('nicknames_pending').notNull().default(0),
  nicknamesApproved: integer('nicknames_approved').notNull().default(0),
  nicknamesRejected: integer('nicknames_rejected').notNull().default(0),
  notifications: integer('notifications').notNull().default(0),
});

export const scopeCounts = pgTable(
  'scope_counts',
  {
    studioId: integer('studio_id').notNull(),
    schoolId: integer('school_id').notNull(),
    branchId: integer('branch_id').notNull(),
    ...countedFigures(),
  },
  (t) => [primaryKey({ columns: [t.studioId, t.schoolId, t.branchId] }), index('scope_counts_branch_idx').on(t.branchId)],
);

/**
 * A studio's figures in one row: the sums of its `scopeCounts` rows, kept by the same database
 * function in the same statement, so GET {level}/user of a panel account reads one row instead of
 * summing a row per branch (10 000 of them for a studio of 500 000 students).
 */
export const studioCounts = pgTable('studio_counts', {
  studioId: integer('studio_id')
    .primaryKey()
    .references(() => studios.id, { onDelete: 'cascade' }),
  ...countedFigures(),
});

const consentPurpose = () => text('purpose', { enum: CONSENT_PURPOSES }).notNull();

/**
 * The consent text a parent reads, per studio and purpose. Editing adds a row: a parent's answer
 * names the version (sha256 of the body) it was given to, so an old answer keeps its text.
 */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    purpose: consentPurpose(),
    body: text('body').notNull(),
    /** sha256 (hex) of the body. */
    version: text('version').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('consent_texts_studio_purpose_idx').on(t.studioId, t.purpose, t.id)],
);

/** A student whose data was erased: no content, only who, when and what was counted; a restore re-applies it. */
export const erasures = pgTable(
  'erasures',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    schoolId: integer('school_id'),
    /** The erased student's id (no foreign key: the row is gone). */
    studentId: integer('student_id').notNull(),
    erasedBy: integer('erased_by').references(() => users.id, { onDelete: 'set null' }),
    erasedByName: text('erased_by_name').notNull().default(''),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many rows and files went, by kind. */
    counts: jsonb('counts').notNull().default({}),
  },
  (t) => [index('erasures_studio_idx').on(t.studioId, t.erasedAt), uniqueIndex('erasures_student_uq').on(t.studentId)],
);

/**
 * Every consent answer, kept as evidence and never updated: who answered (name and relation as
 * given), from where, to which text version, online or from a paper form staff recorded. The
 * answer in force for a student and purpose is the latest row. An erased student's rows stay,
 * detached from the student and pointing at the erasure, as evidence of it.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    studioId: studioRef(),
    schoolId: integer('school_id').notNull(),
    branchId: integer('branch_id').notNull(),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    erasureId: integer('erasure_id').references(() => erasures.id),
    purpose: consentPurpose(),
    answer: text('answer', { enum: ['yes', 'no'] }).notNull(),
    givenByName: text('given_by_name').notNull(),
    relation: text('relation', { enum: RECORDED_RELATIONS }).notNull(),
    channel: text('channel', { enum: ['online', 'paper'] }).notNull(),
    textVersion: text('text_version').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Staff member who entered a paper form, and the form's scan in the file store. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    scanKey: text('scan_key'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_records_student_idx').on(t.studentId, t.purpose, t.id), index('consent_records_branch_idx').on(t.branchId, t.purpose)],
);

/**
 * The answer in force per student and purpose (the latest record), kept beside the evidence so
 * lists filter and count by one indexed equality. No row: not answered.
 */
export const studentConsents = pgTable(
  'student_consents',
  {
    studentId: studentRef('student_id'),
    purpose: consentPurpose(),
    studioId: studioRef(),
    schoolId: integer('school_id').notNull(),
    branchId: integer('branch_id').notNull(),
    answer: text('answer', { enum: ['yes', 'no'] }).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.purpose] }),
    index('student_consents_branch_idx').on(t.branchId, t.purpose, t.answer),
    index('student_consents_school_idx').on(t.schoolId, t.purpose, t.answer),
    index('student_consents_studio_idx').on(t.studioId, t.purpose, t.answer),
  ],
);

/** The studio and school an event album's row belongs to, and its branch where it is one branch's. */
const albumPlace = () => ({ studioId: studioRef(), schoolId: schoolRef(), branchId: integer('branch_id').references(() => branches.id) });
/** The album a row is part of; the row goes with the album. */
const albumRef = () =>
  integer('album_id')
    .notNull()
    .references(() => albums.id, { onDelete: 'cascade' });

/** An event album (etkinlik albümü) of a school, or of one of its branches (`branch_id` set). */
export const albums = pgTable(
  'albums',
  {
    id: serial('id').primaryKey(),
    ...albumPlace(),
    name: text('name').notNull(),
    eventDate: date('event_date', { mode: 'string' }),
    description: text('description').notNull().default(''),
    ...nameKeys(),
    ...editableStamps(),
  },
  (t) => [
    index('albums_school_sort_idx').on(t.schoolId, cSorted(t.sortKey), t.id),
    index('albums_branch_idx').on(t.branchId),
    index('albums_studio_idx').on(t.studioId),
  ],
);

/**
 * A link through which a teacher or parent uploads to an album without an account: only the
 * sha256 of its token is kept; it stops at `expires_at` or when revoked. What comes through it waits for approval.
 */
export const albumUploadLinks = pgTable(
  'album_upload_links',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    schoolId: schoolRef(),
    albumId: albumRef(),
    tokenHash: text('token_hash').notNull(),
    label: text('label').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('album_upload_links_token_uq').on(t.tokenHash), index('album_upload_links_album_idx').on(t.albumId)],
);

/**
 * A photo of an event album. Staff uploads are approved at once; a link's wait for a moderator.
 * Faces are looked for in approved photos only (`face_scan` says how far that got).
 */
export const albumPhotos = pgTable(
  'album_photos',
  {
    id: serial('id').primaryKey(),
    ...albumPlace(),
    albumId: albumRef(),
    /** Key in the file store; derived sizes live beside it, as for portraits. */
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    caption: text('caption').notNull().default(''),
    ...moderation(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadLinkId: integer('upload_link_id').references(() => albumUploadLinks.id, { onDelete: 'set null' }),
    /** The name a link's uploader gave. */
    uploaderName: text('uploader_name').notNull().default(''),
    faceScan: text('face_scan', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    faceScannedAt: timestamp('face_scanned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('album_photos_album_idx').on(t.albumId, t.status, t.id),
    index('album_photos_school_idx').on(t.schoolId, t.status),
    index('album_photos_face_scan_idx').on(t.schoolId, t.faceScan),
  ],
);

/**
 * A consented student's face descriptor, computed from their portrait. Biometric data (KVKK art. 6):
 * kept only while the parents' face-matching consent stands and until the school's book is final.
 */
export const studentFaces = pgTable(
  'student_faces',
  {
    id: serial('id').primaryKey(),
    studioId: studioRef(),
    schoolId: schoolRef(),
    branchId: integer('branch_id').notNull(),
    studentId: studentRef('student_id'),
    photoId: integer('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    descriptor: real('descriptor').array().notNull(),
    /** Which model made the descriptor: one model's descriptors are never compared with another's. */
    model: text('model').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('student_faces_photo_uq').on(t.photoId),
    index('student_faces_student_idx').on(t.studentId),
    index('student_faces_school_idx').on(t.schoolId),
    index('student_faces_branch_idx').on(t.branchId),
  ],
);

/**
 * A face found in an approved album photo: where it is (fractions of the photo), whom it looks
 * like, and what staff decided. Its descriptor is not kept: the person may not have consented.
 */
export const photoFaces = pgTable(
  'photo_faces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    studioId: studioRef(),
    schoolId: schoolRef(),
    albumId: albumRef(),
    photoId: integer('photo_id')
      .notNull()
      .references(() => albumPhotos.id, { onDelete: 'cascade' }),
    box: jsonb('box').$type<{ x: number; y: number; width: number; height: number }>().notNull(),
    suggestedStudentId: integer('suggested_student_id').references(() => students.id, { onDelete: 'set null' }),
    suggestedScore: real('suggested_score'),
    state: text('state', { enum: ['open', 'confirmed', 'rejected', 'ignored'] })
      .notNull()
      .default('open'),
    /** The student staff confirmed or assigned. */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('photo_faces_album_idx').on(t.albumId, t.state),
    index('photo_faces_photo_idx').on(t.photoId),
    index('photo_faces_suggested_idx').on(t.suggestedStudentId),
    index('photo_faces_student_idx').on(t.studentId),
  ],
);

/**
 * A student in an album photo, as staff confirmed it (from a face or tagged by hand): what
 * coverage counts and what the book's index and the student's portal read.
 */
export const photoTags = pgTable(
  'photo_tags',
  {
    photoId: integer('photo_id')
      .notNull()
      .references(() => albumPhotos.id, { onDelete: 'cascade' }),
    studentId: studentRef('student_id'),
    studioId: studioRef(),
    schoolId: integer('school_id').notNull(),
    /** The student's branch, so a branch's coverage is one indexed equality. */
    branchId: integer('branch_id').notNull(),
    faceId: bigint('face_id', { mode: 'number' }).references(() => photoFaces.id, { onDelete: 'set null' }),
    taggedBy: integer('tagged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.studentId] }),
    index('photo_tags_student_idx').on(t.studentId),
    index('photo_tags_branch_idx').on(t.branchId, t.studentId),
    index('photo_tags_school_idx').on(t.schoolId, t.studentId),
  ],
);

/** An event page of the book: an album's photos in a layout of 1, 2, 3, 4 or 6 a page, in order. */
export const albumPages = pgTable(
  'album_pages',
  {
    id: serial('id').primaryKey(),
    ...albumPlace(),
    albumId: albumRef(),
    position: integer('position').notNull(),
    layout: smallint('layout').notNull(),
    /** Album photo ids in their places on the page; a photo deleted since reads as an empty place. */
    photoIds: integer('photo_ids').array().notNull(),
    ...editableStamps(),
  },
  (t) => [index('album_pages_album_idx').on(t.albumId, t.position), index('album_pages_school_idx').on(t.schoolId, t.branchId)],
);
