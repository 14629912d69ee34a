import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tr } from '../../../common/tr';
import { auditLog, branches, studentConsents, students } from '../../db/schema';
import { answerConsent } from '../../test/consents';
import { single } from '../../db/rows';
import { useApiTestKit, type Caller } from '../../test/api';
import { shownRows } from './queries';
import { parseBranch, parseGender } from '../../text/sheets';
import { sampleCsv, sampleEOkulXls, sampleXlsx, type SampleRow } from './sampleFiles';

const kit = useApiTestKit({ IMPORT_MAX_BYTES: String(200_000), IMPORT_MAX_ROWS: String(50) });

async function send(caller: Caller, url: string, data: Buffer, fileName: string, mapping?: unknown) {
  return caller.upload(url, [{ name: 'file', fileName, data }, ...(mapping ? [{ name: 'mapping', data: JSON.stringify(mapping) }] : [])]);
}
const schoolRows = async () => (await kit.database.db.select().from(students).where(eq(students.schoolId, kit.world.school.id))).length;

const rows: SampleRow[] = [
  ['101', 'Şule', 'Işık', 'Kız', '12/A'], // unchanged
  ['102', 'Ömer Faruk', 'Çelik', 'Erkek', '12/A'], // renamed → update
  ['401', 'Ilgın', 'Öz', 'K', '12/B'], // new
  ['402', 'İsmail', 'Uğur', 'E', '12/C'], // new, new branch
];

