/**
 * The one factory of query keys. A key names what a screen reads; a write refreshes every query
 * whose key starts with the keys it names, so a shorter key refreshes more (`keys.students()`
 * every student list and record, `keys.students(branchId)` one branch's list).
 */
export const keys = {
  sessions: () => ['account-sessions'] as const,
  audit: (entity: string, entityId: number) => ['audit', entity, entityId] as const,
  statistics: () => ['statistics'] as const,
  /** A student's consent answers and evidence; a branch's class-teacher list. */
  consents: (studentId: number | null) => ['consents', studentId] as const,
  consentList: (branchId: number) => ['consent-list', branchId] as const,
  /** An album's faces for review; one face's crop. */
  albumFaces: (albumId: number) => ['album-faces', albumId] as const,
  faceCrop: (faceId: number) => ['face-crop', faceId] as const,
  studio: () => ['studio'] as const,
  /** Photo coverage: the scope's summary, and per-student counts (which the students lists show too). */
  coverage: () => ['coverage'] as const,
  /** The albums with their event pages, or one album's pages. */
  eventPages: (albumId?: number) => (albumId === undefined ? (['event-pages'] as const) : (['event-pages', albumId] as const)),
  schools: () => ['schools'] as const,
  school: (id: number | null) => ['schools', 'one', id] as const,
  /** Every branch list, or one school's. */
  branches: (schoolId?: number) => (schoolId === undefined ? (['branches'] as const) : (['branches', schoolId] as const)),
  branch: (id: number | null) => ['branch', id] as const,
  managers: (kind: 'school' | 'branch', ownerId: number) => ['managers', kind, ownerId] as const,
  /** Every student list and record, or one branch's list. */
  students: (branchId?: number) => (branchId === undefined ? (['students'] as const) : (['students', branchId] as const)),
  studentList: (branchId: number) => ['students', branchId, 'list'] as const,
  student: (id: number | null) => ['students', 'one', id] as const,
  siblings: (branchId?: number) => (branchId === undefined ? (['branch-siblings'] as const) : (['branch-siblings', branchId] as const)),
  photos: (studentId: number) => ['student-photos', studentId] as const,
  /** Every list of a moderated kind (messages or nicknames). */
  moderated: (kind: 'messages' | 'nicknames') => [kind] as const,
  staffMessages: (kind: 'school' | 'branch', id: string) => ['messages', kind, id] as const,
  studentMessages: (type: string, id: string) => ['messages', 'student', type, id] as const,
  messageCounts: (direction: 'from' | 'to') => ['messages', 'counts', direction] as const,
  messageScopes: () => ['message-scopes'] as const,
  messageStudents: () => ['message-students'] as const,
  notifications: () => ['notifications'] as const,
  /** Every album list and album, or one album's photos, students and upload links. */
  albums: () => ['albums'] as const,
  album: (id: number) => ['albums', 'one', id] as const,
  uploadLink: (token: string) => ['upload-link', token] as const,
  notificationTargets: () => ['notification-targets'] as const,
  design: () => ['design'] as const,
  designPreview: () => ['design-preview'] as const,
  yearbookState: () => ['yearbook-state'] as const,
  digitalEdition: () => ['digital-edition'] as const,
  /** The student portal's queries: every one, or one. */
  portal: (what?: 'classmates' | 'profile' | 'notifications' | 'digital-yearbook' | 'event-photos') =>
    what === undefined ? (['student'] as const) : (['student', what] as const),
  /** A parent's consent page. */
  parentConsents: () => ['veli', 'consents'] as const,
  /** The digital yearbook as a parent reads it. */
  parentYearbook: () => ['veli', 'digital-yearbook'] as const,
  /** The studio's consent texts. */
  consentTexts: () => ['consent-texts'] as const,
};
