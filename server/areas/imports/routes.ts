/**
 * Student list imports (school or branch scope): the same multipart upload (field `file`, and
 * optionally `mapping` as JSON) answers a preview, or — on the commit path — is imported in one
 * transaction. Stateless: the web app keeps the file between preview and commit.
 */
import type { FastifyRequest } from 'fastify';
import { idParams } from '../../../common/schemas/fields';
import { importMapping, importPreview, importResult, type ImportMapping } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { badRequest } from '../../http/errors';
import { callerOf, type Api } from '../../http/types';
import { readUploads } from '../files/uploads';
import { branchInScope, schoolInScope } from '../../auth/access';
import { commitImport, planImport, type ImportScope } from './plan';
import { readTable } from './read';

const tags = ['students'];

export async function importRoutes(app: Api) {
  const config = app.config;
  const tooLarge = tr.students.import.tooLarge(Math.round((config.importMaxBytes / 1024 / 1024) * 10) / 10);

  async function prepare(request: FastifyRequest, scope: ImportScope) {
    const { files, fields } = await readUploads(request, { maxFileBytes: config.importMaxBytes, maxFiles: 1, tooLarge });
    const file = files[0];
    if (!file || !file.data.length) throw badRequest(tr.students.photos.noFile, { file: tr.students.photos.noFile });
    const table = readTable(file.data, config.importMaxRows);
    let mapping: ImportMapping = table.mapping;
    if (fields.mapping && table.format !== 'eokul') {
      let raw: unknown;
      try {
        raw = JSON.parse(fields.mapping);
      } catch {
        raw = null;
      }
      const parsed = importMapping.safeParse(raw);
      if (!parsed.success) throw badRequest(tr.badInput, { mapping: tr.validation.invalid });
      mapping = parsed.data;
    }
    const plan = await planImport(app.db, scope, table, mapping);
    return { plan, fileName: file.fileName };
  }

  const schoolScope = async (request: FastifyRequest, id: number): Promise<ImportScope> => {
    const school = await schoolInScope(app.db, callerOf(request), id);
    return { studioId: school.studioId, schoolId: school.id };
  };
  const branchScope = async (request: FastifyRequest, id: number): Promise<ImportScope> => {
    const branch = await branchInScope(app.db, callerOf(request), id);
    return { studioId: branch.studioId, schoolId: branch.schoolId, branch };
  };

  for (const [base, scopeOf, levels] of [
    ['/schools/:id/students/import', schoolScope, ['panel', 'school'] as const],
    ['/branches/:id/students/import', branchScope, ['panel', 'school', 'branch'] as const],
  ] as const) {
    app.post(
      `${base}/preview`,
      {
        config: { levels },
        schema: {
          tags,
          summary: 'İçe aktarma önizlemesi (multipart: file, isteğe bağlı mapping JSON); hiçbir şey yazılmaz',
          params: idParams,
          response: { 200: importPreview },
        },
      },
      async (request) => (await prepare(request, await scopeOf(request, request.params.id))).plan.preview,
    );
    app.post(
      base,
      {
        config: { levels },
        schema: {
          tags,
          summary: 'Öğrenci listesini içe aktar: hepsi ya da hiçbiri (okul numarasına göre ekler/günceller)',
          params: idParams,
          response: { 200: importResult },
        },
      },
      async (request) => {
        const scope = await scopeOf(request, request.params.id);
        const { plan, fileName } = await prepare(request, scope);
        const result = await commitImport(app.db, callerOf(request), scope, plan, fileName);
        return { success: true as const, ...result };
      },
    );
  }
}