describe('school import: preview then commit', () => {
  it('previews CSV rows with the mapping guessed from Turkish headers, writing nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const before = await schoolRows();
    const res = await send(school, `schools/${kit.world.school.id}/students/import/preview`, sampleCsv(rows), 'liste.csv');
    expect(res.status).toBe(200);
    expect(res.body.format).toBe('csv');
    expect(res.body.mapping).toEqual({ schoolNumber: 0, firstName: 1, lastName: 2, gender: 3, branch: 4 });
    expect(res.body.rows.map((r: any) => [r.schoolNumber, r.action, r.branch])).toEqual([
      ['101', 'skip', '12/A'],
      ['102', 'update', '12/A'],
      ['401', 'create', '12/B'],
      ['402', 'create', '12/C'],
    ]);
    expect(res.body.totals).toEqual({ rows: 4, create: 2, update: 1, skip: 1, error: 0 });
    expect(res.body.newBranches).toEqual(['12/C']);
    expect(await schoolRows()).toBe(before);
  });

  it('imports XLSX in one go, creates the branch, and re-importing changes nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const file = sampleXlsx(rows);
    const res = await send(school, `schools/${kit.world.school.id}/students/import`, file, 'liste.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, created: 2, updated: 1, skipped: 1, branchesCreated: ['12/C'], invalidRows: [], invalidCount: 0 });
    const omer = single(await kit.database.db.select().from(students).where(eq(students.schoolNumber, '102')));
    expect(omer.firstName).toBe('Ömer Faruk');
    expect(omer.searchKey).toBe('omer faruk celik 102');
    const ilgin = single(await kit.database.db.select().from(students).where(eq(students.schoolNumber, '401')));
    expect(ilgin.gender).toBe('female');
    const again = await send(school, `schools/${kit.world.school.id}/students/import`, file, 'liste.xlsx');
    expect(again.body).toEqual({ success: true, created: 0, updated: 0, skipped: 4, branchesCreated: [], invalidRows: [], invalidCount: 0 });
    const audits = await kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'import'));
    expect(audits).toHaveLength(2);
  });

  it('imports nothing when one row is bad, and shows every row’s errors in the preview', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const bad: SampleRow[] = [...rows, ['', 'Adsız', 'Numarasız', 'Kız', '12/A'], ['403', '', 'Soyad', 'X', '12'], ['401', 'Tekrar', 'Eden', '', '12/B']];
    const preview = await send(school, `schools/${kit.world.school.id}/students/import/preview`, sampleCsv(bad), 'liste.csv');
    expect(preview.body.totals.error).toBe(3);
    const errors = preview.body.rows.filter((r: any) => r.action === 'error').map((r: any) => [r.line, r.errors]);
    expect(errors).toEqual([
      [6, [`Okul No: ${tr.validation.required}`]],
      [7, [`Ad: ${tr.validation.required}`, tr.students.import.badGender, `Şube: ${tr.students.import.badBranch}`]],
      [8, [`${tr.students.import.duplicateInFile} (Satır 4)`]],
    ]);
    const before = await kit.database.db.select().from(students);
    const commit = await send(school, `schools/${kit.world.school.id}/students/import`, sampleCsv(bad), 'liste.csv');
    expect(commit.status).toBe(400);
    expect(commit.body.message).toBe(tr.students.import.fixFirst);
    expect(await kit.database.db.select().from(students)).toEqual(before);
    expect(await kit.database.db.select().from(branches).where(eq(branches.schoolId, kit.world.school.id))).toHaveLength(2);
  });

  it('with skipInvalid imports the valid rows in one go and lists the skipped ones; all-invalid still writes nothing', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const bad: SampleRow[] = [...rows, ['', 'Adsız', 'Numarasız', 'Kız', '12/A'], ['403', '', 'Soyad', 'X', '12'], ['401', 'Tekrar', 'Eden', '', '12/B']];
    const url = `schools/${kit.world.school.id}/students/import`;
    const res = await school.upload(url, [
      { name: 'file', fileName: 'liste.csv', data: sampleCsv(bad) },
      { name: 'skipInvalid', data: 'true' },
    ]);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ success: true, created: 2, updated: 1, skipped: 1, branchesCreated: ['12/C'], invalidCount: 3 });
    expect(res.body.invalidRows).toEqual([
      { line: 6, schoolNumber: '', name: 'Adsız Numarasız', errors: [`Okul No: ${tr.validation.required}`] },
      {
        line: 7,
        schoolNumber: '403',
        name: 'Soyad',
        errors: [`Ad: ${tr.validation.required}`, tr.students.import.badGender, `Şube: ${tr.students.import.badBranch}`],
      },
      { line: 8, schoolNumber: '401', name: 'Tekrar Eden', errors: [`${tr.students.import.duplicateInFile} (Satır 4)`] },
    ]);
    // The first 401 (line 4) is in; the repeated one and the others are not.
    const numbers = (await kit.database.db.select().from(students).where(eq(students.schoolId, kit.world.school.id))).map((s) => s.schoolNumber);
    expect(numbers).toEqual(expect.arrayContaining(['401', '402']));
    expect(numbers).not.toContain('403');
    const [audit] = await kit.database.db.select().from(auditLog).where(eq(auditLog.action, 'import'));
    expect(audit?.changes).toMatchObject({ invalidLines: [6, 7, 8] });

    const before = await kit.database.db.select().from(students);
    const none = await school.upload(url, [
      { name: 'file', fileName: 'liste.csv', data: sampleCsv([['', 'Adsız', 'Numarasız', 'Kız', '12/A']]) },
      { name: 'skipInvalid', data: 'true' },
    ]);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(tr.students.import.nothingValid);
    expect(await kit.database.db.select().from(students)).toEqual(before);
  });

  it('uses a mapping the person chose', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const csv = sampleCsv([['Işık', 'Şule', '101', '12/A', 'Kız']] as unknown as SampleRow[], ['Soyisim', 'İsim', 'Numara', 'Sınıf', 'Cins']);
    const guessed = await send(school, `schools/${kit.world.school.id}/students/import/preview`, csv, 'a.csv');
    expect(guessed.body.mapping).toEqual({ schoolNumber: 2, firstName: 1, lastName: null, gender: null, branch: 3 });
    expect(guessed.body.headers).toEqual(['Soyisim', 'İsim', 'Numara', 'Sınıf', 'Cins']);
    expect(guessed.body.rows[0].errors).toContain(tr.students.import.missingColumn('Soyad'));
    const missing = await send(school, `schools/${kit.world.school.id}/students/import`, csv, 'a.csv', guessed.body.mapping);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(tr.students.import.fixFirst);
    const chosen = await send(school, `schools/${kit.world.school.id}/students/import/preview`, csv, 'a.csv', {
      schoolNumber: 2,
      firstName: 1,
      lastName: 0,
      gender: 4,
      branch: 3,
    });
    expect(chosen.body.rows[0]).toMatchObject({ schoolNumber: '101', firstName: 'Şule', lastName: 'Işık', action: 'skip' });
    const nonsense = await send(school, `schools/${kit.world.school.id}/students/import/preview`, csv, 'a.csv', { schoolNumber: 'x' });
    expect(nonsense.status).toBe(400);
  });
});

