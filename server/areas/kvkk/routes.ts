/**
 * A student's personal data under KVKK: students/{id}/export (a zip of everything about them,
 * for every staff level in scope) and students/{id}/erase (panel and school only).
 */
import { idParams } from '../../../common/schemas/fields';
import { erasureAnswer } from '../../../common/schemas/kvkk';
import { errorResponse } from '../../../common/schemas/list';
import { tr } from '../../../common/tr';
import { todayInTurkey } from '../../../common/dates';
import { studentInScope } from '../../auth/access';
import { recordAudit } from '../../core/audit';
import { attachmentHeader } from '../../http/disposition';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { zipStream } from '../../http/zip';
import { eraseStudent } from './erasure';
import { studentExportEntries } from './export';

const docs = routeDocs('kvkk');

export async function kvkkRoutes(app: Api) {
  app.get(
    '/students/:id/export',
    docs('Öğrencinin kişisel verileri tek zip dosyasında (application/zip): veri.json ve fotoğraflarının asılları', { params: idParams }, [
      'panel',
      'school',
      'branch',
    ]),
    async (request, reply) => {
      const caller = callerOf(request);
      const student = await studentInScope(app.db, caller, request.params.id);
      const entries = await studentExportEntries(app.db, app.storage.photos, student);
      // Handing a family its data is itself recorded: who took it and when.
      await app.db.transaction((tx) => recordAudit(tx, caller, 'export', 'student', student));
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', attachmentHeader(`${tr.kvkk.exportName}-${student.schoolNumber}-${todayInTurkey()}.zip`));
      return reply.type('application/zip').send(zipStream(entries));
    },
  );

  /*
   * Erasure is irreversible and the school's decision as data controller (the studio acts for
   * it): the studio's staff and the school's coordinator may; a class teacher may not.
   */
  app.post(
    '/students/:id/erase',
    docs(
      'Öğrencinin verilerini kalıcı olarak siler (fotoğraflar, mesajlar, lakaplar, oturumlar, kayıt); veli onay kayıtları kanıt olarak kalır',
      { params: idParams, response: { 200: erasureAnswer, 404: errorResponse } },
      ['panel', 'school'],
    ),
    async (request) => {
      const caller = callerOf(request);
      const student = await studentInScope(app.db, caller, request.params.id);
      const erased = await eraseStudent(app.db, app.storage.photos, app.storage.erasures, caller, student);
      return { success: true as const, ...erased };
    },
  );
}
