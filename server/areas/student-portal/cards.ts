/**
 * Login cards as a print-ready A4 PDF: ten cards a page (2 × 5, 105 × 59.4 mm, cut along the
 * grid), each with the student's name, school number, access code and a QR code of the sign-in
 * address with the school filled in. The QR codes are SVG (vector, sharp at any print size) and
 * each is also a link to the same address (a PDF reader opens it; a check counts them). The layout is Typst, the same engine the yearbook uses; everything is in the compiler's memory.
 * A branch's cards (a few dozen) compile in well under a second, so the call renders them
 * itself instead of queueing a job; the count is capped so one request can never run long.
 */
import qrcode from 'qrcode-generator';
import { tr } from '../../../common/tr';
import { compileTypst } from '../../typesetting/typst';
import type { IssuedCode } from './accessCodes';

/** The most cards one request renders (about 0.3 s for 40 on two busy cores, 0.6 s for 60). */
export const CARDS_MAX = 60;

export interface CardSheet {
  schoolName: string;
  schoolCode: string;
  branchName: string;
  /** The sign-in address the QR codes open, without the school parameter. */
  loginUrl: string;
  cards: IssuedCode[];
}

/** The address a card's QR code opens: the student sign-in with the school filled in. */
const cardUrl = (loginUrl: string, schoolCode: string) => `${loginUrl}?okul=${encodeURIComponent(schoolCode)}`;

function qrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 0, scalable: true });
}

const LAYOUT = `
#let data = json("/cards.json")
#set page(paper: "a4", margin: 0mm)
#set text(font: "Inter", size: 9pt, lang: "tr")
#let card(c) = box(width: 105mm, height: 59.4mm, stroke: (paint: luma(180), thickness: 0.3pt, dash: "dashed"), inset: 6mm)[
  #grid(columns: (1fr, 30mm), column-gutter: 4mm,
    [
      #text(size: 7.5pt, fill: luma(90))[#data.schoolName · #data.branchName] \\
      #v(1mm)
      #text(size: 12pt, weight: "bold")[#c.name] \\
      #v(1mm)
      #data.texts.schoolCode: *#data.schoolCode* \\
      #data.texts.schoolNumber: *#c.schoolNumber* \\
      #data.texts.accessCode: #text(size: 13pt, weight: "bold")[#c.code]
      #v(1.5mm)
      #text(size: 7pt, fill: luma(90))[#data.texts.hint \\ #data.loginUrl]
    ],
    link(data.qrUrl, image("/qr/" + str(c.studentId) + ".svg", width: 30mm)),
  )
]
#for chunk in data.cards.chunks(10) {
  grid(columns: 2, ..chunk.map(card))
  pagebreak(weak: true)
}
`;

export function renderCards(sheet: CardSheet): Buffer {
  const url = cardUrl(sheet.loginUrl, sheet.schoolCode);
  const texts = {
    schoolCode: tr.student.schoolCode,
    schoolNumber: tr.student.schoolNumber,
    accessCode: tr.student.accessCode,
    hint: tr.student.cards.cardHint,
  };
  return renderQrSheet({
    name: 'login cards',
    layout: LAYOUT,
    data: { ...sheet, qrUrl: url, texts },
    qrCodes: sheet.cards.map((card) => [card.studentId, url]),
  });
}

/** A printed sheet laid out by Typst: its layout reads `/cards.json` (the data) and `/qr/<id>.svg` (one QR code per id). */
export interface QrSheet {
  /** What the sheet is, for a failed compile's error. */
  name: string;
  layout: string;
  data: unknown;
  qrCodes: Array<readonly [id: number, text: string]>;
}

/** The login cards' machinery, for every printed page of codes (the parents' consent letters too). */
export function renderQrSheet(sheet: QrSheet): Buffer {
  const files: Array<readonly [string, Buffer]> = sheet.qrCodes.map(([id, text]) => [`/qr/${id}.svg`, Buffer.from(qrSvg(text))]);
  files.push(['/cards.json', Buffer.from(JSON.stringify(sheet.data))]);
  const input = {
    fontPair: 'inter-merriweather' as const,
    main: { path: '/cards.typ', source: sheet.layout },
    files,
    failure: (diagnostics: string) => new Error(`${sheet.name}: ${diagnostics}`),
  };
  return compileTypst(input, (compiler, document) => compiler.pdf(document));
}