describe('a consent column in the file', () => {
  it("is not read: a list from the school records no parent's answer, and answers on record stay as they are", async () => {
    const school = await kit.as(kit.world.accounts.school);
    await answerConsent(kit.database.db, kit.world.students[0], 'print-photo', 'no');
    const header = ['Okul No', 'Adı', 'Soyadı', 'Cinsiyet', 'Şube', 'Fotoğraf İzni'];
    const rows = [
      ['101', 'Şule', 'Işık', 'Kız', '12/A', 'evet'],
      ['901', 'Ada', 'Ak', 'Kız', '12/A', 'evet'],
      ['902', 'Can', 'Er', 'Erkek', '12/A', 'belki'],
    ] as unknown as SampleRow[];
    const csv = sampleCsv(rows, header);
    const url = `schools/${kit.world.school.id}/students/import`;
    const preview = await send(school, `${url}/preview`, csv, 'izin.csv');
    expect(preview.status).toBe(200);
    expect(Object.keys(preview.body.mapping)).not.toContain('photoConsent');
    expect(preview.body.rows.map((r: any) => [r.schoolNumber, r.action])).toEqual([
      ['101', 'skip'],
      ['901', 'create'],
      ['902', 'create'],
    ]);
    expect((await send(school, url, csv, 'izin.csv')).body).toMatchObject({ created: 2, updated: 0 });
    const answers = await kit.database.db.select().from(studentConsents);
    expect(answers.map((a) => [a.studentId, a.purpose, a.answer])).toEqual([[kit.world.students[0].id, 'print-photo', 'no']]);
  });
});

