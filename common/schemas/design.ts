import { z } from 'zod';
import { tr } from '../tr';
import { id, version, wholeNumber } from './fields';

export const DESIGN_TEMPLATES = ['klasik', 'modern', 'pastel'] as const;
export const PHOTO_SHAPES = ['square', 'rounded', 'circle'] as const;
export const FONT_PAIRS = ['inter-merriweather', 'poppins-lora', 'nunito-playfair'] as const;
/** Karton kapak (perfect bound, the cover glued round the block) or sert kapak (case bound, the sheet wrapped round boards). */
export const BINDINGS = ['softcover', 'hardcover'] as const;
/**
 * The interior's paper and the thickness of one leaf (two pages) in µm, which the cover's spine is
 * made of. Thickness is grammage × bulk: mills give coated silk/matt papers a bulk of about
 * 0.9 cm³/g and uncoated offset about 1.25 cm³/g (e.g. 115 g/m² silk ≈ 0.10 mm a leaf); rounded,
 * since the printer measures the stock before binding and allows ±0.5 mm on the spine anyway.
 */
export const PAPER_CALIPER_UM = {
  'coated-115': 104,
  'coated-130': 117,
  'coated-150': 135,
  'coated-170': 153,
  'uncoated-90': 113,
  'uncoated-120': 150,
} as const;
export const PAPERS = Object.keys(PAPER_CALIPER_UM) as [keyof typeof PAPER_CALIPER_UM, ...Array<keyof typeof PAPER_CALIPER_UM>];
/** Where the book's event pages go: each branch's albums after its class panel (the school's albums at the end), or all at the end of the book. */
export const EVENT_PAGE_PLACES = ['after-panels', 'end'] as const;
/** A printer binds sheets folded in 4, 8 or 16 pages: the book's page count is padded to one of these. */
export const PAGE_MULTIPLES = [4, 8, 16] as const;

/**
 * The printing condition the print files are made for: FOGRA39 (ISO Coated v2), whose profile the
 * app ships, or FOGRA51 (PSO Coated v3), whose profile the studio uploads (it may not be redistributed).
 */
export const PRINT_CONDITIONS = ['FOGRA39', 'FOGRA51'] as const;
export type PrintCondition = (typeof PRINT_CONDITIONS)[number];
/** The largest ICC profile accepted: real CMYK output profiles are 0.5–4 MB. */
export const PRINT_PROFILE_MAX_MB = 10;
const PRINT_PROFILE_FILE = /^design-profile\/\d+-\d+\.icc$/;

/** The studio's uploaded output profile: where the file store keeps it, and what its header said. */
const printProfile = z
  .object({
    file: z.string().regex(PRINT_PROFILE_FILE, tr.design.printProfileOnlyUpload),
    /** The profile's own description (its 'desc' tag), e.g. "PSO Coated v3". */
    description: z.string().max(200),
    bytes: wholeNumber,
  })
  .strict();
export type PrintProfile = z.infer<typeof printProfile>;

const COVER_URL = /^\/api\/files\/design-cover\/\d+(\?v=\d+)?$/;

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Renk #RRGGBB biçiminde olmalıdır.');

export const designSettings = z
  .object({
    template: z.enum(DESIGN_TEMPLATES),
    primaryColor: color,
    accentColor: color,
    fontPair: z.enum(FONT_PAIRS),
    /** Only a cover this server stored (upload), or null for none. */
    coverImageUrl: z.string().regex(COVER_URL, tr.design.coverUrlInvalid).nullable(),
    photoShape: z.enum(PHOTO_SHAPES),
    showNickname: z.boolean(),
    showQuote: z.boolean(),
    showMessages: z.boolean(),
    messagesPerPage: wholeNumber.min(1).max(12),
    binding: z.enum(BINDINGS, { error: tr.design.bindingInvalid }),
    paper: z.enum(PAPERS, { error: tr.design.paperInvalid }),
    pageMultiple: z.union([z.literal(4), z.literal(8), z.literal(16)]),
    /** Portraits per row on a branch's class panel page. */
    panelColumns: wholeNumber.min(4).max(6),
    eventPages: z.enum(EVENT_PAGE_PLACES, { error: tr.design.eventPagesInvalid }),
    /** The studio's, whichever design shows it: a school's override never changes it. */
    printCondition: z.enum(PRINT_CONDITIONS, { error: tr.design.printConditionInvalid }),
    /** Only a profile this server stored (upload), or null for none; FOGRA51 needs one. */
    printProfile: printProfile.nullable(),
  })
  .strict();
export type DesignSettings = z.infer<typeof designSettings>;

export const DEFAULT_DESIGN: DesignSettings = {
  template: 'klasik',
  primaryColor: '#1c7ed6',
  accentColor: '#f59f00',
  fontPair: 'inter-merriweather',
  coverImageUrl: null,
  photoShape: 'rounded',
  showNickname: true,
  showQuote: true,
  showMessages: true,
  messagesPerPage: 6,
  binding: 'softcover',
  paper: 'coated-130',
  pageMultiple: 4,
  panelColumns: 5,
  eventPages: 'end',
  printCondition: 'FOGRA39',
  printProfile: null,
};

/** GET design?schoolId= : the studio's design, or the design a school sees. */
export const designQuery = z.object({ schoolId: id.optional() }).strict();
/** `version`: the design row's version the form read (0: the scope had no row of its own yet). */
export const designPutBody = z.object({ schoolId: id.nullable().default(null), settings: designSettings, version }).strict();

export const designResponse = z.object({
  success: z.literal(true),
  schoolId: wholeNumber.nullable(),
  /** True when the school has its own design row (an override of the studio's). */
  overridden: z.boolean(),
  settings: designSettings,
  /** The version of this scope's own design row; 0 while it has none. */
  version: wholeNumber,
});
export type DesignResponse = z.infer<typeof designResponse>;

/** The yearbook page the live preview draws: a real student of the chosen scope. */
export const previewStudent = z.object({
  id: wholeNumber,
  firstName: z.string(),
  lastName: z.string(),
  nickname: z.string(),
  quote: z.string(),
  branchName: z.string(),
  schoolName: z.string(),
  photoUrl: z.string().nullable(),
  messages: z.array(z.object({ id: wholeNumber, body: z.string(), authorName: z.string() })),
});
export type PreviewStudent = z.infer<typeof previewStudent>;
