/**
 * Student list imports (school or branch scope): the same multipart upload (field `file`, and
 * optionally `mapping` as JSON) answers a preview, or — on the commit path — is imported in one
 * transaction. Stateless: the web app keeps the file between preview and commit.
 */
import type { FastifyRequest } from 'fastify';
import { idParams } from '../../../common/schemas/fields';
import { importMapping, importPreview, importResult, type ImportMapping } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { branchInScope, schoolInScope } from '../../auth/access';
import { HttpError, badRequest } from '../../core/errors';
import { callerOf, routeDocs, type Api } from '../../http/types';
import { megabytes, readOneFile } from '../../storage/uploads';
import { createWorkerPool, PoolBusy } from '../../workers/pool';
import { planImport, type ImportScope } from './queries';
import type { Table } from '../../text/sheets';
import { commitImport } from './writes';

const docs = routeDocs('students');

/**
 * Reading a spreadsheet happens in a worker thread with its own heap cap and a time limit, so a
 * hostile file costs that thread, never the event loop that answers everyone else.
 */
const READ = { threads: 1, heapMb: 384, maxQueue: 8, timeoutMs: 20_000 } as const;

/** The column mapping the person chose (a JSON field), or the one the file suggests; e-Okul's is fixed. */
function mappingOf(field: string | undefined, table: Table): ImportMapping {
  if (!field || table.format === 'eokul') return table.mapping;
  let raw: unknown = null;
  try {
    raw = JSON.parse(field);
  } catch {
    // Not JSON: refused below like any other bad mapping.
  }
  const parsed = importMapping.safeParse(raw);
  if (!parsed.success) throw badRequest(tr.badInput, { mapping: tr.validation.invalid });
  return parsed.data;
}

export async function importRoutes(app: Api) {
  const config = app.config;
  const limits = {
    maxFileBytes: config.importMaxBytes,
    tooLarge: tr.students.import.tooLarge(megabytes(config.importMaxBytes)),
    noFile: tr.students.photos.noFile,
  };

  const readers = createWorkerPool({ threads: READ.threads, heapMb: READ.heapMb, maxQueue: READ.maxQueue });
  app.addHook('onClose', () => readers.close());
  app.metrics?.watchPool('imports', readers.load);

  async function tableOf(data: Buffer): Promise<Table> {
    const result = await readers.run('importTable', { data, maxRows: config.importMaxRows }, { timeoutMs: READ.timeoutMs }).catch((error: unknown) => {
      if (error instanceof PoolBusy) throw new HttpError(503, tr.students.import.busy);
      // Over its time or its heap: the thread is replaced, the file refused.
      app.log.warn({ err: error }, 'student list could not be read in its worker');
      throw badRequest(tr.students.import.tooSlow, { file: tr.students.import.tooSlow });
    });
    if ('refused' in result) throw badRequest(result.refused, { file: result.refused });
    return result.table;
  }

  async function prepare(request: FastifyRequest, scope: ImportScope) {
    const file = await readOneFile(request, limits);
    const table = await tableOf(file.data);
    const plan = await planImport(app.db, scope, table, mappingOf(file.fields.mapping, table));
    return { plan, fileName: file.fileName, skipInvalid: file.fields.skipInvalid === 'true' };
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
      docs(
        'İçe aktarma önizlemesi (multipart: file, isteğe bağlı mapping JSON); hiçbir şey yazılmaz',
        { params: idParams, response: { 200: importPreview } },
        levels,
      ),
      async (request) => (await prepare(request, await scopeOf(request, request.params.id))).plan.preview,
    );
    app.post(
      base,
      docs(
        'Öğrenci listesini içe aktar: hepsi ya da hiçbiri (okul numarasına göre ekler/günceller); skipInvalid=true ile hatalı satırlar atlanır ve listelenir',
        { params: idParams, response: { 200: importResult } },
        levels,
      ),
      async (request) => {
        const scope = await scopeOf(request, request.params.id);
        const { plan, fileName, skipInvalid } = await prepare(request, scope);
        return { success: true as const, ...(await commitImport(app.db, callerOf(request), scope, plan, fileName, { skipInvalid })) };
      },
    );
  }
}