describe('e-Okul "Sınıf/Şube Öğrenci Listesi" (.XLS, BIFF8)', () => {
  const eOkul = () =>
    sampleEOkulXls([
      {
        grade: 12,
        section: 'A',
        students: [
          ['101', 'Şule', 'Işık', 'Kız'],
          ['104', 'Barış', 'Doğan', 'Erkek'],
        ],
      },
      { grade: 12, section: 'I', students: [['501', 'Irmak', 'Yıldız', 'Kız']] },
      {
        grade: 12,
        section: 'İ',
        students: [
          ['601', 'İlker', 'Şahin', 'Erkek'],
          ['602', 'Ece', 'Ünlü', 'Kız'],
        ],
      },
    ]);

  /**
   * The school's import preview of an e-Okul file as the panel sees it, read as e-Okul: its rows as number, names, gender,
   * branch and action; the panel's caller comes along for the import itself.
   */
  async function eOkulPreview(file: Buffer) {
    const panel = await kit.as(kit.world.accounts.panel);
    const preview = await send(panel, `schools/${kit.world.school.id}/students/import/preview`, file, 'OOG01001R020.XLS');
    expect(preview.status).toBe(200);
    expect(preview.body.format).toBe('eokul');
    return { panel, body: preview.body, rows: preview.body.rows.map((r: any) => [r.schoolNumber, r.firstName, r.lastName, r.gender, r.branch, r.action]) };
  }

  it('reads the blocks, takes each branch from its heading, keeps I and İ apart, and creates branches', async () => {
    const file = eOkul();
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const { panel, body, rows } = await eOkulPreview(file);
    expect(rows).toEqual([
      ['101', 'Şule', 'Işık', 'female', '12/A', 'skip'],
      ['104', 'Barış', 'Doğan', 'male', '12/A', 'create'],
      ['501', 'Irmak', 'Yıldız', 'female', '12/I', 'create'],
      ['601', 'İlker', 'Şahin', 'male', '12/İ', 'create'],
      ['602', 'Ece', 'Ünlü', 'female', '12/İ', 'create'],
    ]);
    expect(body.newBranches.sort()).toEqual(['12/I', '12/İ'].sort());
    const commit = await send(panel, `schools/${kit.world.school.id}/students/import`, file, 'OOG01001R020.XLS');
    expect(commit.body).toMatchObject({ created: 4, updated: 0, skipped: 1 });
    const made = await kit.database.db.select().from(branches).where(eq(branches.schoolId, kit.world.school.id));
    expect(made.map((b) => b.section).sort()).toEqual(['A', 'B', 'I', 'İ']);
    const again = await send(panel, `schools/${kit.world.school.id}/students/import`, file, 'OOG01001R020.XLS');
    expect(again.body).toMatchObject({ created: 0, updated: 0, skipped: 5, branchesCreated: [] });
  });
  it('reads the other layout (teacher line, no merged gaps, "Kız 1 Erkek 1 Toplam 2" count lines, report code) with only numbered rows as students', async () => {
    // Built as e-Okul writes it: every line but the numbered students is skipped, whatever its cells hold.
    const aoa: unknown[][] = [['T.C.'], ['ÇANKAYA ATATÜRK ANADOLU LİSESİ'], ['Sınıf/Şube Öğrenci Listesi']];
    const block = (heading: string, students: unknown[][], count: unknown[]) => {
      aoa.push([heading]);
      aoa.push(['Sınıf Öğretmeni : AYŞE KAYA', '', 'Sınıf Müdür Yrd : MEHMET ÖZ']);
      aoa.push(['S.No', 'Öğrenci No', 'Adı', 'Soyadı', 'Cinsiyeti', 'Pansiyon Durum']);
      aoa.push(...students);
      aoa.push(count);
    };
    block(
      'AL - 10. Sınıf / I Şubesi (ALANI YOK) Sınıf Listesi',
      [
        [1, 701, 'Irmak', 'Yıldız', 'Kız', 'Gündüzlü'],
        [2, 702, 'Ilgaz', 'Kara', 'Erkek', 'Gündüzlü'],
      ],
      ['Kız', 1, 'Erkek', 1, 'Toplam', 2],
    );
    block('AL - 10. Sınıf / Ç Şubesi (ALANI YOK) Sınıf Listesi', [[1, 801, 'Çağla', 'Ünal', 'Kız', 'Yatılı']], ['Kız', 1, 'Erkek', 0, 'Toplam', 1]);
    aoa.push(['OOG01001R020', '', '', '', '', '1 / 1']);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'Sayfa1');
    const file = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;

    const { panel, body, rows } = await eOkulPreview(file);
    expect(rows).toEqual([
      ['701', 'Irmak', 'Yıldız', 'female', '10/I', 'create'],
      ['702', 'Ilgaz', 'Kara', 'male', '10/I', 'create'],
      ['801', 'Çağla', 'Ünal', 'female', '10/Ç', 'create'],
    ]);
    expect(body.totals).toMatchObject({ rows: 3, create: 3, error: 0 });
    const commit = await send(panel, `schools/${kit.world.school.id}/students/import`, file, 'OOG01001R020.XLS');
    expect(commit.body).toMatchObject({ created: 3, branchesCreated: expect.arrayContaining(['10/I', '10/Ç']) });
  });
});

