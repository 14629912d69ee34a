/** Demo rows of this area: a studio design and notifications in each status (called by seedDemo). */
import { asc, eq } from 'drizzle-orm';
import { todayInTurkey } from '../../../common/dates';
import { DEFAULT_DESIGN } from '../../../common/schemas/design';
import type { Db } from '../../db/client';
import { single } from '../../db/rows';
import { branches, designs, notifications, schools, studios, users } from '../../db/schema';
import { notificationSearchKey } from './queries';
import { sendDueNotifications } from './writes';

const inDays = (n: number) => todayInTurkey(new Date(Date.now() + n * 86_400_000));

export async function seedDemoNotificationsAndDesign(db: Db): Promise<void> {
  const studio = single(await db.select({ id: studios.id }).from(studios).orderBy(asc(studios.id)).limit(1));
  const school = single(await db.select({ id: schools.id }).from(schools).where(eq(schools.studioId, studio.id)).orderBy(asc(schools.id)).limit(1));
  const branch = single(await db.select({ id: branches.id }).from(branches).where(eq(branches.schoolId, school.id)).orderBy(asc(branches.id)).limit(1));
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test')).limit(1);

  await db.insert(designs).values({
    studioId: studio.id,
    schoolId: null,
    settings: { ...DEFAULT_DESIGN, template: 'modern', primaryColor: '#1c7ed6', accentColor: '#f08c00', fontPair: 'poppins-lora' },
  });

  const base = { studioId: studio.id, authorUserId: author?.id ?? null };
  const rows: Array<typeof notifications.$inferInsert> = [
    {
      ...base,
      title: 'Fotoğraf çekimi hatırlatması',
      body: 'Yıllık fotoğraf çekimleri bu hafta okulunuzda. Lütfen okul forması ile geliniz.',
      targetType: 'all',
      targetId: null,
      schoolId: null,
      branchId: null,
      sendDate: inDays(-3),
      status: 'scheduled',
    },
    {
      ...base,
      title: 'Mesaj yazma için son hafta',
      body: 'Sınıf arkadaşlarınıza yıllık mesajlarınızı yazmak için son bir haftanız kaldı.',
      targetType: 'school',
      targetId: school.id,
      schoolId: school.id,
      branchId: null,
      sendDate: inDays(14),
      status: 'scheduled',
    },
    {
      ...base,
      title: 'Yıllık teslim günü',
      body: 'Basılı yıllıklar mezuniyet töreninde dağıtılacaktır.',
      targetType: 'branch',
      targetId: branch.id,
      schoolId: school.id,
      branchId: branch.id,
      sendDate: inDays(30),
      status: 'draft',
    },
  ];
  await db.insert(notifications).values(rows.map((n) => ({ ...n, searchKey: notificationSearchKey(n) })));
  // The past one goes out the way every notification does: through the send job.
  await sendDueNotifications(db);
}
