/**
 * Retention: the panel sets a school's delivery date (school form) and the studio's period
 * (studio profile); the recurring job purges the school's photos, files and rows, once the
 * period has passed on Türkiye's calendar, and not a day before; its round keeps a report and the
 * school's history shows it to staff.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tr } from '../../../common/tr';
import { jobs, photos, schools, studios, yearbookApprovals } from '../../db/schema';
import { startJobRunner } from '../../jobs/runner';
import { useApiTestKit, type Caller } from '../../test/api';
import { fileKey } from '../photos/queries';
import { purgeExpiredPhotos, RETENTION_JOB, retentionJob } from './retention';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yp-retention-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const kit = useApiTestKit({ DATA_DIR: dataDir });

const jpeg = () =>
  sharp({ create: { width: 200, height: 160, channels: 3, background: '#557799' } })
    .jpeg()
    .toBuffer();

async function photoOf(panel: Caller, studentId: number) {
  const res = await panel.upload(`students/${studentId}/photos`, [{ name: 'files', fileName: 'foto.jpg', contentType: 'image/jpeg', data: await jpeg() }]);
  expect(res.status, res.raw).toBe(200);
  return (await kit.database.db.select().from(photos).where(eq(photos.studentId, studentId)))[0]!;
}

/** The school form's fields as the panel sends them, with a delivery date. */
async function deliver(panel: Caller, schoolId: number, deliveryDate: string | null) {
  const item = (await panel.get(`schools/${schoolId}`)).body.item;
  const res = await panel.put(`schools/${schoolId}`, {
    name: item.name,
    cityId: item.cityId,
    academicYear: item.academicYear,
    messageDeadline: item.messageDeadline,
    deliveryDate,
    version: item.version,
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.item;
}

const studioProfile = { name: 'Test Stüdyosu', phone: '', email: '', address: '', cityId: 6, website: '' };

describe('delivery date and retention period', () => {
  it('are set in the school form and the studio profile, and refused when wrong', async () => {
    const panel = await kit.as(kit.world.accounts.panel);
    expect((await deliver(panel, kit.world.school.id, '2026-01-10')).deliveryDate).toBe('2026-01-10');
    // Left out of an edit, the date stays.
    const item = (await panel.get(`schools/${kit.world.school.id}`)).body.item;
    const kept = await panel.put(`schools/${kit.world.school.id}`, {
      name: item.name,
      cityId: item.cityId,
      academicYear: item.academicYear,
      version: item.version,
    });
    expect(kept.body.item.deliveryDate).toBe('2026-01-10');
    const badDate = await panel.put(`schools/${kit.world.school.id}`, {
      name: item.name,
      cityId: item.cityId,
      academicYear: item.academicYear,
      deliveryDate: '10.01.2026',
      version: kept.body.item.version,
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors.deliveryDate).toBe(tr.validation.date);

    expect((await panel.get('studio')).body.studio.retentionMonths).toBe(6);
    const saved = await panel.put('studio', { ...studioProfile, retentionMonths: 12, version: 1 });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.studio.retentionMonths).toBe(12);
    const untouched = await panel.put('studio', { ...studioProfile, name: 'Test Stüdyosu 2', version: 2 });
    expect(untouched.body.studio.retentionMonths).toBe(12);
    for (const [months, message] of [
      [0, tr.validation.minNumber(1)],
      [121, tr.validation.maxNumber(120)],
    ] as const) {
      const res = await panel.put('studio', { ...studioProfile, retentionMonths: months, version: 3 });
      expect(res.status).toBe(400);
      expect(res.body.errors.retentionMonths).toBe(message);
    }
    expect((await kit.database.db.select().from(studios).where(eq(studios.id, kit.world.studio.id)))[0]?.retentionMonths).toBe(12);
    // Another studio's panel does not reach the school.
    const foreign = await kit.as(kit.world.accounts.foreignPanel);
    expect(
      (await foreign.put(`schools/${kit.world.school.id}`, { name: 'X', cityId: 6, academicYear: '2025-2026', deliveryDate: null, version: 1 })).status,
    ).toBe(404);
  });
});

describe('the retention job', () => {
  it('purges a school once its delivery date plus the period has passed, not a day before, and reports it', async () => {
    const db = kit.database.db;
    const panel = await kit.as(kit.world.accounts.panel);
    const [s101, , , s201, s301, s901] = kit.world.students;
    const due = [await photoOf(panel, s101.id), await photoOf(panel, s201.id)];
    const later = await photoOf(panel, s301.id);
    await deliver(panel, kit.world.school.id, '2026-01-10'); // 6 months: purged from 10/07/2026
    await deliver(panel, kit.world.otherSchool.id, '2026-03-01'); // from 01/09/2026
    const foreignPanel = await kit.as(kit.world.accounts.foreignPanel);
    const foreign = await photoOf(foreignPanel, s901.id);
    // Another studio keeps its photos for two years: its own round leaves them.
    await db.update(schools).set({ deliveryDate: '2025-01-01' }).where(eq(schools.id, kit.world.foreignSchool.id));
    await db.update(studios).set({ retentionMonths: 24 }).where(eq(studios.id, kit.world.otherStudio.id));
    // An approved book does not keep its photos past their period.
    await db.insert(yearbookApprovals).values({ branchId: kit.world.branch.id, studioId: kit.world.studio.id, schoolId: kit.world.school.id });

    // 23:59 on 09/07/2026 in Türkiye: one day short.
    expect(await purgeExpiredPhotos(db, kit.app.storage.photos, kit.world.studio.id, new Date('2026-07-09T20:59:00Z'))).toEqual([]);
    expect(await db.select().from(photos)).toHaveLength(4);

    // Midnight in Türkiye: the round of the studio's recurring job purges.
    const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
    const job = retentionJob(db, kit.app.storage.photos, { clock: () => new Date('2026-07-09T21:00:00Z') });
    const runner = startJobRunner(db, { [job.kind]: job.handler }, log as unknown as FastifyBaseLogger, { pollMs: 20, recurring: { [job.kind]: job.everyMs } });
    try {
      await vi.waitFor(
        async () => {
          const done = await db
            .select()
            .from(jobs)
            .where(and(eq(jobs.kind, RETENTION_JOB), eq(jobs.status, 'done')));
          expect(done).toHaveLength(1);
        },
        { timeout: 10_000 },
      );
    } finally {
      await runner.stop();
    }
    expect(log.error).not.toHaveBeenCalled();
    const [round] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RETENTION_JOB), eq(jobs.status, 'done')));
    expect(round).toMatchObject({ studioId: kit.world.studio.id, done: 1, total: 1 });
    expect(round!.result).toEqual({
      schools: [
        { schoolId: kit.world.school.id, schoolName: 'Işıklar Anadolu Lisesi', deliveryDate: '2026-01-10', retentionMonths: 6, photos: 2, files: 8, faces: 0 },
      ],
    });

    expect((await db.select().from(photos)).map((p) => p.id).sort()).toEqual([later.id, foreign.id].sort());
    const store = kit.app.storage.photos;
    for (const photo of due) expect(await store.stat(fileKey(photo.storageKey, 'original'))).toBeNull();
    for (const photo of [later, foreign]) expect(await store.stat(fileKey(photo.storageKey, 'original'))).not.toBeNull();

    // Staff read it in the school's history.
    const school = await kit.as(kit.world.accounts.school);
    const history = await school.get(`audit?entity=school&entityId=${kit.world.school.id}`);
    expect(history.status).toBe(200);
    expect(history.body.items[0]).toMatchObject({
      action: 'retention-purge',
      userName: tr.notifications.systemUser,
      changes: { photos: 2, files: 8, faces: 0, deliveryDate: '2026-01-10', retentionMonths: 6 },
    });
  });
});