describe('branch import and limits', () => {
  it('puts rows into the branch and refuses rows of another branch or another branch’s number', async () => {
    const branch = await kit.as(kit.world.accounts.branch);
    const file = sampleCsv([
      ['150', 'Deniz', 'Kara', 'Erkek', ''],
      ['151', 'Ada', 'Ak', 'Kız', '12/B'],
      ['201', 'Ilgaz', 'Yılmaz', 'Erkek', ''],
    ]);
    const preview = await send(branch, `branches/${kit.world.branch.id}/students/import/preview`, file, 'x.csv');
    expect(preview.body.rows.map((r: any) => [r.action, r.errors])).toEqual([
      ['create', []],
      ['error', [tr.students.import.otherBranch]],
      ['error', [tr.students.import.numberInOtherBranch]],
    ]);
    const ok = await send(branch, `branches/${kit.world.branch.id}/students/import`, sampleCsv([['150', 'Deniz', 'Kara', 'Erkek', '']]), 'x.csv');
    expect(ok.body).toMatchObject({ created: 1 });
    const row = single(await kit.database.db.select().from(students).where(eq(students.schoolNumber, '150')));
    expect(row.branchId).toBe(kit.world.branch.id);
  });

  it('answers 404/403 outside the scope and writes nothing', async () => {
    const file = sampleCsv(rows);
    const cases = [
      [kit.world.accounts.otherSchool, `schools/${kit.world.school.id}/students/import`, 404],
      [kit.world.accounts.foreignPanel, `schools/${kit.world.school.id}/students/import`, 404],
      [kit.world.accounts.branch, `schools/${kit.world.school.id}/students/import`, 403],
      [kit.world.accounts.siblingBranch, `branches/${kit.world.branch.id}/students/import`, 404],
      [kit.world.accounts.otherSchool, `branches/${kit.world.branch.id}/students/import/preview`, 404],
    ] as const;
    for (const [account, url, status] of cases) {
      const res = await send(await kit.as(account), url, file, 'x.csv');
      expect(res.status, `${account.email} ${url}`).toBe(status);
    }
    expect(await kit.database.db.select().from(students)).toHaveLength(6);
  });

  it('refuses files that are too big, too long, empty or not spreadsheets', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const url = `schools/${kit.world.school.id}/students/import/preview`;
    const big = await send(school, url, Buffer.alloc(300_000, 'a'), 'big.csv');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(tr.students.import.tooLarge(0.2));
    const long = sampleCsv(Array.from({ length: 60 }, (_, i): SampleRow => [String(1000 + i), 'Ad', 'Soyad', '', '12/A']));
    expect((await send(school, url, long, 'long.csv')).body.message).toBe(tr.students.import.tooManyRows(50));
    expect((await send(school, url, Buffer.from('Okul No;Adı\r\n'), 'empty.csv')).body.message).toBe(tr.students.import.empty);
    const binary = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 7)]);
    expect((await send(school, url, binary, 'bozuk.xls')).body.message).toBe(tr.students.import.unsupported);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await send(school, url, png, 'resim.csv')).status).toBe(400);
  });

  it('does not let a spreadsheet pollute prototypes', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const file = sampleXlsx([['__proto__', 'constructor', 'prototype', '', '12/A']], ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'Şube']);
    const res = await send(school, `schools/${kit.world.school.id}/students/import/preview`, file, 'x.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.totals.error).toBe(1);
    expect(typeof ({} as Record<string, unknown>).toString).toBe('function');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'constructor')).toBe(true);
  });
});

describe('large files', () => {
  it('previews only a sample of good rows but counts them all', async () => {
    const school = await kit.as(kit.world.accounts.school);
    const many = Array.from({ length: 45 }, (_, i): SampleRow => [String(5000 + i), 'Ad', 'Soyad', '', '12/A']);
    const res = await send(school, `schools/${kit.world.school.id}/students/import/preview`, sampleCsv(many), 'x.csv');
    expect(res.body.totals).toMatchObject({ rows: 45, create: 45 });
    expect(res.body.rows).toHaveLength(45);
  });

  it('caps the preview rows: all errors first up to 1 000, then 500 good rows, in file order', () => {
    const row = (line: number, action: 'create' | 'error') => ({
      line,
      schoolNumber: String(line),
      firstName: 'A',
      lastName: 'B',
      gender: '' as const,
      branch: '12/A',
      action,
      errors: [],
    });
    const rows = Array.from({ length: 3000 }, (_, i) => row(i + 2, i % 3 === 0 ? 'error' : 'create'));
    const shown = shownRows(rows);
    expect(shown.filter((r) => r.action === 'error')).toHaveLength(1000);
    expect(shown.filter((r) => r.action === 'create')).toHaveLength(500);
    expect(shown.map((r) => r.line)).toEqual([...shown.map((r) => r.line)].sort((a, b) => a - b));
  });
});

describe('reading genders and branches', () => {
  it('understands how schools write them', () => {
    expect(['Kız', 'KIZ', 'K', 'kadın'].map(parseGender)).toEqual(['female', 'female', 'female', 'female']);
    expect(['Erkek', 'E', 'ERKEK'].map(parseGender)).toEqual(['male', 'male', 'male']);
    expect(parseGender('')).toBe('');
    expect(parseGender('?')).toBeNull();
    expect(parseBranch('12/A')).toEqual({ grade: 12, section: 'A' });
    expect(parseBranch('12-i')).toEqual({ grade: 12, section: 'İ' });
    expect(parseBranch('12 ı')).toEqual({ grade: 12, section: 'I' });
    expect(parseBranch('9. Sınıf / Ç Şubesi')).toEqual({ grade: 9, section: 'Ç' });
    expect(parseBranch('12')).toBeNull();
    expect(parseBranch('13/A')).toBeNull();
  });
});
