/** Schools, branches and manager accounts: request and response shapes shared by server and web. */
import { z } from 'zod';
import { newPassword } from './auth';
import { apiDate, email, id, optionalText, phone, requiredText, versioned, wholeNumber } from './fields';
import { listQuery } from './list';
import { tr } from '../tr';

const schoolStatus = z.enum(['active', 'archived']);

/** The short code students type to name their school: letters and digits, compared in upper case. */
const schoolCode = z
  .string()
  .trim()
  .transform((v) => v.toLocaleUpperCase('en'))
  .pipe(z.string().regex(/^[A-Z0-9]{4,10}$/, { message: tr.student.schoolCodeInvalid }));

export const school = z.object({
  id: wholeNumber,
  name: z.string(),
  cityId: wholeNumber.nullable(),
  cityName: z.string(),
  district: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  logoUrl: z.string().nullable(),
  academicYear: z.string(),
  messageDeadline: z.string().nullable(),
  /** When the books reached the school: its photos are purged the studio's retention period after it. */
  deliveryDate: z.string().nullable(),
  code: z.string(),
  status: schoolStatus,
  branchCount: wholeNumber,
  studentCount: wholeNumber,
  version: wholeNumber,
});
export type School = z.infer<typeof school>;

const academicYear = z
  .string()
  .trim()
  .refine(
    (v) => {
      const m = /^(\d{4})-(\d{4})$/.exec(v);
      return m !== null && Number(m[2]) === Number(m[1]) + 1;
    },
    { message: tr.organisation.validation.academicYear },
  );

/**
 * A logo as a data URL of a small PNG/JPEG/WebP image (the web app picks it with a preview). Its
 * size is checked by the server on the decoded bytes, so a too large one is a 413 like any file.
 */
const logoDataUrl = z.string().regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, { message: tr.organisation.validation.logo });

export const schoolBody = z
  .object({
    name: requiredText(150),
    cityId: wholeNumber.min(1).max(81),
    district: optionalText(80),
    address: optionalText(300),
    phone: phone.default(''),
    email: z.union([z.literal(''), email]).default(''),
    academicYear,
    messageDeadline: apiDate.nullable().default(null),
    /** Absent: kept; null: not delivered yet (nothing is purged). */
    deliveryDate: apiDate.nullable().optional(),
    /** Absent: kept (a new school gets a random one). */
    code: schoolCode.optional(),
    status: schoolStatus.default('active'),
    /** A new logo (data URL), null to remove it, absent to keep it. */
    logo: logoDataUrl.nullable().optional(),
  })
  .strict();
export type SchoolBody = z.input<typeof schoolBody>;
export const schoolUpdateBody = versioned(schoolBody);
export type SchoolUpdateBody = z.input<typeof schoolUpdateBody>;

export const schoolListQuery = listQuery
  .extend({
    cityId: z.coerce
      .number()
      .int()
      .min(1)
      .max(81)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    status: schoolStatus.optional().or(z.literal('').transform(() => undefined)),
  })
  .strict();
const exportFormat = z.enum(['csv', 'xlsx']);
export const schoolExportQuery = schoolListQuery.extend({ format: exportFormat });

export const manager = z.object({
  id: wholeNumber,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  active: z.boolean(),
  schoolId: wholeNumber.nullable(),
  branchId: wholeNumber.nullable(),
  lastLoginAt: z.string().nullable(),
  version: wholeNumber,
});
export type Manager = z.infer<typeof manager>;

const password = newPassword;

export const managerCreateBody = z
  .object({
    name: requiredText(120),
    email,
    phone: phone.default(''),
    /** Absent or '' → the server generates one and answers it once. */
    password: z.union([z.literal(''), password]).optional(),
    active: z.boolean().default(true),
  })
  .strict();
export type ManagerCreateBody = z.input<typeof managerCreateBody>;

export const managerUpdateBody = z
  .object({
    name: requiredText(120),
    email,
    phone: phone.default(''),
    active: z.boolean(),
    /** true → a new generated password, answered once; sessions end. */
    resetPassword: z.boolean().optional(),
    /** A password chosen by the panel; sessions end. */
    password: z.union([z.literal(''), password]).optional(),
    version: wholeNumber.min(0).max(2_147_483_647),
  })
  .strict();
export type ManagerUpdateBody = z.input<typeof managerUpdateBody>;

export const managerSaved = z.object({
  success: z.literal(true),
  item: manager,
  /** Present only when the server generated the password: shown once, never again. */
  generatedPassword: z.string().optional(),
});

export const managerListQuery = listQuery.strict();
export const managerExportQuery = managerListQuery.extend({ format: exportFormat });

/** Section letters are Turkish letters (I and İ differ), or a number-like label; never folded. */
const section = z
  .string()
  .trim()
  .min(1)
  .max(5)
  .regex(/^[A-Za-zÇĞİÖŞÜçğıöşü0-9]+$/, { message: tr.organisation.validation.section })
  .transform((v) => v.toLocaleUpperCase('tr-TR'));

const grade = wholeNumber.min(1).max(12);

export const branch = z.object({
  id: wholeNumber,
  schoolId: wholeNumber,
  grade: wholeNumber,
  section: z.string(),
  programme: z.string(),
  name: z.string(),
  studentCount: wholeNumber,
  managerName: z.string(),
  version: wholeNumber,
});
export type Branch = z.infer<typeof branch>;

export const branchBody = z.object({ grade, section, programme: optionalText(80) }).strict();
export type BranchBody = z.input<typeof branchBody>;
export const branchUpdateBody = versioned(branchBody);
export type BranchUpdateBody = z.input<typeof branchUpdateBody>;

/** Quick creation of a range: grade 12, sections A–F (Turkish alphabet) in one step. */
export const branchRangeBody = z
  .object({
    grade,
    from: section,
    to: section,
    programme: optionalText(80),
  })
  .strict();
export type BranchRangeBody = z.input<typeof branchRangeBody>;

export const branchListQuery = listQuery.strict();
export const branchExportQuery = branchListQuery.extend({ format: exportFormat });

export const branchRangeResponse = z.object({ success: z.literal(true), created: z.array(branch), skipped: z.array(z.string()) });

export const auditEntry = z.object({
  id: wholeNumber,
  userName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: wholeNumber.nullable(),
  changes: z.unknown(),
  createdAt: z.string(),
});
export const auditListQuery = listQuery.extend({ entity: z.string().max(40).optional(), entityId: id.optional() }).strict();
