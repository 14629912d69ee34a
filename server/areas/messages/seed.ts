/**
 * Demo messages and nickname suggestions: school and teacher messages, student messages and
 * nicknames in every status in every branch: what a customer's trial should look like.
 */
import { and, eq } from 'drizzle-orm';
import type { ModerationStatus } from '../../../common/schemas/messages';
import { branchName, searchKey } from '../../../common/text';
import type { Db } from '../../db/client';
import { branches, messages, nicknames, schools, students, users } from '../../db/schema';
import { seededRandom } from '../../db/seed/random';

const STUDENT_TEXTS = [
  'Seninle aynı sırada oturmak çok güzeldi.\nHer şey için teşekkürler!',
  'Matematik derslerinde beni kurtardığın için sağ ol. Üniversitede de görüşelim.',
  'Kantindeki sohbetlerimizi hiç unutmayacağım.',
  'Sen olmasan bu yıl çok sıkıcı geçerdi. İyi ki varsın!',
  'Yolun açık olsun, hayallerine ulaş.',
  'Basketbol maçlarındaki üçlüklerin efsaneydi.',
  'Bana her zaman destek oldun, çok teşekkür ederim.',
  'Bunu büyük harflerle yazıyorum: EN İYİ ARKADAŞIM SENSİN!',
  'Gezideki o gece hâlâ aklımda :) Kampta söylediğimiz şarkıları unutma.',
  'Öğretmenler gününde hazırladığımız sürprizi hatırlıyor musun?',
];
const NICKNAMES = ['Kaptan', 'Profesör', 'Şampiyon', 'Gülücük', 'Çılgın', 'Bilgin', 'Uykucu', 'Neşe', 'Efsane', 'Işık'];
const NOTES = ['Uygunsuz ifade içeriyor.', 'Kişisel bilgi içeriyor.', ''];

export async function seedDemoMessages(db: Db, studioId: number): Promise<void> {
  const rand = seededRandom(1905);
  const staff = await db.select({ id: users.id, name: users.name, level: users.level }).from(users).where(eq(users.studioId, studioId));
  const moderator = staff.find((u) => u.level === 'panel') ?? staff[0];
  if (!moderator) throw new Error('the demo studio has no staff to write its messages');
  const schoolRows = await db.select({ id: schools.id, name: schools.name }).from(schools).where(eq(schools.studioId, studioId));
  const statusPick = (): ModerationStatus => {
    const r = rand.next();
    return r < 0.45 ? 'pending' : r < 0.85 ? 'approved' : 'rejected';
  };
  // Seeded on the day the demo starts: its messages spread over the last four weeks.
  const now = Date.now();
  const daysAgo = (n: number) => new Date(now - n * 86_400_000 - rand.int(0, 86_000) * 1000);
  /** A decision after the writing, and not in the future. */
  const decidedAfter = (created: Date, decided: Date) => (decided > created ? decided : new Date(Math.min(now, created.getTime() + 3_600_000)));

  for (const school of schoolRows) {
    const schoolAuthor = staff.find((u) => u.level === 'school') ?? moderator;
    await db.insert(messages).values(
      [
        'Sevgili mezunlarımız,\nbu okulda geçirdiğiniz yıllar boyunca gösterdiğiniz emek için teşekkür ederiz.',
        'Yeni hayatınızda başarılar dileriz. Kapımız size her zaman açık.',
      ].map((body, i) => ({
        studioId,
        kind: 'school' as const,
        schoolId: school.id,
        authorUserId: schoolAuthor.id,
        authorName: schoolAuthor.name,
        body,
        status: 'approved' as const,
        searchKey: searchKey(body),
        createdAt: daysAgo(40 - i),
      })),
    );
    const branchRows = await db
      .select({ id: branches.id, grade: branches.grade, section: branches.section })
      .from(branches)
      .where(eq(branches.schoolId, school.id));
    for (const branch of branchRows) {
      const teacher = staff.find((u) => u.level === 'branch') ?? moderator;
      const teacherText = `Sevgili ${branchName(branch)} sınıfım,\ndört yıl boyunca sizinle büyüdüm. Her birinizle gurur duyuyorum.`;
      await db.insert(messages).values({
        studioId,
        kind: 'branch',
        schoolId: school.id,
        branchId: branch.id,
        authorUserId: teacher.id,
        authorName: teacher.name,
        body: teacherText,
        status: 'approved',
        searchKey: searchKey(teacherText),
        createdAt: daysAgo(30),
      });
      const kids = await db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.branchId, branch.id)));
      const messageRows = [];
      const nicknameRows = [];
      // About two thirds of the class write; a few receive nothing, so the overviews show gaps.
      for (const [i, from] of kids.entries()) {
        if (i % 3 === 2) continue;
        for (let k = rand.int(1, 4); k > 0; k--) {
          const to = kids[rand.int(0, Math.max(0, kids.length - 4))];
          if (!to || to.id === from.id) continue;
          const status = statusPick();
          const body = rand.pick(STUDENT_TEXTS);
          const note = status === 'rejected' ? rand.pick(NOTES) : '';
          const decided = status === 'pending' ? null : daysAgo(rand.int(0, 5));
          const createdAt = daysAgo(rand.int(0, 27));
          messageRows.push({
            studioId,
            kind: 'student' as const,
            schoolId: school.id,
            branchId: branch.id,
            fromStudentId: from.id,
            toStudentId: to.id,
            body,
            status,
            note,
            moderatedBy: status === 'pending' ? null : moderator.id,
            moderatedAt: decided && decidedAfter(createdAt, decided),
            searchKey: searchKey(body),
            createdAt,
          });
        }
        if (rand.chance(0.6)) {
          const to = kids[rand.int(0, kids.length - 1)];
          if (to && to.id !== from.id) {
            const text = rand.pick(NICKNAMES);
            nicknameRows.push({
              studioId,
              schoolId: school.id,
              branchId: branch.id,
              fromStudentId: from.id,
              toStudentId: to.id,
              text,
              status: statusPick(),
              searchKey: searchKey(text),
              moderatedBy: moderator.id,
              moderatedAt: daysAgo(rand.int(0, 5)),
              createdAt: daysAgo(rand.int(6, 25)),
            });
          }
        }
      }
      if (messageRows.length) await db.insert(messages).values(messageRows);
      if (nicknameRows.length) {
        await db.insert(nicknames).values(nicknameRows.map((n) => (n.status === 'pending' ? { ...n, moderatedBy: null, moderatedAt: null } : n)));
        const approved = new Map(nicknameRows.filter((n) => n.status === 'approved').map((n) => [n.toStudentId, n.text]));
        for (const [studentId, nickname] of approved) await db.update(students).set({ nickname }).where(eq(students.id, studentId));
      }
    }
  }
}
