/**
 * Sample spreadsheets for tests and the benchmark, built here rather than committed: a CSV as
 * Turkish Excel saves it, an XLSX, and a legacy .XLS (BIFF8) laid out like e-Okul's
 * "Sınıf/Şube Öğrenci Listesi" (OOG01001R020): title rows, then per branch a class heading,
 * a column header row with merged gaps, students, and count footnotes.
 */
import * as XLSX from '@e965/xlsx';

export type SampleRow = [schoolNumber: string, firstName: string, lastName: string, gender: string, branch: string];

export function sampleCsv(rows: SampleRow[], header = ['Okul No', 'Adı', 'Soyadı', 'Cinsiyet', 'Şube']): Buffer {
  const lines = [header, ...rows].map((r) => r.join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export function sampleXlsx(rows: SampleRow[], header = ['Öğrenci No', 'Adı', 'Soyadı', 'Cinsiyeti', 'Sınıf/Şube']): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Liste');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export interface EOkulBlock {
  grade: number;
  section: string;
  students: Array<[schoolNumber: string, firstName: string, lastName: string, gender: 'Erkek' | 'Kız']>;
}

export function sampleEOkulXls(blocks: EOkulBlock[], school = 'ATATÜRK ANADOLU LİSESİ'): Buffer {
  const aoa: unknown[][] = [['T.C.'], ['ANKARA VALİLİĞİ'], ['ÇANKAYA İLÇE MİLLİ EĞİTİM MÜDÜRLÜĞÜ'], [school], ['', '', 'Sınıf/Şube Öğrenci Listesi'], []];
  for (const block of blocks) {
    aoa.push(['', `${block.grade}. Sınıf / ${block.section} Şubesi (ANADOLU LİSESİ) Sınıf Listesi`]);
    // e-Okul leaves empty merged cells between its columns.
    aoa.push(['S.No', 'Öğrenci No', '', 'Adı', '', '', 'Soyadı', '', 'Cinsiyeti']);
    block.students.forEach(([no, first, last, gender], i) => aoa.push([i + 1, Number(no), '', first, '', '', last, '', gender]));
    const boys = block.students.filter((s) => s[3] === 'Erkek').length;
    aoa.push([]);
    aoa.push(['', 'Erkek Öğrenci Sayısı :', boys]);
    aoa.push(['', 'Kız Öğrenci Sayısı :', block.students.length - boys]);
    aoa.push(['', 'Toplam Öğrenci Sayısı :', block.students.length]);
    aoa.push([]);
  }
  aoa.push(['', '', '', '', '', '', '', 'Müdür Yardımcısı']);
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sayfa1');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}
